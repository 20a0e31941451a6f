import { MessagesScreen } from './messages-screen';

/** /qa-messages?bot=&ind=: the question and responses of one Q&A. */
export default function QaMessagesScreen() {
  return <MessagesScreen kind="question" />;
}
