/**
 * Whether `text` has something a person can see: not only spaces, line breaks, control
 * characters, zero-width and direction marks (Unicode format characters) or combining marks
 * with nothing to sit on. A server's text without any (a blank name, a `msg` of a zero-width
 * space) would draw as an empty heading or an empty popup.
 */
export function hasVisibleText(text: string): boolean {
  return /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}\p{Z}]/u.test(text);
}

/** `text` when it is a text with something to see ({@link hasVisibleText}), else `fallback`. */
export function visibleOr<T>(text: unknown, fallback: T): string | T {
  return typeof text === 'string' && hasVisibleText(text) ? text : fallback;
}
