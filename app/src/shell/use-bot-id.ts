import { useSearchParams } from 'wouter';
import { parseBotId } from './address-params';

/** The bot a page is about, from `?bot=` (see {@link parseBotId}). */
export function useBotId(): number | null {
  const [params] = useSearchParams();
  return parseBotId(params.get('bot'));
}
