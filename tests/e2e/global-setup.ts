import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Builds with Vite in `cwd`, as production (Vitest's NODE_ENV=test would build for development). */
function build(cwd: string, args: string[], what: string) {
  const result = spawnSync(
    'npx',
    ['--no-install', 'vite', 'build', '--logLevel', 'error', ...args],
    {
      cwd,
      stdio: 'inherit',
      // The development backend serves the build, and checks tokens with the development
      // secret: the build embeds it on purpose (app/build/production-secret-plugin.ts).
      env: { ...process.env, NODE_ENV: 'production', BOTDECK_ALLOW_DEVELOPMENT_TOKEN_SECRET: '1' },
    },
  );
  if (result.status !== 0)
    throw new Error(`${what} did not build; the end-to-end suite cannot run.`);
}

/**
 * The end-to-end suite drives the production build on the production server, so both are built
 * once before the tests, with the platform probe the Telegram-client tests frame
 * (tests/telegram-client/probe).
 */
export default function setup() {
  build(fileURLToPath(new URL('../../app', import.meta.url)), [], 'The app');
  // What production publishes holds no source map (SERVER.md section 2), checked on the build
  // the suite drives rather than only in its configuration.
  const dist = fileURLToPath(new URL('../../app/dist', import.meta.url));
  const maps = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.map'),
  );
  if (maps.length > 0) throw new Error(`The build published source maps: ${maps.join(', ')}`);
  // The server the tests run the app on, as `npm run serve` runs it (scripts/lib/preview-server.mjs).
  build(fileURLToPath(new URL('../../packages/server', import.meta.url)), [], 'The server');
  build(
    fileURLToPath(new URL('../telegram-client/probe', import.meta.url)),
    ['--emptyOutDir', '--base', '/probe/'],
    'The platform probe',
  );
}
