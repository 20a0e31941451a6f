import { type BotSummary, useApiClient, useBots } from '@botdeck/api';
import { Button, EmptyState, PlusIcon, Spinner } from '@botdeck/ui';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useI18n } from '../../i18n';
import { useErrorReport } from '../../shell/error-reporting';
import { lazyPart } from '../../shell/lazy-part';
import { LazyErrorDialog } from '../../shell/lazy-parts';
import { href } from '../../shell/paths';
import { uniqueKeys } from '../../shell/unique-keys';
import { BotRow } from './bot-row';
import styles from './select-bot.module.css';

// The token form (react-hook-form, a dialog) loads when it is first opened.
const TokenDialog = lazyPart(() =>
  import('../../shell/token-dialog').then((m) => m.TokenDialog),
).Part;
// A crashed bot's delete confirmation, the bot page's, loads when first opened.
const DeleteBotDialog = lazyPart(() =>
  import('../../shell/delete-bot-dialog').then((m) => m.DeleteBotDialog),
).Part;

/**
 * /selectbot: the bots the user owns or administers. A bot just added opens its dashboard. A
 * running or stopped bot opens its
 * dashboard; a crashed one (token revoked, bot deleted) explains itself, naming the bot, and
 * offers both ways on (SPEC 4): a new token, or deleting it (confirmed as on the bot page).
 */
export default function SelectBotScreen() {
  const { t } = useI18n();
  const client = useApiClient();
  const [, navigate] = useLocation();
  const { report } = useErrorReport();
  const { bots, error, isLoading, addBot, deleteBot, reload } = useBots();
  const [tokenFor, setTokenFor] = useState<{ botId?: number; name?: string } | null>(null);
  const [crashed, setCrashed] = useState<BotSummary | null>(null);
  const [deleting, setDeleting] = useState<BotSummary | null>(null);
  const botKeys = useMemo(() => uniqueKeys(bots ?? [], (bot) => bot.id), [bots]);
  // Counts the token dialog's closings (and the screen's end): an added bot's answer that comes
  // after the person closed the form or left opens nothing.
  const tokenClosings = useRef(0);
  useEffect(
    () => () => {
      tokenClosings.current += 1;
    },
    [],
  );

  const open = (bot: BotSummary) => {
    if (bot.status === 'Crashed') setCrashed(bot);
    else navigate(href('dashboard', { bot: bot.id }));
  };

  return (
    <section className={styles.screen} aria-labelledby="select-bot-title" aria-busy={isLoading}>
      <h1 id="select-bot-title" className={styles.title}>
        {t('selectBot.title')}
      </h1>

      {isLoading ? (
        <div className={styles.loading}>
          <Spinner size="lg" label={t('selectBot.loading')} />
          <p aria-hidden="true">{t('selectBot.loading')}</p>
        </div>
      ) : error && !bots ? (
        <EmptyState
          title={t('errors.generic')}
          action={
            <Button variant="secondary" onClick={() => reload()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : bots && bots.length > 0 ? (
        <ul className={styles.list}>
          {bots.map((bot, at) => (
            <BotRow
              key={botKeys[at]}
              bot={bot}
              photoUrl={bot.photo ? client.photoUrl(bot.photo, bot.id) : null}
              onOpen={open}
            />
          ))}
        </ul>
      ) : (
        <EmptyState title={t('selectBot.empty')} />
      )}

      <div className={styles.footer}>
        <Button fullWidth size="lg" onClick={() => setTokenFor({})}>
          <PlusIcon />
          {t('selectBot.createBot')}
        </Button>
      </div>

      <Suspense fallback={null}>
        {crashed ? (
          <LazyErrorDialog
            open
            onOpenChange={(next) => {
              if (!next) setCrashed(null);
            }}
            variant="error"
            title={t('selectBot.crashedTitle', { name: crashed.name })}
            message={t('errors.tokenRevoked')}
            okLabel={t('selectBot.newToken')}
            onOk={() => setTokenFor({ botId: crashed.id, name: crashed.name })}
            secondary={{ label: t('selectBot.deleteBot'), onSelect: () => setDeleting(crashed) }}
          />
        ) : null}
        {deleting ? (
          <DeleteBotDialog
            name={deleting.name}
            onOpenChange={(next) => {
              if (!next) setDeleting(null);
            }}
            onConfirm={() => {
              deleteBot(deleting.id).catch(report);
            }}
          />
        ) : null}
        {tokenFor ? (
          <TokenDialog
            open
            title={
              tokenFor.name ? t('selectBot.newTokenTitle', { name: tokenFor.name }) : undefined
            }
            onOpenChange={(next) => {
              if (next) return;
              tokenClosings.current += 1;
              setTokenFor(null);
            }}
            onSubmit={async (token) => {
              const known = new Set((bots ?? []).map((bot) => bot.id));
              const closings = tokenClosings.current;
              const answer = await addBot(token, tokenFor.botId);
              // A bot just added opens at once: its dashboard is the confirmation.
              const added =
                tokenFor.botId === undefined
                  ? answer.bots.find((bot) => !known.has(bot.id))
                  : undefined;
              if (added && closings === tokenClosings.current) {
                navigate(href('dashboard', { bot: added.id }));
              }
              return answer;
            }}
            onFatalError={(failure) => {
              setTokenFor(null);
              report(failure);
            }}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
