import type { Plugin } from 'vite';

const SHIM = 'use-sync-external-store/shim';
const ID = '\0botdeck-sync-external-store';

/**
 * SWR imports `useSyncExternalStore` from `use-sync-external-store/shim`, the stand-in for React
 * versions before 18. On React 19 that package only hands back React's own hook, but its fallback
 * still rides in the first bundle (0.7 KB gzip). The build gives SWR React's hook directly.
 */
export function reactSyncExternalStore(): Plugin {
  return {
    name: 'botdeck:sync-external-store',
    enforce: 'pre',
    resolveId: (source) => (source === SHIM ? ID : null),
    load: (id) => (id === ID ? "export { useSyncExternalStore } from 'react';" : null),
  };
}
