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

/**
 * /selectbot: the bots the user owns or administers. A running or stopped bot opens its
 * dashboard; a crashed one (token revoked, bot deleted) explains itself and asks for a new token.
 */
export default function SelectBotScreen() {
  const { t } = useI18n();
  const client = useApiClient();
  const [, navigate] = useLocation();
  const { report } = useErrorReport();
  const { bots, error, isLoading, addBot, reload } = useBots();
  const [tokenFor, setTokenFor] = useState<{ botId?: number } | null>(null);
  const [crashed, setCrashed] = useState<BotSummary | null>(null);
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
            title={t('selectBot.crashedTitle')}
            message={t('errors.tokenRevoked')}
            okLabel={t('common.next')}
            onOk={() => setTokenFor({ botId: crashed.id })}
          />
        ) : null}
        {tokenFor ? (
          <TokenDialog
            open
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
