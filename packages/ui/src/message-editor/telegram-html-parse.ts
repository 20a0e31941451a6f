import { readTelegramHtml, safeUrl, type TelegramNode } from '@botdeck/core';

/*
 * Telegram's HTML as a screen draws it. Reading it is @botdeck/core's rule (`readTelegramHtml`,
 * which refuses what Telegram would refuse); this adds only what showing it needs: a text
 * Telegram would refuse comes back as the characters typed, and a link keeps its target only
 * when a browser may safely open it. Nothing here reaches an HTML parser: the renderer builds
 * React elements from the tree.
 */

export type {
  TelegramElementNode,
  TelegramEntityKind,
  TelegramNode,
  TelegramTextNode,
} from '@botdeck/core';

/**
 * The link target if it is one a chat would open (http, https, tg), else null: core's `safeUrl`,
 * the app's one check of a URL, which reads it as a browser does ("java\tscript:" is refused).
 * A path of the app is refused too: a message's link names a place on the web.
 */
export function safeHref(raw: string): string | null {
  return safeUrl(raw, { telegram: true, paths: false });
}

/** The tree with every link target made safe: one that is not keeps its text and loses its target. */
function withSafeLinks(nodes: readonly TelegramNode[]): TelegramNode[] {
  return nodes.map((node) => {
    if (node.type === 'text') return node;
    const { href, ...element } = node;
    const safe = href === undefined ? null : safeHref(href);
    return { ...element, ...(safe ? { href: safe } : {}), children: withSafeLinks(node.children) };
  });
}

/**
 * Parses a message text with Telegram's HTML into the tree a reader sees. A text Telegram would
 * refuse (core's rule says why) comes back whole as the characters typed, so a list can still
 * show what was written; the message editor says what is wrong instead of drawing it.
 */
export function parseTelegramHtml(source: string): TelegramNode[] {
  const reading = readTelegramHtml(source);
  if (reading.problem) return source ? [{ type: 'text', text: source }] : [];
  return withSafeLinks(reading.nodes);
}

/** The text a reader sees, tags removed: what counts towards nothing but helps tests. */
export function telegramPlainText(nodes: readonly TelegramNode[]): string {
  return nodes
    .map((node) => (node.type === 'text' ? node.text : telegramPlainText(node.children)))
    .join('');
}
