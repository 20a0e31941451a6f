import { useSearchParams } from 'wouter';

/** A bot's id as `?bot=` gives it; null when missing or not a positive whole number. */
export function parseBotId(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The bot a page is about, from `?bot=` (see {@link parseBotId}). */
export function useBotId(): number | null {
  const [params] = useSearchParams();
  return parseBotId(params.get('bot'));
}
