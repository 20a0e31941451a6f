import {
  CAPTCHA_CATEGORIES,
  CAPTCHA_GRID_SIZE,
  CAPTCHA_LIFETIME_MS,
  CAPTCHA_MAX_REFRESHES,
  CAPTCHA_MAX_TRIES,
} from '@botdeck/core';
import { describe, expect, it, vi } from 'vitest';
import { captchaTargets } from '../captcha/grid';
import { createCaptcha } from '../captcha/newcomer';
import { seededRandom } from '../captcha/random';
import { runEndpoint } from '../dispatch';
import { createDevApi } from '../http';
import { createSeed, DEMO_USER_ID, OTHER_OWNER_ID, SEED_BOTS, SEED_GROUP_ID } from '../seed';
import { createMemoryStore, type MemoryStore } from '../store/memory';
import type { Store } from '../store/types';
import { TEXT } from '../texts';
import { madeUpTelegram } from './made-up-telegram';
import { call, NOW } from './testing';

const demo = { id: 'demo-captcha', msg_id: '42' };
/** Someone in the group who is not the newcomer the captcha was made for. */
const stranger = OTHER_OWNER_ID;

/** The cells the server drew the category in, read from its own record (0 to 8). */
async function rightPicks(store: Store, id = demo.id): Promise<number[]> {
  const captcha = await store.read((tx) => tx.captchas.get(id));
  if (!captcha) throw new Error(`no captcha ${id}`);
  return captchaTargets(captcha);
}

function wrongPicks(right: readonly number[]): number[] {
  const wrong = Array.from({ length: CAPTCHA_GRID_SIZE }, (_, cell) => cell).find(
    (cell) => !right.includes(cell),
  );
  return [wrong as number];
}

/** A newcomer's captcha made at `now` the way the bot runtime makes one, its message sent. */
async function newcomer(store: Store, userId: number, now = NOW) {
  const { id } = await store.write((tx) =>
    createCaptcha(tx, { botId: SEED_BOTS.pro, chatId: SEED_GROUP_ID, userId, now }),
  );
  await store.write((tx) => tx.captchas.setMessage(id, 7001));
  return { id, msg_id: '7001' };
}

async function grid(
  store: Store,
  address: { id: string; msg_id: string } = demo,
  userId: number = DEMO_USER_ID,
  ask: 'current' | 'new' = 'current',
) {
  return call(store, 'captchaGrid', { ...address, grid: ask }, userId);
}

const INVALID = { success: false, msg: TEXT.captchaInvalid, close: true };

describe('the grid the server draws', () => {
  it('shows the newcomer a category and nine picture addresses that name nothing', async () => {
    const store = createMemoryStore();
    const reply = await grid(store);
    expect(reply.body).toMatchObject({ success: true, passed: false });
    const shown = reply.body.grid as { category: string; pictures: string[] };
    expect(CAPTCHA_CATEGORIES).toContain(shown.category);
    expect(shown.pictures).toHaveLength(9);
    expect(new Set(shown.pictures).size).toBe(9);
    for (const url of shown.pictures) {
      // A root path ending in 128 random bits: no category, scene, cell or drawing in it.
      expect(url).toMatch(/^\/captcha\/pictures\/[A-Za-z0-9_-]{22}$/);
      for (const category of CAPTCHA_CATEGORIES) expect(url).not.toContain(category);
    }
    // Nothing else in the answer: no seed, no scene, no description unless asked.
    expect(Object.keys(reply.body.grid as object).sort()).toEqual([
      'category',
      'pictures',
      'refreshes_left',
    ]);
  });

  it('gives every newcomer a grid of its own, from the server’s randomness', async () => {
    const store = createMemoryStore();
    const first = await newcomer(store, 900001);
    const second = await newcomer(store, 900002);
    const a = (await grid(store, first, 900001)).body.grid as { pictures: string[] };
    const b = (await grid(store, second, 900002)).body.grid as { pictures: string[] };
    expect(a.pictures.filter((url) => b.pictures.includes(url))).toEqual([]);
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.id).not.toBe(second.id);
  });

  it('describes the pictures in words only when asked', async () => {
    const store = createMemoryStore();
    const reply = await call(store, 'captchaGrid', { ...demo, grid: 'current', describe: true });
    const shown = reply.body.grid as { descriptions: string[] };
    expect(shown.descriptions).toHaveLength(9);
    for (const key of shown.descriptions) expect(key).toMatch(/^p\d+$/);
  });

  it('refuses a seed or a grid sent by the page', async () => {
    const store = createMemoryStore();
    const reply = await call(store, 'captchaGrid', { ...demo, grid: 4242 });
    expect(reply.status).toBe(400);
  });
});

