import { ListScreen } from './list-screen';

/** /commands?bot=: the bot's commands. */
export default function CommandsScreen() {
  return <ListScreen kind="command" />;
}
