import { MessagesScreen } from './messages-screen';

/** /cmd-messages?bot=&ind=: the messages of one command. */
export default function CmdMessagesScreen() {
  return <MessagesScreen kind="command" />;
}
