import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright';
import { telegramStandInScript } from '../../scripts/lib/telegram-stand-in.mjs';

const APP_DIR = fileURLToPath(new URL('../../app', import.meta.url));
const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';

/** A data folder of its own, so a run never touches .data/ and starts from the seed. */
export function freshDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'botdeck-e2e-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The built app and the development backend on one origin: `vite preview` serves app/dist and
 * mounts the same API handlers as `npm start`, keeping data in `dataDir`.
 */
export async function startServer(dataDir: string): Promise<RunningServer> {
  const child: ChildProcess = spawn(
    'npx',
    [
      '--no-install',
      'vite',
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--strictPort',
      'false',
    ],
    {
      cwd: APP_DIR,
      env: { ...process.env, BOTDECK_DATA_DIR: dataDir, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`vite preview did not start:\n${output}`)),
      30_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`vite preview exited (${code}):\n${output}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A phone-sized page of the app as Telegram would open it: Telegram's script is answered by a
 * stand-in that signs the demo user's initData, since this machine has no network.
 */
export async function openApp(
  browser: Browser,
  url: string,
  options: { locale?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: options.locale ?? 'en-US',
    reducedMotion: 'reduce',
  });
  await context.route(TELEGRAM_SCRIPT, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: telegramStandInScript() }),
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(url);
  return page;
}
