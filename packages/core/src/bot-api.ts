/**
 * Bot API versions as Telegram clients report them (`WebApp.version`: "6.0", "7.10", "8.0"):
 * dot-separated numbers compared part by part, so 6.10 is after 6.9 and a missing part is 0.
 * Telegram's own `isVersionAtLeast` answers for the real client; this one answers for the
 * emulator, which plays a client of any version.
 */
export function isVersionAtLeast(version: string, minimum: string): boolean {
  const have = version.split('.').map(Number);
  const want = minimum.split('.').map(Number);
  for (let index = 0; index < Math.max(have.length, want.length); index += 1) {
    const a = have[index] ?? 0;
    const b = want[index] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

/** The first Bot API version with Telegram's BackButton (SPEC: below it, an in-page back). */
export const BACK_BUTTON_SINCE = '6.1';
