import { postgresDatabase } from '@botdeck/server/postgres-testing';
import { afterAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { apiHeaders, botInSandbox, freshDataDir } from './support';

/**
 * The server killed with SIGKILL in the middle of writes, again and again, on one data folder:
 * the database opens every time, and every write the server acknowledged is there afterwards.
 * Each write is a new person adding a bot (so each has its own answer to check); a write counts
 * as acknowledged once its `success: true` answer arrived. Writes on their way when the kill
 * comes may land or not: both are fine, as long as nothing acknowledged is lost.
 */

/**
 * Kills per engine. Each costs a server start: opening PGlite took 5 to 7 s a kill in a
 * fresh-clone run beside the stories (25 kills on each engine were 354 s of the suite), a
 * PostgreSQL server's process about 1 s. So the suite makes 10 on PGlite and 25 on PostgreSQL;
 * `npm run bench -- --server --kills` makes the 200 on each (BOTDECK_KILLS=200).
 */
const KILLS_OVERRIDE = Number(process.env.BOTDECK_KILLS) || null;
/** Writes started at once, so the kill finds some of them half done. */
const IN_FLIGHT = 4;

/** A bot token Telegram could have issued, for the n-th write (no seed bot has such an id). */
const tokenOf = (n: number) => `${8_200_000_000 + n}:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDs${n}`;
const userOf = (n: number) => 500_000_000 + n;

/** The bots `userId` sees, or null when the server did not answer. */
async function botsOf(url: string, userId: number): Promise<number | null> {
  const response = await fetch(`${url}/api/selectBot`, {
    method: 'POST',
    headers: await apiHeaders(userId),
    body: JSON.stringify({ id: userId, select: true }),
  });
  const body = (await response.json()) as { success: boolean; bots?: unknown[] };
  return body.success ? (body.bots?.length ?? 0) : null;
}

/** Adds the n-th bot; true once the server said it is stored. */
async function addBot(url: string, n: number): Promise<boolean> {
  try {
    // Telegram (this server's sandbox) must know the token before getMe can accept it.
    await botInSandbox(url, {
      token: tokenOf(n),
      username: `durable_${n}_bot`,
      name: `Durable ${n}`,
    });
    const response = await fetch(`${url}/api/selectBot`, {
      method: 'POST',
      headers: await apiHeaders(userOf(n)),
      body: JSON.stringify({ id: userOf(n), api_token: tokenOf(n) }),
    });
    const body = (await response.json()) as { success?: boolean };
    return body.success === true;
  } catch {
    // The server died under this write: not acknowledged.
    return false;
  }
}

describe.each([
  { engine: 'PGlite', kills: KILLS_OVERRIDE ?? 10, settings: async () => ({}) },
  {
    engine: 'PostgreSQL',
    kills: KILLS_OVERRIDE ?? 25,
    settings: async () => ({ DATABASE_URL: await postgresDatabase() }),
  },
])('the server killed mid-write ($engine)', ({ engine, kills, settings }) => {
  const data = freshDataDir();
  afterAll(() => data.remove());

  it(
    `loses no acknowledged write over ${kills} SIGKILLs`,
    async () => {
      const env: Record<string, string> = { ...(await settings()), BOTDECK_RATE_LIMIT: 'off' };
      const acknowledged: number[] = [];
      let next = 0;
      let server: PreviewServer | null = null;
      const started = Date.now();
      try {
        for (let kill = 0; kill < kills; kill += 1) {
          // The database must open after every kill (the server answers only once it has).
          server = await startPreviewServer(data.dir, { env });
          const url = server.url;
          let stopWriting = false;
          let firstAnswer: () => void = () => undefined;
          const answered = new Promise<void>((resolve) => {
            firstAnswer = resolve;
          });
          const writer = async () => {
            while (!stopWriting) {
              const n = next;
              next += 1;
              if (await addBot(url, n)) {
                acknowledged.push(n);
                firstAnswer();
              }
            }
          };
          const writers = Array.from({ length: IN_FLIGHT }, writer);
          // Killed a random while after writes are being answered: mid-transaction, mid-commit,
          // mid-answer.
          await answered;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 150));
          server.kill();
          stopWriting = true;
          await Promise.all(writers);
          await server.stop();
          server = null;
        }
        server = await startPreviewServer(data.dir, { env });
        const url = server.url;
        const lost: number[] = [];
        for (const n of acknowledged) if ((await botsOf(url, userOf(n))) !== 1) lost.push(n);
        console.info(
          `SIGKILL mid-write (${engine}): ${kills} kills, ${next} writes started, ` +
            `${acknowledged.length} acknowledged, lost ${lost.length}; ` +
            `${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        // Each round is killed only after its first acknowledged write.
        expect(acknowledged.length).toBeGreaterThanOrEqual(kills);
        expect(lost).toEqual([]);
      } finally {
        await server?.stop();
      }
    },
    // 30 minutes for the suite's rounds; the bench's 200 take about 8 s each on a busy machine.
    Math.max(30 * 60_000, kills * 15_000),
  );
});
