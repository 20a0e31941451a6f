import { useSearchParams } from 'wouter';

/** The bot a page is about, from `?bot=`; null when missing or not a positive whole number. */
export function useBotId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('bot');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
