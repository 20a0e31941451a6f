import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  IconButton,
  ImageIcon,
  MoreIcon,
  SettingsIcon,
  TrashIcon,
} from '@botdeck/ui';
import { useI18n } from '../../i18n';

export interface ItemMenuProps {
  name: string;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * An editor's three-dot menu on an item card (SPEC 3): View (the preview), Edit, Delete. Its own
 * chunk: shoppers, who never see it, do not load the menu's code.
 */
export default function ItemMenu({ name, onView, onEdit, onDelete }: ItemMenuProps) {
  const { t, dir } = useI18n();
  return (
    <DropdownMenu dir={dir}>
      <DropdownMenuTrigger asChild>
        <IconButton label={t('shop.actionsFor', { name })} variant="ghost" size="sm">
          <MoreIcon />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem icon={<ImageIcon />} onSelect={onView}>
          {t('common.view')}
        </DropdownMenuItem>
        <DropdownMenuItem icon={<SettingsIcon />} onSelect={onEdit}>
          {t('common.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" icon={<TrashIcon />} onSelect={onDelete}>
          {t('common.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
