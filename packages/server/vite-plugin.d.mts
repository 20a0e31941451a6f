import type { Plugin } from 'vite';

export interface DevApiPluginOptions {
  /** The data folder (data file and uploads/); `.data` at the repo root by default. */
  dataDir?: string;
  /** The auth settings; the development defaults with the BOTDECK_* overrides unless given. */
  auth?: { botToken: string; tokenSecret: string; maxAgeSeconds?: number } | false;
}

/** Serves the development API from Vite's dev and preview servers (same origin as the app). */
export function devApi(options?: DevApiPluginOptions): Plugin;
