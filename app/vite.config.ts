import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { productionBuild } from './build/build-options';
import { firstFrame } from './build/first-frame-plugin';
import { inlineShellCss } from './build/inline-css-plugin';
import { productionSecret } from './build/production-secret-plugin';
import { screenTexts } from './build/screen-texts-plugin';
import { reactSyncExternalStore } from './build/sync-external-store-plugin';

/** Telegram's WebApp script, which Telegram asks mini apps to load before their own code. */
export const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';

/**
 * Production pages load Telegram's script; development pages run the emulator instead, so the
 * script (and its request to telegram.org) is only in the build.
 *
 * It is deferred: a plain script in <head> stops the parser until it has arrived, which held the
 * first paint back by its whole download. Deferred, it still runs before any of the app's code,
 * as Telegram asks: deferred scripts and module scripts run in the order of the document once it
 * is parsed, and it comes first in <head>. The only code that runs earlier is the first frame's
 * inline script, which never touches `Telegram.WebApp` (it reads the launch parameters from the
 * address, boot/launch-params.ts) and leaves the address as it found it for Telegram's script.
 */
function telegramScript(): Plugin {
  return {
    name: 'botdeck:telegram-web-app',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'script', attrs: { src: TELEGRAM_SCRIPT, defer: true }, injectTo: 'head-prepend' },
    ],
  };
}

export default defineConfig({
  // The API is the server's (packages/server): `npm start` runs this config inside it.
  plugins: [
    // First: a production build without its own token secret stops before anything is built.
    productionSecret(),
    react(),
    reactSyncExternalStore(),
    screenTexts(),
    telegramScript(),
    firstFrame(),
    inlineShellCss(),
  ],
  // Locale files live at the top of the repo, outside app/.
  server: { host: '127.0.0.1', port: 5173, fs: { allow: ['..'] } },
  preview: { host: '127.0.0.1', port: 4173 },
  envDir: '..',
  build: productionBuild,
});
