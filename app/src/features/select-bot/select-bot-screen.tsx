import { type BotSummary, useApiClient, useBots } from '@botdeck/api';
import { Button, EmptyState, PlusIcon, Spinner } from '@botdeck/ui';
import { Suspense, useMemo, useState } from 'react';
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
 * /selectbot: the bots the user owns or administers. A running or stopped bot opens its
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
              if (!next) setTokenFor(null);
            }}
            onSubmit={(token) => addBot(token, tokenFor.botId)}
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
