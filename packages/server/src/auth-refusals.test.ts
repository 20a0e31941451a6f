import { createAuthToken } from '@botdeck/api';
import {
  LIST_ITEM_KINDS,
  LIST_ITEMS,
  MESSAGES_API_PATHS,
  noPermissions,
  signInitData,
} from '@botdeck/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { madeUpTelegram } from './api/made-up-telegram';
import { DEV_BOT_TOKEN, DEV_TOKEN_SECRET } from './auth';
import { claimedUserId, ENDPOINT_BY_NAME, type EndpointName, endpointFor } from './dispatch';
import { createDevApi } from './http';
import { DEMO_USER, DEMO_USER_ID, SEED_BOTS } from './seed';
import { createMemoryStore, type MemoryStore } from './store/memory';

/**
 * Every call of the contract (ENDPOINTS), sent as the app sends it, is refused without initData,
 * with expired or forged initData, and when validly signed by someone else who claims Dana's id
 * or reaches for one of her bots. Adding a call to ENDPOINTS without a case here fails the first
 * test.
 */

const NOW = Date.UTC(2026, 0, 15, 12);
const NOW_SECONDS = Math.floor(NOW / 1000);
const ORIGIN = 'http://127.0.0.1:5173';
/** Someone who owns no bot, administers none and has started none. */
const STRANGER = {
  id: 100000999,
  first_name: 'Sam',
  username: 'sam_stranger',
  language_code: 'en',
};
const PRO = SEED_BOTS.pro;
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

const NO_ACCESS = {
  success: false,
  msg: "This bot doesn't exist or you don't manage it.",
  nav: true,
};
const RESTRICTED = { success: false, msg: "You don't have permission to do this" };
const CAPTCHA_INVALID = {
  success: false,
  msg: 'The captcha ID is invalid or has expired.',
  close: true,
};

interface Input {
  fields: Record<string, unknown>;
  /** A file sent with a multipart call. */
  file?: string;
}

type Case = {
  /** The call's input as `id` would send it, reaching one of Dana's bots where it names one. */
  input: (id: number) => Input;
} & (
  | {
      /** What the stranger hears when the call reaches Dana's bot. */
      stranger: Record<string, unknown>;
    }
  | {
      /** Why the stranger may make this call: it touches no bot of Dana's that is not public. */
      open: string;
    }
);

const json = (fields: Record<string, unknown>): Input => ({ fields });

function listCases(): Record<string, Case> {
  return Object.fromEntries(
    LIST_ITEM_KINDS.flatMap((kind) => [
      [
        `lists.${kind}.read`,
        { input: (id: number) => json({ id, bot_id: PRO }), stranger: NO_ACCESS },
      ],
      [
        `lists.${kind}.create`,
        {
          input: (id: number) =>
            json({ id, bot_id: PRO, set: true, [LIST_ITEMS[kind].createField]: 'fresh' }),
          stranger: NO_ACCESS,
        },
      ],
      [
        `lists.${kind}.remove`,
        {
          input: (id: number) => json({ id, bot_id: PRO, del: true, index: 0 }),
          stranger: NO_ACCESS,
        },
      ],
    ]),
  );
}

function messagesCases(): Record<string, Case> {
  return Object.fromEntries(
    MESSAGES_API_PATHS.flatMap((path) => [
      [
        `messages.${path}.read`,
        { input: (id: number) => json({ id, bot_id: PRO, mi: 0 }), stranger: NO_ACCESS },
      ],
      [
        `messages.${path}.add`,
        { input: (id: number) => json({ id, bot_id: PRO, mi: 0, add: true }), stranger: NO_ACCESS },
      ],
      [
        `messages.${path}.remove`,
        {
          input: (id: number) => json({ id, bot_id: PRO, mi: 0, del: true, index: 0 }),
          stranger: NO_ACCESS,
        },
      ],
    ]),
  );
}

