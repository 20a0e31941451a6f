// The production build (app/dist) and the development backend on one origin, in a process of
// its own, for the end-to-end suite and the benchmark. Started by `startPreviewServer`
// (preview-server.mjs) with an IPC channel: it sends its address over the channel, and it ends
// when the channel closes, so a parent that crashes or is killed takes its server with it.
import { join } from 'node:path';
import { preview } from 'vite';

const APP_DIR = join(import.meta.dirname, '..', '..', 'app');

if (!process.send) {
  console.error('preview-server-process.mjs is started by startPreviewServer, with IPC.');
  process.exit(2);
}

const server = await preview({
  root: APP_DIR,
  configFile: join(APP_DIR, 'vite.config.ts'),
  logLevel: 'warn',
  // Port 0: the system picks a free one, so runs side by side never collide.
  preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
});

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
}
process.once('disconnect', close);
process.once('SIGTERM', close);
process.once('SIGINT', close);

const { port } = server.httpServer.address();
process.send({ url: `http://127.0.0.1:${port}` });
