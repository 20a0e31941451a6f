import { type ComponentProps, Fragment, type ReactNode, useMemo } from 'react';
import { cn } from '../utils/cn';
import styles from './telegram-html.module.css';
import { parseTelegramHtml, safeHref, type TelegramNode } from './telegram-html-parse';

export interface TelegramHtmlProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** The message text as the user typed it. */
  text: string;
  /**
   * Read `text` with Telegram's HTML subset (the message's HTML-format flag). Off, every
   * character shows as typed, tags included.
   */
  html?: boolean;
}

function renderNodes(nodes: readonly TelegramNode[], path: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${path}.${index}`;
    if (node.type === 'text') return <Fragment key={key}>{node.text}</Fragment>;
    const children = renderNodes(node.children, key);
    switch (node.kind) {
      case 'bold':
        return <strong key={key}>{children}</strong>;
      case 'italic':
        return <em key={key}>{children}</em>;
      case 'underline':
        return <u key={key}>{children}</u>;
      case 'strike':
        return <s key={key}>{children}</s>;
      case 'spoiler':
        // Shown marked rather than hidden: the user is proof-reading what readers will reveal.
        return (
          <span key={key} data-slot="telegram-spoiler" className={styles.spoiler}>
            {children}
          </span>
        );
      case 'link': {
        // Checked where it is drawn too (safeHref is core's safeUrl): no target skips the check.
        const target = node.href === undefined ? null : safeHref(node.href);
        return target ? (
          <a
            key={key}
            href={target}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.link}
          >
            {children}
          </a>
        ) : (
          <Fragment key={key}>{children}</Fragment>
        );
      }
      case 'customEmoji':
        // The preview has no custom emoji to draw: it shows the emoji Telegram falls back to.
        return (
          <span key={key} data-slot="telegram-custom-emoji" data-emoji-id={node.emojiId}>
            {children}
          </span>
        );
      case 'code':
        return (
          <code key={key} data-language={node.language} className={styles.code}>
            {children}
          </code>
        );
      case 'pre':
        return (
          <pre key={key} className={styles.pre}>
            {children}
          </pre>
        );
      case 'blockquote':
        return (
          <blockquote
            key={key}
            data-expandable={node.expandable ? '' : undefined}
            className={styles.blockquote}
          >
            {children}
          </blockquote>
        );
      default:
        return node.kind satisfies never;
    }
  });
}

/**
 * A message text drawn as Telegram draws it. With `html` the text is read as Telegram's HTML
 * (bold, italic, underline, strike, spoiler, links, custom emoji, code, pre, blockquote) by
 * core's reader and built as React elements; a text Telegram would refuse shows as typed, a link
 * to anything but http, https or tg loses its target, and no markup ever reaches the DOM's HTML
 * parser. Line breaks are kept in both modes.
 */
export function TelegramHtml({ text, html = false, className, ...props }: TelegramHtmlProps) {
  const content = useMemo(
    () => (html ? renderNodes(parseTelegramHtml(text), 'n') : text),
    [text, html],
  );
  return (
    <div
      data-slot="telegram-html"
      data-format={html ? 'html' : 'plain'}
      dir="auto"
      className={cn(styles.root, className)}
      {...props}
    >
      {content}
    </div>
  );
}
