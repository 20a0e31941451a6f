import type { Plugin } from 'vite';

/**
 * How the libraries name the shim: SWR by its package path, wouter by its file (the shim's
 * `index.js`; its React Native build names `index.native.js`, which no web build reaches).
 */
const SHIMS: ReadonlySet<string> = new Set([
  'use-sync-external-store/shim',
  'use-sync-external-store/shim/index.js',
]);
const ID = '\0botdeck-sync-external-store';

/**
 * SWR and wouter import `useSyncExternalStore` from `use-sync-external-store/shim`, the stand-in
 * for React versions before 18. On React 19 that package only hands back React's own hook, but
 * its fallback still rides in the first bundle (0.7 KB gzip). The build gives them React's hook
 * directly. (Wouter's `shim/index.js` went unnoticed until issue 35: the shim stayed in the shell.)
 */
export function reactSyncExternalStore(): Plugin {
  return {
    name: 'botdeck:sync-external-store',
    enforce: 'pre',
    resolveId: (source) => (SHIMS.has(source) ? ID : null),
    load: (id) => (id === ID ? "export { useSyncExternalStore } from 'react';" : null),
  };
}
