import { usePlatform } from '@botdeck/platform';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  IconButton,
  SettingsIcon,
} from '@botdeck/ui';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { config } from '../../config';
import { useI18n } from '../../i18n';
import type { MenuStart } from '../../shell/menu-on-first-use';
import { href } from '../../shell/paths';

/**
 * The dashboard's settings menu: information, upgrade, language, share, then Botdeck's news and
 * support. Its own chunk, mounted on first use (MenuOnFirstUse), so the dashboard's first load
 * carries none of the menu's code; it starts where the plain button left off: open, or focused.
 */
export default function SettingsMenu({
  botId,
  openAtOnce,
  focusButton,
}: MenuStart & { botId: number }) {
  const { t } = useI18n();
  const platform = usePlatform();
  const [, navigate] = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  // Only as it mounts: later renders leave the focus where the person put it.
  const focusAtMount = useRef(focusButton);
  useEffect(() => {
    if (focusAtMount.current) button.current?.focus();
  }, []);
  return (
    <DropdownMenu defaultOpen={openAtOnce}>
      <DropdownMenuTrigger asChild>
        <IconButton ref={button} label={t('dashboard.settings')} variant="ghost">
          <SettingsIcon />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => navigate(href('document'))}>
          {t('dashboard.info')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(href('upgrade', { bot: botId }))}>
          {t('dashboard.upgrade')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(href('lang', { bot: botId }))}>
          {t('dashboard.language')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(href('share', { bot: botId }))}>
          {t('dashboard.share')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => platform.openTelegramLink(config.newsChannelUrl)}>
          {t('dashboard.news')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => platform.openTelegramLink(config.supportUrl)}>
          {t('dashboard.support')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
