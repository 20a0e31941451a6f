import type { BotAction } from '@botdeck/core';
import type { MessageKey } from '../../i18n';
import type { RouteName } from '../../shell/paths';

/**
 * The tiles of the dashboard: the ten SPEC section 2 lists, in its order, then the test drive
 * (issue 36), which the owner and every admin may use.
 */
export const DASHBOARD_TILES = [
  { id: 'startMessage', route: 'startmsg', label: 'dashboard.tiles.startMessage', icon: 'message' },
  { id: 'menus', route: 'menu', label: 'dashboard.tiles.menus', icon: 'menu' },
  { id: 'questions', route: 'questions', label: 'dashboard.tiles.questions', icon: 'question' },
  { id: 'commands', route: 'commands', label: 'dashboard.tiles.commands', icon: 'command' },
  {
    id: 'startPayloads',
    route: 'startPayload',
    label: 'dashboard.tiles.startPayloads',
    icon: 'link',
  },
  {
    id: 'media',
    route: 'media',
    label: 'dashboard.tiles.media',
    icon: 'image',
    needs: 'changeMedia',
  },
  { id: 'users', route: 'users', label: 'dashboard.tiles.users', icon: 'users' },
  { id: 'bot', route: 'bot', label: 'dashboard.tiles.bot', icon: 'bot' },
  {
    id: 'advanced',
    route: 'advanced',
    label: 'dashboard.tiles.advanced',
    icon: 'shield',
    needs: 'changeAdvanced',
  },
  { id: 'shop', route: 'shop', label: 'dashboard.tiles.shop', icon: 'shop' },
  { id: 'testDrive', route: 'testdrive', label: 'dashboard.tiles.testDrive', icon: 'try' },
] as const satisfies ReadonlyArray<{
  id: string;
  route: RouteName;
  label: MessageKey;
  icon: string;
  /**
   * A change every control of the screen makes: without it the screen offers nothing to do, so
   * the tile shows the restricted dialog instead of opening it.
   */
  needs?: BotAction;
}>;

export type DashboardTileIcon = (typeof DASHBOARD_TILES)[number]['icon'];
