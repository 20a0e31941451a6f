/** A bot's id as `?bot=` gives it; null when missing or not a positive whole number. */
export function parseBotId(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** `?ind=`: an item's place in its list, a whole number from 0; null when missing or not one. */
export function parseItemIndex(raw: string | null): number | null {
  return raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : null;
}
