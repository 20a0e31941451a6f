/**
 * Texts a database can keep and Telegram can send. Two things a JavaScript string may hold are
 * neither: U+0000 (PostgreSQL keeps no NUL in a text) and half of a surrogate pair (no UTF-8
 * can carry it; JSON can, and PostgreSQL's JSON refuses it). The server refuses requests with
 * them; data it imports has them replaced.
 */

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether `text` can be stored and sent as it is. */
export function isStorableText(text: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** `text` with U+0000 and every unpaired surrogate turned into U+FFFD (the replacement mark). */
export function toStorableText(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
}
