import type { MessageKey } from '../../i18n';

/** The ten tiles of the dashboard, in the order SPEC section 2 lists them. */
export const DASHBOARD_TILES = [
  { id: 'startMessage', path: '/startmsg', label: 'dashboard.tiles.startMessage', icon: 'message' },
  { id: 'menus', path: '/menu', label: 'dashboard.tiles.menus', icon: 'menu' },
  { id: 'questions', path: '/questions', label: 'dashboard.tiles.questions', icon: 'question' },
  { id: 'commands', path: '/commands', label: 'dashboard.tiles.commands', icon: 'command' },
  {
    id: 'startPayloads',
    path: '/startPayload',
    label: 'dashboard.tiles.startPayloads',
    icon: 'link',
  },
  { id: 'media', path: '/media', label: 'dashboard.tiles.media', icon: 'image' },
  { id: 'users', path: '/users', label: 'dashboard.tiles.users', icon: 'users' },
  { id: 'bot', path: '/bot', label: 'dashboard.tiles.bot', icon: 'bot' },
  { id: 'advanced', path: '/advanced', label: 'dashboard.tiles.advanced', icon: 'shield' },
  { id: 'shop', path: '/shop', label: 'dashboard.tiles.shop', icon: 'shop' },
] as const satisfies ReadonlyArray<{ id: string; path: string; label: MessageKey; icon: string }>;

export type DashboardTileIcon = (typeof DASHBOARD_TILES)[number]['icon'];
