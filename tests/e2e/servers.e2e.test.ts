import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDataDir } from './support';

const PREVIEW_SERVER = fileURLToPath(
  new URL('../../scripts/lib/preview-server.mjs', import.meta.url),
);

/** Whether anything still answers at `url`. */
const answers = (url: string) =>
  fetch(url).then(
    () => true,
    () => false,
  );

describe('the suite’s servers', () => {
  const data = freshDataDir();
  afterAll(() => data.remove());

  it('end with a run that crashes, leaving no port taken', async () => {
    // A stand-in for a test process: it starts a server, prints its address and waits.
    const source = `import { startPreviewServer } from ${JSON.stringify(PREVIEW_SERVER)};
      const server = await startPreviewServer(${JSON.stringify(data.dir)});
      console.log(server.url);
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', source], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      parent.once('exit', (code) => reject(new Error(`the parent ended first (${code})`)));
    });
    expect(await answers(`${url}/selectbot`)).toBe(true);

    // The parent dies without a chance to clean up, as a crashed or killed run does.
    parent.kill('SIGKILL');

    await expect.poll(() => answers(`${url}/selectbot`), { timeout: 10_000 }).toBe(false);
  });
});
