import {
  EMOJI_EFFECT_SYMBOLS,
  type EmojiEffect,
  findTelegramHtmlProblem,
  type KeyboardRows,
  type MediaType,
  safeUrl,
} from '@botdeck/core';
import { cva } from 'class-variance-authority';
import { type ComponentProps, useMemo } from 'react';
import { ExternalLinkIcon, ImageIcon } from '../icons';
import { cn } from '../utils/cn';
import styles from './message-preview.module.css';
import { TelegramHtml } from './telegram-html';

/** What the preview shows of the message's media. */
export interface MessagePreviewMedia {
  /** How Telegram sends it: a photo or video is drawn large, audio and files as a chip. */
  type: MediaType;
  /** Where the picture can be loaded from (photo only): a stored URL or a local blob URL. */
  url?: string | null;
  /** The file's name, shown on video, audio and file chips. */
  name?: string;
}

/** The preview's visible texts. */
export interface MessagePreviewLabels {
  /** The preview's accessible name. */
  preview: string;
  /** Shown in the bubble while the message has neither text nor media. */
  empty: string;
  /** Shown instead of the message when Telegram would refuse its HTML (and send nothing). */
  refused: string;
  /** The accessible name of the photo. */
  photo: string;
  /** The caption of a video without a name. */
  video: string;
  /** The caption of an audio without a name. */
  audio: string;
  /** The caption of a file without a name. */
  file: string;
  /** The accessible name of the inline keyboard. */
  keyboard: string;
  /** The effect's accessible name, given the effect's name. */
  effect: (name: string) => string;
  /** The name of each emoji effect. */
  effects: Record<EmojiEffect, string>;
}

export const DEFAULT_MESSAGE_PREVIEW_LABELS: MessagePreviewLabels = {
  preview: 'Message preview',
  empty: 'Your message will appear here.',
  refused:
    'Telegram would refuse this message because of a mistake in its HTML, and the bot would send nothing.',
  photo: 'Photo',
  video: 'Video',
  audio: 'Audio',
  file: 'File',
  keyboard: 'Buttons',
  effect: (name) => `Effect: ${name}`,
  effects: { none: 'None', party: 'Party', heart: 'Heart', thumbsUp: 'Thumbs up', fire: 'Fire' },
};

export const messagePreviewVariants = cva(styles.root, {
  variants: {
    media: { none: null, photo: styles.large, video: styles.large, audio: null, file: null },
  },
  defaultVariants: { media: 'none' },
});

export interface MessagePreviewProps extends Omit<ComponentProps<'figure'>, 'children'> {
  /** The text or caption. */
  text: string;
  /** Read the text with Telegram's HTML subset (the message's HTML-format flag). */
  html?: boolean;
  /** The media above the text, or null for a text message. */
  media?: MessagePreviewMedia | null;
  /** The inline keyboard under the bubble, row by row. */
  buttons?: KeyboardRows;
  /** The emoji effect Telegram plays when the message arrives; shown as a badge. */
  effect?: EmojiEffect;
  /** Texts to replace the English defaults, key by key. */
  labels?: Partial<MessagePreviewLabels>;
}

