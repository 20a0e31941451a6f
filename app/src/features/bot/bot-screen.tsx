import { type BotInfo, roleOf, useApiClient, useBotInfo, useBots } from '@botdeck/api';
import type { BotRole, ConfirmAction } from '@botdeck/core';
import { useBackButton, usePlatform } from '@botdeck/platform';
import {
  Avatar,
  Badge,
  BanIcon,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ShieldIcon,
  Switch,
  UsersIcon,
} from '@botdeck/ui';
import { type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import botPageTexts from '../../../../locales/en.json?screen=botPage';
import { type MessageKey, ScreenTexts, useI18n } from '../../i18n';
import '../../i18n/validation-texts';
import { useActionGuard } from '../../shell/action-guard';
import { useErrorReport } from '../../shell/error-reporting';
import { lazyPart } from '../../shell/lazy-part';
import { HOME_PATH, href } from '../../shell/paths';
import { PrefetchLink } from '../../shell/prefetch-link';
import frame from '../../shell/screen.module.css';
import { ScreenHeader } from '../../shell/screen-header';
import { ScreenLoading, ScreenUnavailable } from '../../shell/screen-states';
import { useBiometricConfirmation } from '../../shell/use-biometric-confirmation';
import { useBotId } from '../../shell/use-bot-id';
import styles from './bot.module.css';

// Dialogs load when first opened: the typed confirmation and the token form (shared with /selectbot).
const TypedConfirmDialog = lazyPart(() =>
  import('@botdeck/ui/confirm-dialog').then((m) => m.TypedConfirmDialog),
).Part;
const TokenDialog = lazyPart(() =>
  import('../../shell/token-dialog').then((m) => m.TokenDialog),
).Part;

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { botPage: botPageTexts };

const TITLE_ID = 'bot-title';

/**
 * /bot?bot=: one bot's identity and status, its people counted (each count opens its tab of
 * /users), its two settings, and the danger zone: stop or start, delete. Stop and delete are
 * confirmed with biometrics where the device has them, else with a typed phrase (SPEC 4 and 6).
 * A crashed bot offers a new token and delete. Only what the viewer may do is offered: Delete
 * (and a new token) is the owner's, Stop and Start need stop_bot.
 */
export default function BotScreen() {
  return (
    <ScreenTexts english={ENGLISH}>
      <BotPage />
    </ScreenTexts>
  );
}

/** The screen itself, inside its texts. */
function BotPage() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const botId = useBotId();
  const { info, isLoading, act, reload } = useBotInfo(botId);
  // The page's own answer tells the viewer's role, for a page opened at its address.
  const role = useMemo(() => roleOf(info), [info]);
  const [deleted, setDeleted] = useState(false);
  // A crashed bot has no dashboard to go back to: its page leads to the bot list.
  const leave =
    botId === null || info?.status === 'Crashed' ? HOME_PATH : href('dashboard', { bot: botId });
  useBackButton(() => navigate(leave));

  const header = <ScreenHeader id={TITLE_ID} title={t('botPage.title')} />;

  if (botId === null) {
    return (
      <section className={frame.screen} aria-labelledby={TITLE_ID}>
        {header}
        <ScreenUnavailable onBack={() => navigate(HOME_PATH, { replace: true })} />
      </section>
    );
  }
  // After a delete the page is forgotten while the app heads for the bot list.
  if (isLoading || deleted) {
    return (
      <section className={frame.screen} aria-labelledby={TITLE_ID} aria-busy="true">
        {header}
        <ScreenLoading />
      </section>
    );
  }
  if (!info) {
    // The failure itself was reported in a popup (and `nav` already went back to the bot list).
    return (
      <section className={frame.screen} aria-labelledby={TITLE_ID}>
        {header}
        <ScreenUnavailable onRetry={() => reload()} onBack={() => navigate(leave)} />
      </section>
    );
  }

  return (
    <section className={frame.screen} aria-labelledby={TITLE_ID}>
      {header}
      <BotDetails
        botId={botId}
        info={info}
        role={role}
        act={act}
        reload={reload}
        onDeleted={() => {
          setDeleted(true);
          navigate(HOME_PATH, { replace: true });
        }}
      />
    </section>
  );
}

