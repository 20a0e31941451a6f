import { isApiError, useDashboard } from '@botdeck/api';
import { tierFromPro, visibleOr } from '@botdeck/core';
import { useBackButton, usePlatform } from '@botdeck/platform';
import { Badge, Banner, Button, buttonLook, EmptyState, SettingsIcon, Tile } from '@botdeck/ui';
import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { config } from '../../config';
import { useI18n } from '../../i18n';
import { useActionGuard } from '../../shell/action-guard';
import { MenuOnFirstUse, usePreloadedActionsMenu } from '../../shell/menu-on-first-use';
import { HOME_PATH, href } from '../../shell/paths';
import { PLAN_LABEL_KEYS } from '../../shell/plan-labels';
import { PrefetchLink } from '../../shell/prefetch-link';
import { ScreenLoading } from '../../shell/screen-states';
import { useBotId } from '../../shell/use-bot-id';
import styles from './dashboard.module.css';
import { DASHBOARD_TILES } from './dashboard-tiles';
import { ServerPopup } from './server-popup';
import { StoppedNotice } from './stopped-notice';
import { TileIcon } from './tile-icon';

/** /dashboard?bot=: everything an owner or admin can do with one bot, as ten tiles. */
export default function DashboardScreen() {
  const { t } = useI18n();
  const platform = usePlatform();
  const [, navigate] = useLocation();
  const botId = useBotId();
  const { dashboard, error, isLoading, startBot } = useDashboard(botId);
  const { may, guard } = useActionGuard(botId);
  const [announcement, setAnnouncement] = useState('');
  useBackButton(() => navigate(HOME_PATH));
  usePreloadedActionsMenu(dashboard !== undefined);

  if (botId === null) {
    // No bot to show: the bot list is where one is chosen (SPEC 8's nav).
    return <Redirect to={HOME_PATH} replace />;
  }
  if (isLoading) {
    return <ScreenLoading />;
  }
  if (!dashboard) {
    // The failure itself was reported (popup, then back to the bot list on `nav`). The screen
    // behind says the server's reason too (a bot not the viewer's), not a generic failure, and
    // leads to the bot list.
    return (
      <EmptyState
        title={
          isApiError(error) && error.kind === 'server' && error.msg
            ? error.msg
            : t('errors.generic')
        }
        action={<Button onClick={() => navigate(HOME_PATH)}>{t('common.back')}</Button>}
      />
    );
  }

  const tier = tierFromPro(dashboard.pro);
  const showPromo = dashboard.owner && !dashboard.pro.status;

  return (
    <section
      className={styles.screen}
      aria-labelledby="dashboard-title"
      data-error={error ? 'true' : undefined}
    >
      <header className={styles.header}>
        <div className={styles.identity}>
          <h1 id="dashboard-title" className={styles.title}>
            {/* A name with nothing to see (blank, zero-width) would leave the heading empty. */}
            {visibleOr(dashboard.name, t('app.name'))}
          </h1>
          <div className={styles.subtitle}>
            {dashboard.username ? <span dir="ltr">@{dashboard.username}</span> : null}
            <Badge variant={tier === 'free' ? 'neutral' : 'accent'}>
              {t(PLAN_LABEL_KEYS[tier])}
            </Badge>
          </div>
        </div>
        <MenuOnFirstUse
          label={t('dashboard.settings')}
          variant="ghost"
          icon={<SettingsIcon />}
          actions={[
            {
              key: 'info',
              label: t('dashboard.info'),
              onSelect: () => navigate(href('document')),
            },
            {
              key: 'upgrade',
              label: t('dashboard.upgrade'),
              onSelect: () => navigate(href('upgrade', { bot: botId })),
            },
            {
              key: 'language',
              label: t('dashboard.language'),
              onSelect: () => navigate(href('lang', { bot: botId })),
            },
            {
              key: 'share',
              label: t('dashboard.share'),
              onSelect: () => navigate(href('share', { bot: botId })),
            },
            {
              key: 'news',
              label: t('dashboard.news'),
              separatorBefore: true,
              onSelect: () => platform.openTelegramLink(config.newsChannelUrl),
            },
            {
              key: 'support',
              label: t('dashboard.support'),
              onSelect: () => platform.openTelegramLink(config.supportUrl),
            },
          ]}
        />
      </header>

      {dashboard.status === 'Suspended' ? (
        <StoppedNotice
          mayStart={may('stopBot')}
          onStart={async () => {
            await startBot();
            setAnnouncement(t('dashboard.stopped.started'));
          }}
        />
      ) : null}
      <p role="status" className={styles.announcement}>
        {announcement}
      </p>

      {showPromo ? (
        <Banner
          title={t('dashboard.promoTitle')}
          text={t('dashboard.promoText')}
          actions={
            <>
              <PrefetchLink
                href={href('share', { bot: botId })}
                {...buttonLook({ variant: 'secondary' })}
              >
                {t('dashboard.share')}
              </PrefetchLink>
              <PrefetchLink href={href('upgrade', { bot: botId })} {...buttonLook()}>
                {t('dashboard.upgrade')}
              </PrefetchLink>
            </>
          }
        />
      ) : null}

      <nav aria-label={t('dashboard.settings')}>
        <ul className={styles.tiles}>
          {DASHBOARD_TILES.map((tile) => (
            <li key={tile.id}>
              <PrefetchLink
                href={href(tile.route, { bot: botId })}
                asChild
                onClick={(event) => {
                  if ('needs' in tile && !guard(tile.needs)) event.preventDefault();
                }}
              >
                <Tile
                  href={href(tile.route, { bot: botId })}
                  icon={<TileIcon name={tile.icon} />}
                  label={t(tile.label)}
                />
              </PrefetchLink>
            </li>
          ))}
        </ul>
      </nav>

      <ServerPopup popup={dashboard.popup} />
    </section>
  );
}
