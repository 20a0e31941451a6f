import type { BotSummary } from '@botdeck/api';
import { Avatar, ChevronForwardIcon } from '@botdeck/ui';
import { useI18n } from '../../i18n';
import styles from './select-bot.module.css';

export interface BotRowProps {
  bot: BotSummary;
  /** The bot's avatar address, or null to draw its initial. */
  photoUrl: string | null;
  onOpen: (bot: BotSummary) => void;
}

/** One bot: its photo or initial, its name, and its username or why it is not running. */
export function BotRow({ bot, photoUrl, onOpen }: BotRowProps) {
  const { t } = useI18n();
  const detail =
    bot.status === 'Active'
      ? `@${bot.username}`
      : bot.status === 'Suspended'
        ? t('botStatus.stopped')
        : t('botStatus.tokenFailed');
  return (
    <li>
      <button
        type="button"
        className={styles.bot}
        data-status={bot.status}
        onClick={() => onOpen(bot)}
      >
        <Avatar id={bot.id} name={bot.name} src={photoUrl ?? undefined} size="md" />
        <span className={styles.botText}>
          <span className={styles.botName}>{bot.name}</span>
          <span className={styles.botDetail} dir={bot.status === 'Active' ? 'ltr' : undefined}>
            {detail}
          </span>
        </span>
        <ChevronForwardIcon className={styles.chevron} />
      </button>
    </li>
  );
}