const CASES: Record<string, Case> = {
  ...listCases(),
  ...messagesCases(),
  bots: { input: (id) => json({ id, select: true }), open: "lists the caller's own bots" },
  // Giving Dana's crashed bot a new token.
  addBot: {
    input: (id) => json({ id, api_token: TOKEN, bot_id: SEED_BOTS.crashed }),
    stranger: NO_ACCESS,
  },
  dashboard: { input: (id) => json({ id, bot_id: PRO }), stranger: NO_ACCESS },
  uploadMessage: {
    input: (id) => ({
      fields: {
        msgdata: JSON.stringify({
          id,
          bot_id: PRO,
          ind: 0,
          ind2: 0,
          act: 'menumsgs',
          qa: false,
          text: 'Hello',
          format: false,
          effect: null,
          media_type: null,
          buttons: [],
          ufile: null,
          rem: false,
          m_url: null,
        }),
      },
    }),
    stranger: NO_ACCESS,
  },
  // Dana's captcha: anyone else hears it does not exist (issue 32).
  captcha: {
    input: () => json({ id: 'demo-captcha', correct: true, msg_id: '42', picks: [0] }),
    stranger: CAPTCHA_INVALID,
  },
  captchaGrid: {
    input: () => json({ id: 'demo-captcha', msg_id: '42', grid: 'current' }),
    stranger: CAPTCHA_INVALID,
  },
  upgrade: { input: () => json({ bot: PRO }), stranger: NO_ACCESS },
  referral: { input: (id) => json({ id, botId: PRO, collect: true }), stranger: NO_ACCESS },
  language: { input: (id) => json({ id, bot_id: PRO, bot_lang: 'ru' }), stranger: NO_ACCESS },
  media: { input: (id) => json({ id, bot_id: PRO, media: [] }), stranger: NO_ACCESS },
  users: { input: (id) => json({ id, bot_id: PRO }), stranger: NO_ACCESS },
  promoteAdmin: {
    input: (id) =>
      json({
        id,
        bot_id: PRO,
        uid: 100000110,
        promote: true,
        ...noPermissions(),
        manage_msg: true,
      }),
    stranger: NO_ACCESS,
  },
  userAction: {
    input: (id) => json({ id, bot_id: PRO, uid: 100000111, ban: true }),
    stranger: NO_ACCESS,
  },
  findUsers: {
    input: (id) => json({ id, bot_id: PRO, findusers: { type: 'us', input: 'a' } }),
    stranger: NO_ACCESS,
  },
  viewMore: {
    input: (id) => json({ id, bot_id: PRO, viewmore: { type: 'us', ind: 10 } }),
    stranger: NO_ACCESS,
  },
  botInfo: { input: (id) => json({ id, bot_id: PRO }), stranger: NO_ACCESS },
  botAction: { input: (id) => json({ id, bot_id: PRO, stop: true }), stranger: NO_ACCESS },
  advanced: { input: (id) => json({ id, bot_id: PRO }), stranger: NO_ACCESS },
  saveAdvanced: {
    input: (id) =>
      json({
        id,
        bot_id: PRO,
        advanced: {
          captcha: { enable: false, text: 'Hi', button: 'OK', ban: false },
          chatMode: { enable: false, topic: false, group_id: null },
          links: { enable: false, allowed: [], ban: false, telegram_allowed: false },
          langs: {
            enable: false,
            arabic: false,
            latin: false,
            chinese: false,
            japanese: false,
            cyrillic: false,
            korean: false,
            ban: false,
          },
          antiSpam: { enable: false, msgs: 5, time: 5, ban: false },
          cur: true,
          jr: false,
        },
      }),
    stranger: NO_ACCESS,
  },
  addRequirement: {
    input: (id) => json({ id, bot_id: PRO, add_req: '@fresh_news' }),
    stranger: NO_ACCESS,
  },
  removeRequirement: { input: (id) => json({ id, bot_id: PRO, rem_req: 0 }), stranger: NO_ACCESS },
  shop: { input: (id) => json({ id, bot_id: PRO }), open: 'a shop is public: shoppers browse it' },
  invoice: {
    input: (id) => json({ id, bot_id: PRO, ind: 0, ind2: 0 }),
    stranger: { success: false, msg: 'Start @pixel_store_bot first, then come back to buy.' },
  },
  deleteShopItem: {
    input: (id) => json({ id, bot_id: PRO, ind: 0, ind2: 0 }),
    stranger: RESTRICTED,
  },
  sales: {
    input: (id) => json({ id, bot_id: PRO }),
    stranger: RESTRICTED,
  },
  refundSale: {
    input: (id) => json({ id, bot_id: PRO, charge_id: 'stxseedcats-101' }),
    stranger: RESTRICTED,
  },
  // The test drive: any admin may drive, nobody else; who is checked before the session.
  'testDrive.start': {
    input: (id) => json({ id, bot_id: PRO, start: { scene: 'private' } }),
    stranger: NO_ACCESS,
  },
  'testDrive.act': {
    input: (id) => json({ id, bot_id: PRO, session: 's1', act: { type: 'start' } }),
    stranger: NO_ACCESS,
  },
  'testDrive.wait': {
    input: (id) => json({ id, bot_id: PRO, session: 's1', after: 0 }),
    stranger: NO_ACCESS,
  },
  'testDrive.end': {
    input: (id) => json({ id, bot_id: PRO, session: 's1', end: true }),
    stranger: NO_ACCESS,
  },
  uploadShopItem: {
    input: (id) => ({
      fields: {
        id: String(id),
        bot_id: String(PRO),
        name: 'Comet',
        des: 'A comet.',
        price: '20',
        reward_text: '',
        cat: 'Space',
        edit: 'false',
        media_type: '0',
        all_limit: 'null',
        limit: 'null',
        ufile: '',
        rem_media: 'false',
        ind: '0',
        ind2: '0',
      },
      file: 'file1',
    }),
    stranger: RESTRICTED,
  },
};

