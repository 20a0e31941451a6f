// Serves the production build with the development backend (preview-server-process.mjs) for the
// end-to-end suite and the benchmark. The server is a direct child, not behind npx, so stopping
// it stops the process that holds the port.
import { fork } from 'node:child_process';

const SERVER_SCRIPT = new URL('./preview-server-process.mjs', import.meta.url);
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

/**
 * Starts a server on a free port of 127.0.0.1 keeping its data in `dataDir`, and resolves once
 * it answers with `{ url, stop }`. `stop()` resolves when the process has ended.
 */
export function startPreviewServer(dataDir) {
  const child = fork(SERVER_SCRIPT, [], {
    // Not the parent's Node flags: a test runner's loaders have no business in the server.
    execArgv: [],
    env: { ...process.env, BOTDECK_DATA_DIR: dataDir, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(`The preview server did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`),
      );
    }, START_TIMEOUT_MS);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve({ url: message.url, stop });
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The preview server ended (exit ${code}) before it answered:\n${output}`));
    });
  });
}
