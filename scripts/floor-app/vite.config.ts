// The bench's floor app (docs/testing.md, "Performance"), built with the app's own Vite settings:
// the same React plugin, SWR's hook from React, and the production build options.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { productionBuild } from '../../app/build/build-options.ts';
import { reactSyncExternalStore } from '../../app/build/sync-external-store-plugin.ts';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), reactSyncExternalStore()],
  logLevel: 'warn',
  build: { ...productionBuild, emptyOutDir: true },
});
