import type { Plugin } from 'vite';
import { type AuthConfig, authConfigFromEnv } from '../auth';
import { createDevApi } from '../http';
import type { Store } from '../store/types';
import { createFileStore } from './file-store';
import { nodeMiddleware, reportFailure } from './node-adapter';

export interface DevApiPluginOptions {
  /** The data; the file store in `dataDir` (or .data/ at the repo root) unless given. */
  store?: Store;
  /** The file store's folder, when no store is given. */
  dataDir?: string;
  /** The auth settings; the development defaults with the BOTDECK_* overrides unless given. */
  auth?: AuthConfig | false;
}

/**
 * The connect middleware the plugin mounts: the development API over the file store. The data
 * is read once as it is mounted, so a data file that is not JSON is reported as Vite starts
 * (each call then answers the same message until the file is fixed), and one of another data
 * version is upgraded or set aside then, with its message, rather than on the first call.
 */
export function createDevApiMiddleware(options: DevApiPluginOptions = {}) {
  const store = options.store ?? createFileStore(options.dataDir ? { dir: options.dataDir } : {});
  void store.read(async () => undefined).catch(reportFailure);
  return nodeMiddleware(
    createDevApi({ store, auth: options.auth ?? authConfigFromEnv(process.env) }),
  );
}

/**
 * Serves the development API from Vite's own dev and preview servers, so `npm start` gives the
 * app and its API on one origin (the client's default base URL is the same origin).
 *
 * Importing this TypeScript file from a Vite config needs `vite --configLoader runner`; the
 * package's `@botdeck/server/vite` entry (vite-plugin.mjs) works with the default loader.
 */
export function devApi(options: DevApiPluginOptions = {}): Plugin {
  return {
    name: 'botdeck:dev-api',
    // Added directly (not in a returned function) so the API answers before Vite's own
    // middlewares, whose SPA fallback would otherwise answer /api/* with index.html.
    configureServer(server) {
      server.middlewares.use(createDevApiMiddleware(options));
    },
    configurePreviewServer(server) {
      server.middlewares.use(createDevApiMiddleware(options));
    },
  };
}
