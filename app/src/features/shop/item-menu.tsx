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
import { useEffect, useRef } from 'react';
import { useI18n } from '../../i18n';
import type { MenuStart } from '../../shell/menu-on-first-use';

export interface ItemMenuProps extends MenuStart {
  name: string;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * An editor's three-dot menu on an item card (SPEC 3): View (the preview), Edit, Delete. Its own
 * chunk: shoppers, who never see it, do not load the menu's code. It replaces the card's plain
 * button on first use, so it starts where that button left off: open, or focused.
 */
export default function ItemMenu({
  name,
  onView,
  onEdit,
  onDelete,
  openAtOnce,
  focusButton,
}: ItemMenuProps) {
  const { t, dir } = useI18n();
  const button = useRef<HTMLButtonElement>(null);
  // Only as it mounts: later renders leave the focus where the person put it.
  const focusAtMount = useRef(focusButton);
  useEffect(() => {
    if (focusAtMount.current) button.current?.focus();
  }, []);
  return (
    <DropdownMenu dir={dir} defaultOpen={openAtOnce}>
      <DropdownMenuTrigger asChild>
        <IconButton ref={button} label={t('shop.actionsFor', { name })} variant="ghost" size="sm">
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
