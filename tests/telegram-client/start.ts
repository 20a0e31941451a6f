/**
 * DEVELOPMENT ONLY. `npm run telegram-client`: the built app (app/dist) on the server in
 * development settings, framed by the Telegram client stand-in, for trying by hand what the end-to-end suite
 * checks (tests/e2e/telegram-clients.e2e.test.ts). Prints one address per client; Ctrl+C stops.
 */

import { fileURLToPath } from 'node:url';
import { INIT_DATA_MAX_AGE_SECONDS } from '@botdeck/core';
import { startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { type ClientLaunch, startTelegramClient } from './server';

const LAUNCHES: ReadonlyArray<[string, ClientLaunch]> = [
  ['Bot API 8.0, light', { path: '/selectbot' }],
  ['Bot API 8.0, dark', { path: '/selectbot', colorScheme: 'dark' }],
  ['Bot API 6.0, light (six theme keys, no BackButton)', { path: '/selectbot', version: '6.0' }],
  ['Bot API 6.0, dark', { path: '/selectbot', version: '6.0', colorScheme: 'dark' }],
  [
    'Bot API 8.0, a session left open overnight',
    { path: '/selectbot', authAgeSeconds: INIT_DATA_MAX_AGE_SECONDS + 60 },
  ],
];

/** Where `npm start` keeps its data too, so both show the same bots. */
const DATA_DIR =
  process.env.BOTDECK_DATA_DIR || fileURLToPath(new URL('../../.data', import.meta.url));

export async function main(): Promise<void> {
  const app = await startPreviewServer(DATA_DIR);
  const client = await startTelegramClient({ appUrl: app.url });
  console.info(`Botdeck (production build) at ${app.url}, framed by the Telegram client stand-in:`);
  for (const [name, launch] of LAUNCHES) console.info(`  ${name}: ${client.url(launch)}`);
  const stop = async () => {
    await client.stop();
    await app.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
