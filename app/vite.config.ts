import { devApi } from '@botdeck/dev-server/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstFrame } from './build/first-frame-plugin';
import { screenTexts } from './build/screen-texts-plugin';

/** Telegram's WebApp script, which Telegram asks mini apps to load before their own code. */
export const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';

/**
 * Production pages load Telegram's script; development pages run the emulator instead, so the
 * script (and its request to telegram.org) is only in the build.
 */
function telegramScript(): Plugin {
  return {
    name: 'botdeck:telegram-web-app',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'script', attrs: { src: TELEGRAM_SCRIPT }, injectTo: 'head' },
    ],
  };
}

export default defineConfig({
  // devApi: the development backend on the same origin, for `npm start` and `vite preview`.
  plugins: [react(), screenTexts(), telegramScript(), firstFrame(), devApi()],
  // Locale files live at the top of the repo, outside app/.
  server: { host: '127.0.0.1', port: 5173, fs: { allow: ['..'] } },
  preview: { host: '127.0.0.1', port: 4173 },
  envDir: '..',
  build: {
    // Telegram's in-app browsers are current Chromium and WebKit; a modern target keeps it small.
    target: 'es2022',
    sourcemap: true,
    // The bench reads the manifest to tell what each route loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the first paint needs in one file: left to itself, Rolldown cuts the shell
        // into six (React, i18n, two small modules of core, its runtime helpers, the rest), and
        // each extra file costs a request and compresses worse on its own.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});
