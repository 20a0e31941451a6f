import { MessagesScreen } from './messages-screen';

/** /startmsg?bot=: the messages the bot sends on /start. */
export default function StartMessageScreen() {
  return <MessagesScreen kind="startMessage" />;
}
