import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { productionBuild } from './build/build-options';
import { contentSecurityPolicy } from './build/content-security-policy-plugin';
import { entryBuilds } from './build/entry-builds-plugin';
import { firstFrame } from './build/first-frame-plugin';
import { inlineShellCss } from './build/inline-css-plugin';
import { productionSecret } from './build/production-secret-plugin';
import { screenTexts } from './build/screen-texts-plugin';
import { reactSyncExternalStore } from './build/sync-external-store-plugin';

export default defineConfig({
  // The API is the server's (packages/server): `npm start` runs this config inside it.
  plugins: [
    // First: a production build without its own token secret stops before anything is built.
    productionSecret(),
    react(),
    reactSyncExternalStore(),
    screenTexts(),
    firstFrame(),
    inlineShellCss(),
    // After the plugins that write scripts into the page: it hashes them.
    contentSecurityPolicy(),
    // Last: once the app is built, builds it again for each entry screen.
    entryBuilds(),
  ],
  // Locale files live at the top of the repo, outside app/.
  server: { host: '127.0.0.1', port: 5173, fs: { allow: ['..'] } },
  preview: { host: '127.0.0.1', port: 4173 },
  envDir: '..',
  build: productionBuild,
});
