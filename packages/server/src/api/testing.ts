import { type EndpointName, runEndpoint } from '../dispatch';
import { DEMO_USER_ID } from '../seed';
import type { Store } from '../store/types';
import type { HandlerPorts } from './kit';
import { madeUpTelegram } from './made-up-telegram';

/** What the handlers' tests share: a fixed clock, a well-formed token, and a JSON call. */

export const NOW = Date.UTC(2026, 0, 15);

export const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

/** Calls `name` with a JSON body as `userId` (Dana unless given), at NOW. */
export function call(
  store: Store,
  name: EndpointName,
  body: object,
  userId: number = DEMO_USER_ID,
  ports: Partial<HandlerPorts> = {},
) {
  return runEndpoint(name, { userId, body, now: NOW }, store, {
    telegram: madeUpTelegram,
    ...ports,
  });
}
