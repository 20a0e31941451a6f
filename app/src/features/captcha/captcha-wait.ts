import { CAPTCHA_VERIFY_DELAY_MS } from '@botdeck/core';
import { createContext } from 'react';

/**
 * How long the page waits before it checks the stored flag, and shows the checkmark before it
 * closes: the spec's two seconds. Stories that are about something else shorten it (the suite
 * would otherwise sit idle four seconds in each); the stories about the wait keep it whole.
 */
export const CaptchaWaitContext = createContext<number>(CAPTCHA_VERIFY_DELAY_MS);
