import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The end-to-end suite drives the production build, so it is built once before the tests. */
export default function setup() {
  const app = fileURLToPath(new URL('../../app', import.meta.url));
  const build = spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'error'], {
    cwd: app,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite build a development bundle (with the
    // emulator); the suite must drive what ships.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0)
    throw new Error('The app did not build; the end-to-end suite cannot run.');
}