/** The case of `name` (the first test checks every call has one). */
function caseOf(name: EndpointName): Case {
  const found = CASES[name];
  if (!found) throw new Error(`no case for ${name}`);
  return found;
}

/** The calls whose input carries no user id (captcha's `id` names the captcha). */
const WITHOUT_CALLER_ID: EndpointName[] = ['captcha', 'captchaGrid', 'upgrade'];

let initData: {
  dana: string;
  stranger: string;
  expired: string;
  future: string;
  otherBot: string;
  tampered: string;
};
let bearer: string;

beforeAll(async () => {
  const sign = (user: object, authDate = NOW_SECONDS, botToken = DEV_BOT_TOKEN) =>
    signInitData({ auth_date: String(authDate), user: JSON.stringify(user) }, botToken);
  const stranger = await sign(STRANGER);
  initData = {
    dana: await sign(DEMO_USER),
    stranger,
    expired: await sign(DEMO_USER, NOW_SECONDS - 86_401),
    future: await sign(DEMO_USER, NOW_SECONDS + 365 * 86_400),
    otherBot: await sign(DEMO_USER, NOW_SECONDS, '7000000001:someone-elses-token'),
    // The stranger's own signed initData with Dana put in as the user.
    tampered: stranger.replace(
      `user=${encodeURIComponent(JSON.stringify(STRANGER))}`,
      `user=${encodeURIComponent(JSON.stringify(DEMO_USER))}`,
    ),
  };
  bearer = `Bearer ${await createAuthToken(DEV_TOKEN_SECRET, NOW)}`;
  expect(initData.tampered).not.toBe(stranger);
});

/**
 * The store the refused calls go to: one for all of them, from the seed, and what it held after
 * the last call. A refused call must leave it as it was (each case checks), so none needs a
 * fresh one: in the unit-database project, where a fresh store is the seed written into
 * PostgreSQL again, a store per call was 40 of the file's 52 s. Dana's answered calls change
 * data, and each gets a fresh store (which, on the database, replaces this one: made again).
 */
let refusalStore: { store: MemoryStore; snapshot: string } | null = null;

async function storeFor(answered: boolean): Promise<{ store: MemoryStore; before: string }> {
  if (answered) {
    refusalStore = null;
    const store = createMemoryStore();
    return { store, before: JSON.stringify(await store.snapshot()) };
  }
  if (!refusalStore) {
    const store = createMemoryStore();
    refusalStore = { store, snapshot: JSON.stringify(await store.snapshot()) };
  }
  return { store: refusalStore.store, before: refusalStore.snapshot };
}

/**
 * `name` sent as the app sends it (JSON, query or multipart), with `initData` if given; only
 * Dana's own signed calls are answered.
 */
