import {
  BotIcon,
  CheckCircleIcon,
  CommandIcon,
  ImageIcon,
  LinkIcon,
  MenuIcon,
  MessageIcon,
  QuestionIcon,
  ShieldIcon,
  ShopIcon,
  UsersIcon,
} from '@botdeck/ui';
import type { DashboardTileIcon } from './dashboard-tiles';

const ICONS = {
  message: MessageIcon,
  menu: MenuIcon,
  question: QuestionIcon,
  command: CommandIcon,
  link: LinkIcon,
  image: ImageIcon,
  users: UsersIcon,
  bot: BotIcon,
  shield: ShieldIcon,
  shop: ShopIcon,
  try: CheckCircleIcon,
} as const satisfies Record<DashboardTileIcon, unknown>;

export function TileIcon({ name }: { name: DashboardTileIcon }) {
  const Icon = ICONS[name];
  return <Icon size={24} />;
}
