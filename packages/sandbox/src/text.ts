/**
 * Counting text the ways Telegram does: entity offsets and lengths in UTF-16 code units (what
 * JavaScript's `length` counts), length limits in Unicode characters (TDLib's utf8_length counts
 * code points: an emoji outside the BMP is one character of 4,096 but two units of an offset),
 * and the byte offsets of HTML errors in UTF-8.
 */

/** Unicode characters (code points), as Telegram counts a message's 4,096 and a caption's 1,024. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** Bytes of a text in UTF-8: callback data's 64, an invoice payload's 128. */
export function utf8ByteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
