import { useCallback } from 'react';
import { ROUTES } from '../routes';
import { useApiClient } from './api-provider';

/** What the captcha page reports: the answer it judged, and the grid and picks it was judged on. */
export interface CaptchaAnswer {
  /** The captcha's id and its message id, from the page's address. */
  id: string;
  msg_id: string;
  /** The page's own verdict (SPEC); the server judges `grid` and `picks` itself. */
  correct: boolean;
  /** The seed the grid was drawn from; left out on the load-time check of the stored flag. */
  grid?: number;
  /** The picked cells, 0 to 8. */
  picks?: number[];
}

/** The captcha page's one call (POST /api/captcha). Nothing is cached: each answer is new. */
export function useCaptcha() {
  const client = useApiClient();
  // Stable, so the page's load-time check runs once rather than after every render.
  const verify = useCallback(
    (answer: CaptchaAnswer) => client.call(ROUTES.captcha, answer),
    [client],
  );
  return { verify };
}