function MediaBlock({
  media,
  labels,
}: {
  media: MessagePreviewMedia;
  labels: MessagePreviewLabels;
}) {
  // The photo's URL is the server's (or the object URL of a file being picked): drawn only from an
  // http(s) URL, a root path or this page's blob URL; any other leaves the placeholder.
  const photoUrl = safeUrl(media.url, { blobOrigin: globalThis.location?.origin });
  switch (media.type) {
    case 'photo':
      return photoUrl ? (
        <img
          data-slot="message-preview-photo"
          src={photoUrl}
          alt={labels.photo}
          className={styles.photo}
        />
      ) : (
        <div
          data-slot="message-preview-photo"
          role="img"
          aria-label={labels.photo}
          className={styles.placeholder}
        >
          <ImageIcon aria-hidden="true" />
        </div>
      );
    case 'video':
      return (
        <div data-slot="message-preview-video" className={styles.video}>
          <span aria-hidden="true" className={styles.play}>
            ▶
          </span>
          <span className={styles.videoName}>{media.name || labels.video}</span>
        </div>
      );
    case 'audio':
    case 'file':
      return (
        <div data-slot={`message-preview-${media.type}`} className={styles.chip}>
          <span aria-hidden="true" className={styles.chipIcon}>
            {media.type === 'audio' ? '▶' : '🗎'}
          </span>
          <span className={styles.chipName}>
            {media.name || (media.type === 'audio' ? labels.audio : labels.file)}
          </span>
        </div>
      );
    default:
      return media.type satisfies never;
  }
}

/**
 * A message drawn as a Telegram chat bubble: the media on top, the text (Telegram HTML or
 * plain) under it, the effect's emoji as a badge on the bubble's corner and the inline keyboard
 * under the bubble, row by row. A text in HTML mode that Telegram would refuse is not drawn: the
 * bubble says the message would be refused. It mirrors in RTL through logical properties only.
 */
export function MessagePreview({
  text,
  html = false,
  media = null,
  buttons = [],
  effect = 'none',
  labels: labelsProp,
  className,
  ...props
}: MessagePreviewProps) {
  const labels = { ...DEFAULT_MESSAGE_PREVIEW_LABELS, ...labelsProp };
  // Telegram refuses the whole message, media and buttons included: the bubble says so instead.
  const refused = useMemo(() => html && findTelegramHtmlProblem(text) !== null, [html, text]);
  const shownMedia = refused ? null : media;
  const symbol = refused ? undefined : EMOJI_EFFECT_SYMBOLS[effect];
  const rows = refused ? [] : buttons.filter((row) => row.length > 0);
  const empty = !text && !media;

  return (
    <figure
      data-slot="message-preview"
      data-media={shownMedia?.type ?? 'none'}
      data-effect={effect}
      data-refused={refused ? '' : undefined}
      aria-label={labels.preview}
      className={cn(messagePreviewVariants({ media: shownMedia?.type ?? 'none' }), className)}
      {...props}
    >
      <div data-slot="message-preview-bubble" className={styles.bubble}>
        {shownMedia ? <MediaBlock media={shownMedia} labels={labels} /> : null}
        {refused ? (
          <p data-slot="message-preview-refused" className={styles.refused}>
            {labels.refused}
          </p>
        ) : text ? (
          <TelegramHtml text={text} html={html} className={styles.text} />
        ) : empty ? (
          <p data-slot="message-preview-empty" className={styles.empty}>
            {labels.empty}
          </p>
        ) : null}
        {symbol ? (
          <span
            data-slot="message-preview-effect"
            role="img"
            aria-label={labels.effect(labels.effects[effect])}
            className={styles.effect}
          >
            {symbol}
          </span>
        ) : null}
      </div>
      {rows.length > 0 ? (
        // A picture of the keyboard, not the keyboard: the buttons do nothing here.
        <ul
          data-slot="message-preview-keyboard"
          aria-label={labels.keyboard}
          className={styles.keyboard}
        >
          {rows.map((row, rowIndex) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
              key={rowIndex}
              data-slot="message-preview-row"
              className={styles.row}
            >
              {row.map((button, index) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: two buttons may share a name.
                  key={index}
                  data-slot="message-preview-button"
                  data-type={button.type}
                  className={styles.button}
                >
                  {/* A name too long for its tile ends in "…", as in Telegram. */}
                  <span data-truncates="" className={styles.buttonText}>
                    {button.text}
                  </span>
                  {button.type === 'Url' || button.type === 'Start Payload' ? (
                    <ExternalLinkIcon aria-hidden="true" className={styles.buttonIcon} />
                  ) : null}
                </span>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}
