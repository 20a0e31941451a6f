import { MessagesScreen } from './messages-screen';

/** /menu-messages?bot=&ind=: the messages of one menu. */
export default function MenuMessagesScreen() {
  return <MessagesScreen kind="menu" />;
}
