import type { Message } from '@botdeck/api';
import { IconButton, parseTelegramHtml, TrashIcon, telegramPlainText } from '@botdeck/ui';
import { useI18n } from '../../i18n';
import styles from './messages.module.css';

export interface MessageListProps {
  /** The item's messages, in order. */
  messages: readonly Message[];
  /** The message being edited. */
  selected: number;
  /** What each entry is called: "Message 2", "Question", "Response message 1". */
  entryName: (index: number) => string;
  /** What the round marker shows: the message's number, or "?" for a Q&A's question. */
  marker: (index: number) => string;
  /** The entry being deleted, which shows busy. */
  deleting: number | null;
  /** Nothing can be deleted meanwhile: a call that changes the list is running. */
  busy: boolean;
  /** Opens a message in the editor. */
  onSelect: (index: number) => void;
  /**
   * Asks to delete a message (the screen checks the rules and confirms first); without it there
   * is no delete button (an admin who may not change messages).
   */
  onDelete?: (index: number) => void;
}

/** One line that tells the messages apart: the start of the text, else the media, else "empty". */
function useExcerpt() {
  const { t } = useI18n();
  return (message: Message) => {
    const text = (message.parse ? telegramPlainText(parseTelegramHtml(message.text)) : message.text)
      .replace(/\s+/g, ' ')
      .trim();
    if (text) return text;
    if (message.media_type && (message.media || message.ufile)) {
      return t(`mediaTypes.${message.media_type}` as const);
    }
    return t('messages.emptyMessage');
  };
}

/**
 * The messages of an item, each a button that opens it in the editor (the open one is
 * `aria-current`) with a delete button beside it when deleting is offered.
 */
export function MessageList({
  messages,
  selected,
  entryName,
  marker,
  deleting,
  busy,
  onSelect,
  onDelete,
}: MessageListProps) {
  const { t } = useI18n();
  const excerpt = useExcerpt();

  return (
    <ul className={styles.list} aria-label={t('messages.listLabel')}>
      {messages.map((message, index) => {
        const current = index === selected;
        const name = entryName(index);
        return (
          <li
            // Messages have no identity but their place, which is what the server addresses.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            className={styles.entry}
            data-state={current ? 'selected' : 'idle'}
          >
            {/* The whole visible text is the name, so what a voice-control user reads out is
                what they can say. */}
            <button
              type="button"
              className={styles.select}
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(index)}
            >
              <span className={styles.marker} aria-hidden="true">
                {marker(index)}
              </span>
              <span className={styles.entryText}>
                <span className={styles.entryName}>{name}</span>
                {/* The text in its own direction (dir="auto"), so a Latin text keeps its
                    punctuation in an Arabic row and is cut at its end, not its start; the
                    outer box, in the row's direction, puts it at the row's start. */}
                <span className={styles.excerpt}>
                  <span className={styles.excerptText} dir="auto" data-truncates="">
                    {excerpt(message)}
                  </span>
                </span>
              </span>
            </button>
            {onDelete ? (
              <IconButton
                label={t('messages.deleteLabel', { name })}
                variant="destructive"
                className={styles.delete}
                loading={deleting === index}
                disabled={busy && deleting !== index}
                onClick={() => onDelete(index)}
              >
                <TrashIcon />
              </IconButton>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
