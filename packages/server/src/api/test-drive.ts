import { ENDPOINTS } from '@botdeck/api';
import { TEXT } from '../texts';
import { access, type Context, define, fail, ok } from './kit';
import { TestDriveError, type TestDrivePerson } from './test-drive-port';

/**
 * The test drive's calls (issue 36): the owner or any admin of a bot (even one whose token was
 * revoked: the drive needs no Telegram) opens a session, acts in it, waits for what the bot does
 * next, and ends it. The sessions themselves are the server's (src/test-drive/), reached
 * through `ctx.testDrive`; none where no bot runs.
 */

/** How long a wait may be held open: under the proxies' and Telegram clients' usual 30 s. */
const TEST_DRIVE_WAIT_MS = 25_000;

/** Who drives: checked against the bot, in the language of their account. */
async function driver(ctx: Context, botId: number): Promise<TestDrivePerson> {
  return ctx.store.read(async (tx) => {
    await access(tx, ctx, botId, undefined, { allowCrashed: true });
    const account = await tx.accounts.get(ctx.userId);
    return { userId: ctx.userId, botId, language: account?.lang ?? 'en' };
  });
}

/** The port's refusals in the reader's words (a bot gone reads as any bot one does not manage). */
async function driving<T>(ctx: Context, work: () => Promise<T>): Promise<T> {
  if (!ctx.testDrive) fail(TEXT.testDrive.unavailable);
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof TestDriveError)) throw error;
    if (error.failure === 'botGone') fail(TEXT.noAccess, { nav: true });
    fail(TEXT.testDrive[error.failure]);
  }
}

const start = define(ENDPOINTS.testDrive.start, async (input, ctx) => {
  const who = await driver(ctx, input.bot_id);
  const view = await driving(ctx, () =>
    ctx.testDrive!.start(who, input.start.scene, input.start.draft ?? null),
  );
  return ok(ENDPOINTS.testDrive.start, { view });
});

const act = define(ENDPOINTS.testDrive.act, { carries: ['act'] }, async (input, ctx) => {
  const who = await driver(ctx, input.bot_id);
  const view = await driving(ctx, () =>
    ctx.testDrive!.act(who, input.session, input.act, input.draft ?? null),
  );
  return ok(ENDPOINTS.testDrive.act, { view });
});

const wait = define(ENDPOINTS.testDrive.wait, { carries: ['after'] }, async (input, ctx) => {
  const who = await driver(ctx, input.bot_id);
  const view = await driving(ctx, () =>
    ctx.testDrive!.wait(who, input.session, input.after, TEST_DRIVE_WAIT_MS),
  );
  return ok(ENDPOINTS.testDrive.wait, { view });
});

const end = define(ENDPOINTS.testDrive.end, { carries: ['end'] }, async (input, ctx) => {
  const who = await driver(ctx, input.bot_id);
  await driving(ctx, () => ctx.testDrive!.end(who, input.session));
  return ok(ENDPOINTS.testDrive.end, {});
});

export const testDriveHandlers = { testDrive: { start, act, wait, end } };
