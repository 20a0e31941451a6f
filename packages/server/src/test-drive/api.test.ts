import { TEST_DRIVE_FILES_PATH, type TestDriveView } from '@botdeck/api';
import { afterEach, describe, expect, it } from 'vitest';
import { madeUpTelegram } from '../api/made-up-telegram';
import { createDevApi } from '../http';
import { createSeed, DEMO_USER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store/memory';
import { TEXT } from '../texts';
import { createTestDrive, type TestDrive } from './sessions';

/**
 * The test drive through the API as the app calls it: the handlers check who may drive the bot
 * and word the sessions' refusals, and the chat's files are served at the session's address.
 */

const drives: TestDrive[] = [];
afterEach(async () => {
  await Promise.all(drives.splice(0).map((drive) => drive.close()));
});

function serve(options: { withDrive?: boolean; devRoutes?: boolean } = {}) {
  const store = createMemoryStore(createSeed());
  const drive =
    options.withDrive === false
      ? null
      : createTestDrive({
          store,
          appUrl: () => 'https://app.botdeck.test',
          filesPath: TEST_DRIVE_FILES_PATH,
          log: () => undefined,
        });
  if (drive) drives.push(drive);
  const api = createDevApi({
    store,
    telegram: madeUpTelegram,
    auth: false,
    ...(options.devRoutes === false ? { devRoutes: false } : {}),
    ...(drive ? { testDrive: drive } : {}),
  });
  const post = async (body: Record<string, unknown>) => {
    const response = await api.handle(
      new Request('http://localhost/api/testDrive', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return (await response?.json()) as { success: boolean; msg?: string; view?: TestDriveView };
  };
  const get = (path: string) => api.handle(new Request(`http://localhost${path}`));
  return { post, get };
}

const id = DEMO_USER_ID;
const bot_id = SEED_BOTS.free;

describe('POST /api/testDrive', () => {
  it('opens a session, acts in it and ends it', async () => {
    const { post } = serve();
    const started = await post({ id, bot_id, start: { scene: 'private' } });
    expect(started).toMatchObject({ success: true, view: { scene: 'private', started: false } });
    const session = started.view?.session;
    const answered = await post({ id, bot_id, session, act: { type: 'send', text: '/about' } });
    expect(answered.view?.items.at(-1)).toMatchObject({
      from: 'bot',
      html: 'A bakery bot made with Botdeck.',
    });
    expect(await post({ id, bot_id, session, end: true })).toEqual({ success: true });
    expect(
      await post({ id, bot_id, session, act: { type: 'send', text: '/about' } }),
    ).toMatchObject({ success: false, msg: TEXT.testDrive.gone });
  });

  it('lets the owner and every admin drive, whatever their permissions, and nobody else', async () => {
    const { post } = serve();
    // Dana is an admin of the other owner's bot with two permissions only.
    expect(await post({ id, bot_id: SEED_BOTS.admin, start: { scene: 'group' } })).toMatchObject({
      success: true,
    });
    // A crashed bot (its token revoked) can still be tried: the drive needs no Telegram.
    expect(
      await post({ id, bot_id: SEED_BOTS.crashed, start: { scene: 'private' } }),
    ).toMatchObject({ success: true });
    expect(await post({ id, bot_id: 8, start: { scene: 'private' } })).toMatchObject({
      success: false,
      msg: TEXT.noAccess,
      nav: true,
    });
  });

  it('words what the session refuses', async () => {
    const { post } = serve();
    const started = await post({ id, bot_id, start: { scene: 'private' } });
    const session = started.view?.session;
    expect(
      await post({
        id,
        bot_id,
        session,
        act: { type: 'press', message_id: 77, row: 0, column: 0 },
      }),
    ).toEqual({ success: false, msg: TEXT.testDrive.notHere });
    expect(await post({ id, bot_id, session, act: { type: 'join' } })).toEqual({
      success: false,
      msg: TEXT.testDrive.notHere,
    });
    // A session is its bot's: another bot's id does not reach it.
    expect(await post({ id, bot_id: SEED_BOTS.pro, session, act: { type: 'start' } })).toEqual({
      success: false,
      msg: TEXT.testDrive.gone,
    });
  });

  it('says so on a server without test drives', async () => {
    const { post } = serve({ withDrive: false });
    expect(await post({ id, bot_id, start: { scene: 'private' } })).toEqual({
      success: false,
      msg: TEXT.testDrive.unavailable,
    });
  });
});

describe('GET /test-drive/files/', () => {
  it('serves a picture of the chat at its session’s address, and nothing elsewhere', async () => {
    const { post, get } = serve();
    const started = await post({ id, bot_id, start: { scene: 'group' } });
    const session = started.view?.session;
    await post({ id, bot_id, session, act: { type: 'join' } });
    const posted = await post({ id, bot_id, session, act: { type: 'post', kind: 'photo' } });
    const photo = posted.view?.items.findLast((item) => item.kind === 'message');
    const url = photo?.kind === 'message' ? photo.media?.url : null;
    expect(url).toMatch(/^\/test-drive\/files\/[\w-]+\/[\w-]+$/);
    const picture = await get(url as string);
    expect(picture?.status).toBe(200);
    expect(picture?.headers.get('content-type')).toBe('image/png');
    expect(picture?.headers.get('cache-control')).toContain('private');
    expect((await get('/test-drive/files/nokey/nofile'))?.status).toBe(404);
    expect((await get(`${url}/more`))?.status).toBe(404);
  });
});

describe('GET /dev/test-drive', () => {
  it('gives a session’s chat as its sandbox keeps it, in development only', async () => {
    const { post, get } = serve();
    const started = await post({ id, bot_id, start: { scene: 'group' } });
    const session = started.view?.session ?? '';
    await post({ id, bot_id, session, act: { type: 'join' } });
    await post({ id, bot_id, session, act: { type: 'send', text: 'hello' } });
    const response = await get(`/dev/test-drive?session=${session}`);
    const body = (await response?.json()) as { chat: Array<Record<string, unknown>> };
    expect(body.chat.at(-1)).toMatchObject({ from: 'tester', text: 'hello', deleted: false });
    expect(body.chat.map((message) => message.kind)).toContain('new_chat_members');
    expect((await get('/dev/test-drive?session=nope'))?.status).toBe(404);

    // A bot with join requirements: the chats its session holds, the tester in none yet.
    const pixel = await post({ id, bot_id: SEED_BOTS.pro, start: { scene: 'private' } });
    const required = await get(`/dev/test-drive?session=${pixel.view?.session}`);
    const answer = (await required?.json()) as { chats: unknown } | undefined;
    expect(answer?.chats).toEqual([
      { username: 'pixel_news', title: 'Pixel News', tester: 'none' },
    ]);

    const production = serve({ devRoutes: false });
    const theirs = await production.post({ id, bot_id, start: { scene: 'private' } });
    expect((await production.get(`/dev/test-drive?session=${theirs.view?.session}`))?.status).toBe(
      404,
    );
  });
});
