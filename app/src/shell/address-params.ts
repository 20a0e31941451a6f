import type { MessageSetKind } from '@botdeck/core';

/** A bot's id as `?bot=` gives it; null when missing or not a positive whole number. */
export function parseBotId(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The item a messages page is about: the start message is the one set of its kind (0); a list
 * item's place comes from `?ind=`, a whole number from 0, null when missing or not one.
 */
export function messageItemIndex(kind: MessageSetKind, raw: string | null): number | null {
  if (kind === 'startMessage') return 0;
  return raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : null;
}