describe('the pictures the server serves', () => {
  async function fetchPicture(api: ReturnType<typeof createDevApi>, url: string) {
    const response = await api.handle(new Request(`http://localhost${url}`));
    if (!response) throw new Error(`no answer for ${url}`);
    return response;
  }

  it('serves each picture as an uncached SVG that names nothing, and no two alike', async () => {
    const store = createMemoryStore();
    const api = createDevApi({ store, telegram: madeUpTelegram, auth: false, now: () => NOW });
    const other = await newcomer(store, 900003);
    const urls = [
      ...((await grid(store)).body.grid as { pictures: string[] }).pictures,
      ...((await grid(store, other, 900003)).body.grid as { pictures: string[] }).pictures,
    ];
    const bodies: string[] = [];
    for (const url of urls) {
      const response = await fetchPicture(api, url);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('image/svg+xml');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      const svg = await response.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      // Only paths and groups: no element kind, id, class, title or text to read a scene from.
      expect(svg.match(/<(\w+)/g)?.filter((tag) => !['<svg', '<path', '<g'].includes(tag))).toEqual(
        [],
      );
      for (const category of CAPTCHA_CATEGORIES) expect(svg).not.toContain(category);
      bodies.push(svg);
    }
    // Two grids of the same set of twenty scenes share some: yet no two pictures are the same bytes.
    expect(new Set(bodies).size).toBe(18);
  });

  it('serves the same bytes at one address, and nothing once its grid is gone', async () => {
    const store = createMemoryStore();
    const api = createDevApi({ store, telegram: madeUpTelegram, auth: false, now: () => NOW });
    const [url] = ((await grid(store)).body.grid as { pictures: string[] }).pictures;
    const once = await (await fetchPicture(api, url as string)).text();
    expect(await (await fetchPicture(api, url as string)).text()).toBe(once);
    await grid(store, demo, DEMO_USER_ID, 'new');
    expect((await fetchPicture(api, url as string)).status).toBe(404);
    expect((await fetchPicture(api, '/captcha/pictures/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('serves nothing of a captcha passed or past its deadline', async () => {
    const store = createMemoryStore();
    let time = NOW;
    const api = createDevApi({ store, telegram: madeUpTelegram, auth: false, now: () => time });
    const other = await newcomer(store, 900004);
    const [open] = ((await grid(store, other, 900004)).body.grid as { pictures: string[] })
      .pictures;
    expect((await fetchPicture(api, open as string)).status).toBe(200);
    time = NOW + CAPTCHA_LIFETIME_MS;
    expect((await fetchPicture(api, open as string)).status).toBe(404);

    const [mine] = ((await grid(store)).body.grid as { pictures: string[] }).pictures;
    await call(store, 'captcha', { ...demo, correct: true, picks: await rightPicks(store) });
    time = NOW;
    expect((await fetchPicture(api, mine as string)).status).toBe(404);
  });
});

describe('answering a captcha', () => {
  it('passes the right picks once, and tells the bot after the write is kept', async () => {
    const store = createMemoryStore();
    const passed = vi.fn(async () => {
      // Called after the write: the store already says passed.
      const record = await store.read((tx) => tx.captchas.get(demo.id));
      expect(record?.status).toBe('passed');
    });
    const picks = await rightPicks(store);
    const reply = await runEndpoint(
      'captcha',
      { userId: DEMO_USER_ID, body: { ...demo, correct: true, picks }, now: NOW },
      store,
      { telegram: madeUpTelegram, onCaptchaPassed: passed },
    );
    expect(reply.body).toMatchObject({ success: true, msg: TEXT.captchaSuccess });
    expect(passed).toHaveBeenCalledTimes(1);
    expect(passed).toHaveBeenCalledWith({
      botId: SEED_BOTS.pro,
      chatId: SEED_GROUP_ID,
      userId: DEMO_USER_ID,
      messageId: 42,
    });
  });

  it('never passes a solved captcha again, by anyone', async () => {
    const store = createMemoryStore();
    const picks = await rightPicks(store);
    await call(store, 'captcha', { ...demo, correct: true, picks });
    const again = await call(store, 'captcha', { ...demo, correct: true, picks });
    expect(again.body).toMatchObject(INVALID);
    const replayed = await call(store, 'captcha', { ...demo, correct: true, picks }, stranger);
    expect(replayed.body).toMatchObject(INVALID);
    // The newcomer opening the page again sees it passed: the server's record, not a flag.
    expect((await grid(store)).body).toMatchObject({ success: true, passed: true });
    expect((await grid(store, demo, stranger)).body).toMatchObject(INVALID);
  });

  it('refuses anyone but the newcomer: the grid, a refresh and the right picks', async () => {
    const store = createMemoryStore();
    const picks = await rightPicks(store);
    expect((await grid(store, demo, stranger)).body).toMatchObject(INVALID);
    expect((await grid(store, demo, stranger, 'new')).body).toMatchObject(INVALID);
    const reply = await call(store, 'captcha', { ...demo, correct: true, picks }, stranger);
    expect(reply.body).toMatchObject(INVALID);
    const record = await store.read((tx) => tx.captchas.get(demo.id));
    expect(record).toMatchObject({ status: 'pending', tries: 0, refreshes: 0 });
  });

  it('answers wrong picks with the failure and a new grid, and counts the try', async () => {
    const store = createMemoryStore();
    const before = (await grid(store)).body.grid as { pictures: string[] };
    const reply = await call(store, 'captcha', {
      ...demo,
      correct: true,
      picks: wrongPicks(await rightPicks(store)),
    });
    expect(reply.body).toEqual({ success: false, msg: TEXT.captchaFailed });
    const after = (await grid(store)).body.grid as { pictures: string[] };
    expect(after.pictures.filter((url) => before.pictures.includes(url))).toEqual([]);
    expect(await store.read((tx) => tx.captchas.get(demo.id))).toMatchObject({ tries: 1 });
  });

  it('takes no picks, or `correct: true` alone, as a wrong answer', async () => {
    const store = createMemoryStore();
    const reply = await call(store, 'captcha', { ...demo, correct: true });
    expect(reply.body).toMatchObject({ success: false, msg: TEXT.captchaFailed });
    const empty = await call(store, 'captcha', { ...demo, correct: true, picks: [] });
    expect(empty.body).toMatchObject({ success: false, msg: TEXT.captchaFailed });
  });

  it(`is over after ${CAPTCHA_MAX_TRIES} wrong answers: even the right picks then`, async () => {
    const store = createMemoryStore();
    for (let attempt = 1; attempt < CAPTCHA_MAX_TRIES; attempt++) {
      const reply = await call(store, 'captcha', {
        ...demo,
        correct: true,
        picks: wrongPicks(await rightPicks(store)),
      });
      expect(reply.body).toEqual({ success: false, msg: TEXT.captchaFailed });
    }
    const last = await call(store, 'captcha', {
      ...demo,
      correct: true,
      picks: wrongPicks(await rightPicks(store)),
    });
    expect(last.body).toEqual({ success: false, msg: TEXT.captchaFailed, close: true });
    const right = await call(store, 'captcha', {
      ...demo,
      correct: true,
      picks: await rightPicks(store),
    });
    expect(right.body).toMatchObject(INVALID);
    // Its deadline is now: the bot's scheduler removes the newcomer at once.
    const due = await store.write((tx) => tx.captchas.due(NOW, 10));
    expect(due.map((c) => c.id)).toEqual([demo.id]);
  });

  it(`gives ${CAPTCHA_MAX_REFRESHES} new grids, then refuses another`, async () => {
    const store = createMemoryStore();
    for (let left = CAPTCHA_MAX_REFRESHES - 1; left >= 0; left--) {
      const reply = await grid(store, demo, DEMO_USER_ID, 'new');
      expect(reply.body.grid).toMatchObject({ refreshes_left: left });
    }
    const refused = await grid(store, demo, DEMO_USER_ID, 'new');
    expect(refused.body).toEqual({ success: false, msg: TEXT.captchaNoMoreGrids });
    // The grid shown stays answerable.
    const reply = await call(store, 'captcha', {
      ...demo,
      correct: true,
      picks: await rightPicks(store),
    });
    expect(reply.body.success).toBe(true);
  });

  it('refuses a captcha from its deadline on, and one the bot has handled', async () => {
    const store = createMemoryStore();
    const address = await newcomer(store, DEMO_USER_ID);
    const picks = await rightPicks(store, address.id);
    const late = await runEndpoint(
      'captcha',
      {
        userId: DEMO_USER_ID,
        body: { ...address, correct: true, picks },
        now: NOW + CAPTCHA_LIFETIME_MS,
      },
      store,
      { telegram: madeUpTelegram },
    );
    expect(late.body).toMatchObject(INVALID);
    const justInTime = await runEndpoint(
      'captchaGrid',
      {
        userId: DEMO_USER_ID,
        body: { ...address, grid: 'current' },
        now: NOW + CAPTCHA_LIFETIME_MS - 1,
      },
      store,
      { telegram: madeUpTelegram },
    );
    expect(justInTime.body.success).toBe(true);
    const handled = await call(store, 'captcha', {
      id: 'expired-captcha',
      msg_id: '44',
      correct: true,
      picks: await rightPicks(store, 'expired-captcha'),
    });
    expect(handled.body).toMatchObject(INVALID);
  });

  it('refuses an unknown id, another message id, and a captcha whose message was never sent', async () => {
    const store = createMemoryStore();
    const unsent = await store.write((tx) =>
      createCaptcha(tx, {
        botId: SEED_BOTS.pro,
        chatId: SEED_GROUP_ID,
        userId: DEMO_USER_ID,
        now: NOW,
      }),
    );
    for (const address of [
      { id: 'nobody', msg_id: '42' },
      { id: demo.id, msg_id: '99' },
      { id: unsent.id, msg_id: 'null' },
    ]) {
      expect((await grid(store, address)).body).toMatchObject(INVALID);
    }
  });

  it('refuses a captcha of a bot that has since turned its captcha off', async () => {
    const seed = createSeed();
    const bot = seed.bots.find((b) => b.id === SEED_BOTS.pro);
    if (bot) bot.advanced.captcha.enable = false;
    const store: MemoryStore = createMemoryStore(seed);
    expect((await grid(store)).body).toMatchObject(INVALID);
  });

  it('answers 400 for a cell out of the grid', async () => {
    const store = createMemoryStore();
    const reply = await call(store, 'captcha', { ...demo, correct: true, picks: [9] });
    expect(reply.status).toBe(400);
  });
});

describe('what the bot runtime calls', () => {
  it('makes a captcha for one newcomer, open 5 minutes, its grid drawn', async () => {
    const store = createMemoryStore();
    const { id } = await store.write((tx) =>
      createCaptcha(
        tx,
        { botId: SEED_BOTS.pro, chatId: SEED_GROUP_ID, userId: 900005, now: NOW },
        seededRandom(5),
      ),
    );
    const record = await store.read((tx) => tx.captchas.get(id));
    expect(record).toMatchObject({
      bot_id: SEED_BOTS.pro,
      chat_id: SEED_GROUP_ID,
      user_id: 900005,
      message_id: null,
      created_at: NOW,
      expires_at: NOW + CAPTCHA_LIFETIME_MS,
      status: 'pending',
      tries: 0,
      refreshes: 0,
    });
    expect(record?.pictures).toHaveLength(9);
    expect(await store.write((tx) => tx.captchas.setMessage(id, 55))).toBe(true);
    expect(await store.write((tx) => tx.captchas.setMessage('nobody', 55))).toBe(false);
    expect((await store.read((tx) => tx.captchas.get(id)))?.message_id).toBe(55);
  });

  it('hands the scheduler the captchas past their deadline, until marked handled', async () => {
    const store = createMemoryStore();
    const { id } = await newcomer(store, 900006);
    expect(await store.write((tx) => tx.captchas.due(NOW + CAPTCHA_LIFETIME_MS - 1, 10))).toEqual(
      [],
    );
    const due = await store.write((tx) => tx.captchas.due(NOW + CAPTCHA_LIFETIME_MS, 10));
    expect(due.map((c) => c.id)).toEqual([id]);
    await store.write((tx) => tx.captchas.markHandled(id));
    expect(await store.write((tx) => tx.captchas.due(NOW + CAPTCHA_LIFETIME_MS, 10))).toEqual([]);
    expect((await store.read((tx) => tx.captchas.get(id)))?.status).toBe('expired');
  });
});
