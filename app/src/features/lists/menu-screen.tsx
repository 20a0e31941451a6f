import { ListScreen } from './list-screen';

/** /menu?bot=: the bot's menus. */
export default function MenuScreen() {
  return <ListScreen kind="menu" />;
}
