/**
 * DEVELOPMENT ONLY. Serves the Telegram client stand-in (host/): a page on `localhost` that frames
 * a Mini App from `127.0.0.1`, a different site, as Telegram Web frames Botdeck cross-site. Each
 * page is one launch: the Mini App's URL carries the launch parameters a Telegram client puts in
 * its hash (`tgWebAppData`, `tgWebAppVersion`, `tgWebAppPlatform`, `tgWebAppThemeParams`), and the
 * page answers the app's events as a client of that version does.
 *
 * It also serves the platform probe (probe/, built by the end-to-end setup) under /probe/, from
 * 127.0.0.1, so the platform binding can be framed the same way.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import {
  BOT_API_6_0_THEME_KEYS,
  type ColorScheme,
  isVersionAtLeast,
  TELEGRAM_DARK,
  TELEGRAM_LIGHT,
  type ThemeParams,
} from '@botdeck/core';
import { launchHash } from '../../scripts/lib/telegram-stand-in.mjs';
import { DOCUMENTED_EVENTS } from './documented-events';

const HOST_DIR = join(import.meta.dirname, 'host');

export interface ClientLaunch {
  /** The Mini App's path and query, e.g. `/dashboard?bot=1`. */
  path: string;
  /** The client's Bot API version (`tgWebAppVersion`). Default 8.0. */
  version?: string;
  /** Default light. */
  colorScheme?: ColorScheme;
  /** How long ago Telegram signed the initData, in seconds. Default 0 (just opened). */
  authAgeSeconds?: number;
  /** Whether the device has biometrics, and whether the person allows this bot to use them. */
  biometry?: { available: boolean; allow: boolean };
  /** Frame the platform probe instead of the app. */
  probe?: boolean;
}

/**
 * The theme a client of `version` sends: a Bot API 6.0 client knows only six keys (no
 * `secondary_bg_color`, no section colours); later clients send Telegram's full palette.
 */
function themeFor(version: string, scheme: ColorScheme): ThemeParams {
  const palette = scheme === 'dark' ? TELEGRAM_DARK : TELEGRAM_LIGHT;
  if (isVersionAtLeast(version, '6.1')) return { ...palette };
  return Object.fromEntries(BOT_API_6_0_THEME_KEYS.map((key) => [key, palette[key]]));
}

function launchPage(launch: ClientLaunch, appUrl: string, probeUrl: string): string {
  const version = launch.version ?? '8.0';
  const colorScheme = launch.colorScheme ?? 'light';
  const authDate = Math.floor(Date.now() / 1000) - (launch.authAgeSeconds ?? 0);
  const hash = launchHash({
    version,
    platform: 'weba',
    authDate,
    themeParams: themeFor(version, colorScheme),
  });
  const base = launch.probe ? probeUrl : appUrl;
  const description = {
    src: `${base}${launch.probe ? '/index.html' : launch.path}${hash}`,
    version,
    platform: 'weba',
    colorScheme,
    themes: { light: themeFor(version, 'light'), dark: themeFor(version, 'dark') },
    knownEvents: Object.keys(DOCUMENTED_EVENTS).filter((name) =>
      isVersionAtLeast(version, DOCUMENTED_EVENTS[name]?.since ?? '99'),
    ),
    biometry: launch.biometry ?? { available: true, allow: true },
  };
  const template = readFileSync(join(HOST_DIR, 'index.html'), 'utf8');
  // `<` escaped so no value can close the script element.
  const json = JSON.stringify(description).replaceAll('<', '\\u003c');
  return template.replace(
    '<script id="launch" type="application/json">{}</script>',
    () => `<script id="launch" type="application/json">${json}</script>`,
  );
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

export interface TelegramClientServer {
  /** The client page for one launch, on `localhost`. */
  url(launch: ClientLaunch): string;
  stop(): Promise<void>;
}

/**
 * Starts the stand-in on a free port of 127.0.0.1 (the client page is reached as `localhost`,
 * the probe as `127.0.0.1`: two sites). `appUrl` is the Mini App's origin; `probeDir` the built
 * probe, when the probe is wanted.
 */
export async function startTelegramClient(options: {
  appUrl: string;
  probeDir?: string;
}): Promise<TelegramClientServer> {
  const launches = new Map<string, ClientLaunch>();
  let port = 0;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/') {
        const launch = launches.get(url.searchParams.get('launch') ?? '');
        if (!launch) {
          response.writeHead(404).end('No such launch');
          return;
        }
        response.writeHead(200, { 'Content-Type': TYPES['.html'] });
        response.end(launchPage(launch, options.appUrl, `http://127.0.0.1:${port}/probe`));
        return;
      }
      const [root, rest] = url.pathname.startsWith('/probe/')
        ? [options.probeDir, url.pathname.slice('/probe/'.length)]
        : [HOST_DIR, url.pathname.slice(1)];
      const file = root ? normalize(join(root, rest)) : '';
      if (!root || !file.startsWith(root)) {
        response.writeHead(404).end();
        return;
      }
      const body = await readFile(file);
      response.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  let counter = 0;
  return {
    url(launch) {
      const id = String(++counter);
      launches.set(id, launch);
      return `http://localhost:${port}/?launch=${id}`;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