type Act = ReturnType<typeof useBotInfo>['act'];

interface BotDetailsProps {
  botId: number;
  info: BotInfo;
  /** The viewer's role as the page's answer tells it (undefined: the server decides). */
  role: BotRole | undefined;
  act: Act;
  reload: () => unknown;
  /** The server deleted the bot: leave for the bot list. */
  onDeleted: () => void;
}

const STATUS_BADGES = {
  Active: { label: 'botPage.active', variant: 'success' },
  Suspended: { label: 'botStatus.stopped', variant: 'warning' },
  Crashed: { label: 'botStatus.tokenFailed', variant: 'danger' },
} as const satisfies Record<
  BotInfo['status'],
  { label: MessageKey; variant: 'success' | 'warning' | 'danger' }
>;

/** The loaded page: identity, people, settings and the danger zone. */
function BotDetails({ botId, info, role, act, reload, onDeleted }: BotDetailsProps) {
  const { t } = useI18n();
  const client = useApiClient();
  const platform = usePlatform();
  const { report } = useErrorReport();
  const { may, guard } = useActionGuard(botId, role);
  const [confirming, setConfirming] = useState<ConfirmAction | null>(null);
  const [busy, setBusy] = useState<'stop' | 'start' | 'delete' | null>(null);
  const [repairing, setRepairing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const stopCheck = useBiometricConfirmation(t('botPage.danger.stopReason', { name: info.name }));
  const deleteCheck = useBiometricConfirmation(
    t('botPage.danger.deleteReason', { name: info.name }),
  );

  const crashed = info.status === 'Crashed';
  const stopped = info.status === 'Suspended';
  const mayStop = may('stopBot');
  const mayDelete = may('deleteBot');
  const badge = STATUS_BADGES[info.status];

  // Stop and Start replace each other: once the status changes, focus moves from the button
  // that went away to the one that came, rather than dropping to the page.
  const toggleButton = useRef<HTMLButtonElement>(null);
  /** The status whose arrival moves the focus to the new button; null when none is awaited. */
  const focusOnStatus = useRef<BotInfo['status'] | null>(null);
  useEffect(() => {
    if (focusOnStatus.current !== info.status) return;
    focusOnStatus.current = null;
    toggleButton.current?.focus();
  }, [info.status]);

  const switchRunning = async (action: 'stop' | 'start') => {
    setBusy(action);
    focusOnStatus.current = action === 'stop' ? 'Suspended' : 'Active';
    try {
      await act(action === 'stop' ? { stop: true } : { start: true });
      setAnnouncement(t(action === 'stop' ? 'botPage.danger.stopped' : 'botPage.danger.started'));
    } catch (error) {
      focusOnStatus.current = null;
      report(error);
    } finally {
      setBusy(null);
    }
  };
  const runStop = () => switchRunning('stop');
  const runStart = () => {
    if (busy || !guard('stopBot')) return;
    switchRunning('start');
  };

  const runDelete = async () => {
    setBusy('delete');
    try {
      await act({ delete_bot: true });
      onDeleted();
    } catch (error) {
      setBusy(null);
      report(error);
    }
  };

  const ask = (action: ConfirmAction) => {
    if (busy || !guard(action === 'stop' ? 'stopBot' : 'deleteBot')) return;
    setAnnouncement('');
    setConfirming(action);
  };

  const counts = [
    { tab: 'users', count: info.users_count, label: 'botPage.counts.users', icon: <UsersIcon /> },
    {
      tab: 'admins',
      count: info.admins_count,
      label: 'botPage.counts.admins',
      icon: <ShieldIcon />,
    },
    { tab: 'banned', count: info.banned_count, label: 'botPage.counts.banned', icon: <BanIcon /> },
  ] as const;

  return (
    <>
      <Card>
        <div className={styles.identity}>
          <Avatar
            id={botId}
            name={info.name}
            src={info.photo ? client.photoUrl(info.photo, botId) : null}
            size="xl"
          />
          <div className={styles.identityText}>
            <h2 id="bot-name" className={styles.name}>
              {info.name}
            </h2>
            <span className={styles.username} dir="ltr">
              @{info.username}
            </span>
            <span className={styles.status}>
              <span className={styles.visuallyHidden}>
                {t('botPage.status', { status: t(badge.label) })}
              </span>
              <Badge variant={badge.variant} aria-hidden="true" data-status={info.status}>
                {t(badge.label)}
              </Badge>
            </span>
          </div>
        </div>
        <nav aria-label={t('botPage.people')}>
          <ul className={styles.counts}>
            {counts.map(({ tab, count, label, icon }) => (
              <li key={tab}>
                {crashed ? (
                  // The people pages cannot load while the token is broken.
                  <span className={styles.count}>
                    {icon}
                    {t(label, { count })}
                  </span>
                ) : (
                  <PrefetchLink className={styles.count} href={href('users', { bot: botId, tab })}>
                    {icon}
                    {t(label, { count })}
                  </PrefetchLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </Card>

      {crashed ? (
        <Card role="region" aria-labelledby="bot-crashed-title" data-tone="danger">
          <CardHeader>
            <CardTitle id="bot-crashed-title">{t('botPage.crashed.title')}</CardTitle>
            <CardDescription>{t('errors.tokenRevoked')}</CardDescription>
          </CardHeader>
          {may('replaceToken') ? (
            <Button
              onClick={() => {
                if (guard('replaceToken')) setRepairing(true);
              }}
            >
              {t('botPage.crashed.newToken')}
            </Button>
          ) : null}
        </Card>
      ) : (
        <BotSettings botId={botId} info={info} role={role} act={act} />
      )}

      {mayStop || mayDelete ? (
        <Card role="region" aria-labelledby="bot-danger-title" className={styles.danger}>
          <CardHeader>
            <CardTitle id="bot-danger-title">{t('botPage.danger.title')}</CardTitle>
          </CardHeader>
          {crashed || !mayStop ? null : stopped ? (
            <DangerAction
              hint={t('botPage.danger.startHint')}
              action={
                <Button ref={toggleButton} loading={busy === 'start'} onClick={runStart}>
                  {t('botPage.danger.start')}
                </Button>
              }
            />
          ) : (
            <DangerAction
              hint={t('botPage.danger.stopHint')}
              action={
                <Button
                  ref={toggleButton}
                  variant="secondary"
                  loading={busy === 'stop'}
                  onClick={() => ask('stop')}
                >
                  {t('botPage.danger.stop')}
                </Button>
              }
            />
          )}
          {mayDelete ? (
            <DangerAction
              hint={t('botPage.danger.deleteHint')}
              action={
                <Button
                  variant="destructive"
                  loading={busy === 'delete'}
                  onClick={() => ask('delete')}
                >
                  {t('botPage.danger.delete')}
                </Button>
              }
            />
          ) : null}
          <p role="status" className={styles.announcement}>
            {announcement}
          </p>
        </Card>
      ) : null}

      <Suspense fallback={null}>
        {confirming ? (
          <TypedConfirmDialog
            open
            onOpenChange={(open) => {
              if (!open) setConfirming(null);
            }}
            action={confirming}
            biometric={confirming === 'stop' ? stopCheck : deleteCheck}
            title={t(
              confirming === 'stop' ? 'botPage.danger.stopTitle' : 'botPage.danger.deleteTitle',
              { name: info.name },
            )}
            text={t(
              confirming === 'stop' ? 'botPage.danger.stopHint' : 'botPage.danger.deleteHint',
            )}
            confirmLabel={t(
              confirming === 'stop' ? 'botPage.danger.stop' : 'botPage.danger.delete',
            )}
            cancelLabel={t('common.cancel')}
            phraseLabel={t(
              confirming === 'stop' ? 'confirmPhrase.stopLabel' : 'confirmPhrase.deleteLabel',
            )}
            checkingText={t('botPage.danger.checking')}
            failedText={t('errors.verificationFailed')}
            deniedText={t('errors.biometricDenied')}
            openSettingsLabel={t('errors.openSettings')}
            onOpenSettings={() => platform.biometric.openSettings()}
            formatError={(issue) => t(issue.key, issue.values)}
            onConfirm={confirming === 'stop' ? runStop : runDelete}
          />
        ) : null}
        {repairing ? (
          <RepairTokenDialog
            botId={botId}
            onClose={() => setRepairing(false)}
            onRepaired={() => reload()}
          />
        ) : null}
      </Suspense>
    </>
  );
}

/** One action of the danger zone: what it does, then its button. */
function DangerAction({ hint, action }: { hint: string; action: ReactNode }) {
  return (
    <div className={styles.dangerAction}>
      <p className={styles.hint}>{hint}</p>
      {action}
    </div>
  );
}

interface BotSettingsProps {
  botId: number;
  info: BotInfo;
  role: BotRole | undefined;
  act: Act;
}

type Settings = { drop: boolean; notice: boolean };

/**
 * Drop pending updates and notify new users. A toggle saves at once; while it saves the
 * switches show the new value and take no other change; a refused save puts the switch back
 * and the reason is shown.
 */
function BotSettings({ botId, info, role, act }: BotSettingsProps) {
  const { t } = useI18n();
  const { report } = useErrorReport();
  const { guard } = useActionGuard(botId, role);
  const [saving, setSaving] = useState<Settings | null>(null);
  const [status, setStatus] = useState('');
  const shown: Settings = saving ?? { drop: info.drop, notice: info.notice };

  const change = async (key: keyof Settings, value: boolean) => {
    if (saving || !guard('changeBotSettings')) return;
    const next = { ...shown, [key]: value };
    setSaving(next);
    setStatus(t('common.saving'));
    try {
      await act({ set: next });
      setStatus(t('botPage.settings.saved'));
    } catch (error) {
      setStatus('');
      report(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card role="region" aria-labelledby="bot-settings-title">
      <CardHeader>
        <CardTitle id="bot-settings-title">{t('botPage.settings.title')}</CardTitle>
      </CardHeader>
      <CardContent className={styles.settings} aria-busy={saving ? 'true' : undefined}>
        <Switch
          label={t('botPage.settings.drop')}
          description={t('botPage.settings.dropHint')}
          checked={shown.drop}
          onCheckedChange={(value) => change('drop', value)}
        />
        <Switch
          label={t('botPage.settings.notice')}
          description={t('botPage.settings.noticeHint')}
          checked={shown.notice}
          onCheckedChange={(value) => change('notice', value)}
        />
        <p role="status" className={styles.announcement}>
          {status}
        </p>
      </CardContent>
    </Card>
  );
}

interface RepairTokenDialogProps {
  botId: number;
  onClose: () => void;
  /** The bot has its new token: load its page again. */
  onRepaired: () => unknown;
}

/**
 * The token dialog of /selectbot for this crashed bot. It reads the bot list (useBots) only
 * once it is open, so the page itself loads with one request.
 */
function RepairTokenDialog({ botId, onClose, onRepaired }: RepairTokenDialogProps) {
  const { t } = useI18n();
  const { report } = useErrorReport();
  const { addBot } = useBots();
  return (
    <TokenDialog
      open
      title={t('botPage.crashed.newToken')}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onSubmit={async (token) => {
        const answer = await addBot(token, botId);
        await onRepaired();
        return answer;
      }}
      onFatalError={(failure) => {
        onClose();
        report(failure);
      }}
    />
  );
}
