import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AuthConfig, authConfigFromEnv } from '../auth';
import { createDevApi, type DevApiOptions, json } from '../http';
import type { Store } from '../store/types';
import { DataFileError } from './data-file-error';
import { createFileStore } from './file-store';
import { nodeMiddleware, sendResponse } from './node-adapter';

/** The standalone development API server: the same handlers as MSW and the Vite plugin. */

export const DEFAULT_PORT = 8787;
/** Loopback only: the development server trusts a fixed secret and must not face a network. */
export const HOST = '127.0.0.1';

export interface DevServerOptions {
  store?: Store;
  auth?: AuthConfig | false;
  /** 0 picks a free port (tests). */
  port?: number;
  onRequest?: DevApiOptions['onRequest'];
}

/**
 * Starts the server once its data is readable: the data is read before it listens, so a data
 * file that is not JSON rejects here (a DataFileError) and nothing ever listens, and one of
 * another version is upgraded or set aside now.
 */
export async function startDevServer(
  options: DevServerOptions = {},
): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const store = options.store ?? createFileStore();
  await store.read(async () => undefined);
  const api = createDevApi({
    store,
    auth: options.auth ?? authConfigFromEnv(process.env),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
  });
  const middleware = nodeMiddleware(api);
  const server = createServer((req, res) => {
    // The app may run on another origin (VITE_API_BASE_URL pointing here): allow its calls,
    // including the preflight its custom headers cause. Development only, loopback only.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Vary', 'Origin');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Telegram-Init-Data',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    void middleware(req, res, () => {
      void sendResponse(res, json({ success: false, msg: 'Not found' }, 404));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://${HOST}:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * `npm run dev-server`: serves the API from .data/ until stopped (BOTDECK_API_PORT sets the
 * port). A data file that is not JSON stops it before it listens: the message names the file,
 * line and column, and the exit code is 1.
 */
export async function main(): Promise<void> {
  const store = createFileStore();
  const port = Number(process.env.BOTDECK_API_PORT) || DEFAULT_PORT;
  let started: Awaited<ReturnType<typeof startDevServer>>;
  try {
    started = await startDevServer({ store, port });
  } catch (error) {
    if (!(error instanceof DataFileError)) throw error;
    console.error(`${error.message}\nThe development API did not start.`);
    process.exitCode = 1;
    return;
  }
  const { url, close } = started;
  console.info(`Botdeck development API on ${url} (data: ${store.dataFile})`);
  const stop = () => {
    void close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
