import { useCallback } from 'react';
import { ROUTES } from '../routes';
import { useApiClient } from './api-provider';

/** A captcha's id and its message id, from the page's address. */
interface CaptchaAddress {
  id: string;
  msg_id: string;
}

/** What the captcha page answers: the cells picked in the grid the server showed. */
export interface CaptchaAnswer extends CaptchaAddress {
  /** The spec's field; the server judges `picks` itself and never trusts this. */
  correct: boolean;
  /** The picked cells, 0 to 8. */
  picks: number[];
}

/** Which grid the page asks for: the one shown, or a new one (Refresh). */
export interface CaptchaGridAsk extends CaptchaAddress {
  grid: 'current' | 'new';
  /** Each cell's description key too, for the described mode. */
  describe?: boolean;
}

/** The captcha page's calls (POST /api/captcha). Nothing is cached: each answer is new. */
export function useCaptcha() {
  const client = useApiClient();
  // Stable, so the page's load-time call runs once rather than after every render.
  const verify = useCallback(
    (answer: CaptchaAnswer) => client.call(ROUTES.captcha, answer),
    [client],
  );
  const loadGrid = useCallback(
    (ask: CaptchaGridAsk) => client.call(ROUTES.captchaGrid, ask),
    [client],
  );
  return { verify, loadGrid };
}