async function send(name: EndpointName, id: number, data: string | null) {
  const endpoint = ENDPOINT_BY_NAME[name];
  const { fields, file } = caseOf(name).input(id);
  const headers: Record<string, string> = { Authorization: bearer };
  if (data !== null) headers['X-Telegram-Init-Data'] = data;
  let url = `${ORIGIN}${endpoint.path}`;
  let body: BodyInit | undefined;
  if (endpoint.encoding === 'query') {
    url += `?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}`;
  } else if (endpoint.encoding === 'multipart') {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
    if (file) form.set(file, new Blob([new Uint8Array(8)], { type: 'image/png' }), 'x.png');
    body = form;
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(fields);
  }
  const { store, before } = await storeFor(data === initData.dana);
  const response = await createDevApi({ store, telegram: madeUpTelegram, now: () => NOW }).handle(
    new Request(url, { method: endpoint.method, headers, ...(body ? { body } : {}) }),
  );
  if (!response) throw new Error(`${name} was not answered`);
  const after = JSON.stringify(await store.snapshot());
  if (refusalStore?.store === store) refusalStore.snapshot = after;
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    /** Whether the call changed any data. */
    changed: after !== before,
  };
}

const NAMES = Object.keys(ENDPOINT_BY_NAME) as EndpointName[];
const UNAUTHORIZED = { status: 401, body: { success: false, msg: 'Unauthorized' }, changed: false };

describe('initData on every call', () => {
  it('has a case for every ENDPOINTS entry, each routed to its own call', () => {
    expect(Object.keys(CASES).sort()).toEqual([...NAMES].sort());
    for (const name of NAMES) {
      const endpoint = ENDPOINT_BY_NAME[name];
      const { fields } = caseOf(name).input(DEMO_USER_ID);
      expect(endpointFor(endpoint.method, endpoint.path, fields), name).toBe(name);
    }
  });

  it.each(NAMES)(
    '%s: Dana, signed properly, is answered (the cases reach the handler)',
    async (name) => {
      const reply = await send(name, DEMO_USER_ID, initData.dana);
      expect(reply.status, JSON.stringify(reply.body)).not.toBe(400);
      expect([401, 403]).not.toContain(reply.status);
    },
  );

  it.each(NAMES)('%s: refused without initData', async (name) => {
    expect(await send(name, DEMO_USER_ID, null)).toEqual(UNAUTHORIZED);
  });

  it.each(NAMES)('%s: refused with initData over 24 hours old', async (name) => {
    expect(await send(name, DEMO_USER_ID, initData.expired)).toEqual(UNAUTHORIZED);
  });

  it.each(NAMES)('%s: refused with initData signed a year in the future', async (name) => {
    expect(await send(name, DEMO_USER_ID, initData.future)).toEqual(UNAUTHORIZED);
  });

  it.each(NAMES)('%s: refused with initData signed with another bot token', async (name) => {
    expect(await send(name, DEMO_USER_ID, initData.otherBot)).toEqual(UNAUTHORIZED);
  });

  it.each(NAMES)("%s: refused with someone's initData changed to name Dana", async (name) => {
    expect(await send(name, DEMO_USER_ID, initData.tampered)).toEqual(UNAUTHORIZED);
  });

  it.each(NAMES.filter((name) => !WITHOUT_CALLER_ID.includes(name)))(
    "%s: refused when signed by someone else claiming Dana's id",
    async (name) => {
      expect(await send(name, DEMO_USER_ID, initData.stranger)).toEqual({
        status: 403,
        body: { success: false, msg: 'Forbidden' },
        changed: false,
      });
    },
  );

  it.each(WITHOUT_CALLER_ID)('%s carries no caller id to claim', (name) => {
    const { fields } = caseOf(name).input(DEMO_USER_ID);
    expect(claimedUserId(name, { userId: 0, body: fields })).toBeNull();
  });

  it.each(NAMES.filter((name) => 'stranger' in caseOf(name)))(
    "%s: refused when someone else, under their own id, reaches for Dana's bot",
    async (name) => {
      const expected = (caseOf(name) as { stranger: Record<string, unknown> }).stranger;
      expect(await send(name, STRANGER.id, initData.stranger)).toEqual({
        status: 200,
        body: expected,
        changed: false,
      });
    },
  );

  it("shows someone else none of Dana's bots, and her shop only as a shopper", async () => {
    expect((await send('bots', STRANGER.id, initData.stranger)).body).toMatchObject({
      success: true,
      bots: [],
    });
    expect((await send('shop', STRANGER.id, initData.stranger)).body).toMatchObject({
      success: true,
      can_edit: false,
      user: null,
    });
  });
});
