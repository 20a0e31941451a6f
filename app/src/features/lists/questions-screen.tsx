import { ListScreen } from './list-screen';

/** /questions?bot=: the bot's Q&A replies. */
export default function QuestionsScreen() {
  return <ListScreen kind="question" />;
}
