import { MessagesScreen } from './messages-screen';

/** /sp-messages?bot=&ind=: the messages of one start payload. */
export default function SpMessagesScreen() {
  return <MessagesScreen kind="startPayload" />;
}
