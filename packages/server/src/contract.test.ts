import { envelope, type TestDriveView } from '@botdeck/api';
import { ADMIN_PERMISSIONS, LIST_ITEMS, type ListItemKind } from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import type { FormFile, HandlerRequest } from './api/kit';
import { madeUpTelegram } from './api/made-up-telegram';
import type { TestDrivePort } from './api/test-drive-port';
import { captchaTargets } from './captcha/grid';
import { ENDPOINT_BY_NAME, type EndpointName, endpointFor, runEndpoint } from './dispatch';
import { createSeed, DEMO_USER_ID } from './seed';
import { createMemoryStore } from './store/memory';

/**
 * Every ENDPOINTS entry answered by its handler, over a fresh copy of the seed, must parse with
 * that entry's response schema: the client parses every answer the same way.
 */

const id = DEMO_USER_ID;
const PRO = 2;

function png(name = 'picture.png', size = 64): FormFile {
  return { name, type: 'image/png', size, bytes: new Uint8Array(size) };
}

/** The seed's open captcha of Dana's, whose grid the right picks are read from. */
function demoCaptcha() {
  const captcha = createSeed().captchas.find((c) => c.id === 'demo-captcha');
  if (!captcha) throw new Error('the seed has demo-captcha');
  return captcha;
}

const allowAll = Object.fromEntries(ADMIN_PERMISSIONS.map((p) => [p, p === 'manage_msg']));

interface Case {
  /** Requests sent first, so the one under test can succeed (e.g. add before delete). */
  before?: { name: EndpointName; request: Omit<HandlerRequest, 'userId'> }[];
  request: Omit<HandlerRequest, 'userId'>;
}

function listCases(kind: ListItemKind): Record<string, Case> {
  const info = LIST_ITEMS[kind];
  return {
    [`lists.${kind}.read`]: { request: { body: { id, bot_id: PRO } } },
    [`lists.${kind}.create`]: {
      request: { body: { id, bot_id: PRO, set: true, [info.createField]: 'brand_new' } },
    },
    [`lists.${kind}.remove`]: { request: { body: { id, bot_id: PRO, del: true, index: 0 } } },
  };
}

function messagesCases(path: string): Record<string, Case> {
  const add = { body: { id, bot_id: PRO, mi: 0, add: true } };
  return {
    [`messages.${path}.read`]: { request: { body: { id, bot_id: PRO, mi: 0 } } },
    [`messages.${path}.add`]: { request: add },
    [`messages.${path}.remove`]: {
      before: [{ name: `messages.${path}.add` as EndpointName, request: add }],
      request: { body: { id, bot_id: PRO, mi: 0, del: true, index: 1 } },
    },
  };
}

const msgdata = {
  id,
  bot_id: PRO,
  ind: 0,
  ind2: 0,
  act: 'menumsgs',
  qa: false,
  text: 'Hello <b>there</b>',
  format: true,
  effect: null,
  media_type: 'photo',
  buttons: [{ text: 'Site', value: 'https://example.com', type: 'Url', row: 0 }],
  ufile: null,
  rem: false,
  m_url: null,
};

const shopFields = {
  id: String(id),
  bot_id: String(PRO),
  name: 'Space sticker',
  des: 'A sticker of space.',
  price: '30',
  reward_text: 'Thanks!',
  cat: 'Stickers',
  edit: 'false',
  media_type: '0',
  all_limit: '100',
  limit: 'null',
  ufile: '',
  rem_media: 'false',
  ind: '0',
  ind2: '0',
};

const CASES: Record<EndpointName, Case> = {
  bots: { request: { body: { id, select: true } } },
  addBot: { request: { body: { id, api_token: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw' } } },
  dashboard: { request: { query: { id: String(id), bot_id: '1' } } },
  ...(listCases('menu') as Record<`lists.menu.${'read' | 'create' | 'remove'}`, Case>),
  ...(listCases('question') as Record<`lists.question.${'read' | 'create' | 'remove'}`, Case>),
  ...(listCases('command') as Record<`lists.command.${'read' | 'create' | 'remove'}`, Case>),
  ...(listCases('startPayload') as Record<
    `lists.startPayload.${'read' | 'create' | 'remove'}`,
    Case
  >),
  ...(messagesCases('menumsgs') as Record<`messages.menumsgs.${'read' | 'add' | 'remove'}`, Case>),
  ...(messagesCases('cmdmsgs') as Record<`messages.cmdmsgs.${'read' | 'add' | 'remove'}`, Case>),
  ...(messagesCases('spmsgs') as Record<`messages.spmsgs.${'read' | 'add' | 'remove'}`, Case>),
  ...(messagesCases('startmsg') as Record<`messages.startmsg.${'read' | 'add' | 'remove'}`, Case>),
  ...(messagesCases('qamsgs') as Record<`messages.qamsgs.${'read' | 'add' | 'remove'}`, Case>),
  uploadMessage: {
    request: { form: { fields: { msgdata: JSON.stringify(msgdata) }, files: { file: png() } } },
  },
  captcha: {
    request: {
      body: {
        id: 'demo-captcha',
        correct: true,
        msg_id: '42',
        picks: captchaTargets(demoCaptcha()),
      },
    },
  },
  captchaGrid: {
    request: { body: { id: 'demo-captcha', msg_id: '42', grid: 'new', describe: true } },
  },
  upgrade: { request: { body: { bot: PRO } } },
  referral: { request: { body: { id, botId: PRO, collect: true } } },
  language: { request: { body: { id, bot_id: PRO, set: 'ar', bot_lang: 'ru' } } },
  media: {
    request: {
      body: {
        id,
        bot_id: PRO,
        media: [{ name: 'Video', icon: 'video', enabled: true, selectedAction: 'Ban' }],
      },
    },
  },
  users: { request: { body: { id, bot_id: PRO } } },
  promoteAdmin: {
    request: { body: { id, bot_id: PRO, uid: 100000110, promote: true, ...allowAll } },
  },
  userAction: { request: { body: { id, bot_id: PRO, uid: 100000111, ban: true } } },
  findUsers: { request: { body: { id, bot_id: PRO, findusers: { type: 'adm', input: 'a' } } } },
  viewMore: { request: { body: { id, bot_id: PRO, viewmore: { type: 'us', ind: 10 } } } },
  botInfo: { request: { body: { id, bot_id: PRO } } },
  botAction: { request: { body: { id, bot_id: PRO, set: { drop: false, notice: true } } } },
  advanced: { request: { body: { id, bot_id: PRO } } },
  saveAdvanced: {
    request: {
      body: {
        id,
        bot_id: PRO,
        advanced: {
          captcha: { enable: true, text: 'Prove it', button: 'OK', ban: false },
          chatMode: { enable: true, topic: true, group_id: null },
          links: { enable: true, allowed: [' example.com '], ban: true, telegram_allowed: false },
          langs: {
            enable: true,
            arabic: false,
            latin: true,
            chinese: false,
            japanese: false,
            cyrillic: false,
            korean: false,
            ban: false,
          },
          antiSpam: { enable: true, msgs: 6, time: 4, ban: true },
          cur: true,
          jr: true,
        },
      },
    },
  },
  addRequirement: { request: { body: { id, bot_id: PRO, add_req: 'https://t.me/fresh_news' } } },
  removeRequirement: { request: { body: { id, bot_id: PRO, rem_req: 0 } } },
  shop: { request: { body: { id, bot_id: PRO } } },
  invoice: { request: { body: { id, bot_id: PRO, ind: 0, ind2: 0 } } },
  deleteShopItem: { request: { body: { id, bot_id: PRO, ind: 1, ind2: 1 } } },
  uploadShopItem: { request: { form: { fields: shopFields, files: { file1: png() } } } },
  sales: { request: { body: { id, bot_id: PRO } } },
  refundSale: { request: { body: { id, bot_id: PRO, charge_id: 'stxseedcats-101' } } },
  'testDrive.start': { request: { body: { id, bot_id: PRO, start: { scene: 'private' } } } },
  'testDrive.act': {
    request: { body: { id, bot_id: PRO, session: 's1', act: { type: 'send', text: '/help' } } },
  },
  'testDrive.wait': { request: { body: { id, bot_id: PRO, session: 's1', after: 3 } } },
  'testDrive.end': { request: { body: { id, bot_id: PRO, session: 's1', end: true } } },
};

/**
 * A test drive that answers one chat whatever is asked: the shape of each call's answer is what
 * this test checks (test-drive/sessions.test.ts drives real sessions).
 */
const oneChat: TestDrivePort = {
  start: async () => CHAT_VIEW,
  act: async () => CHAT_VIEW,
  wait: async () => null,
  end: async () => undefined,
  file: () => null,
};
const CHAT_VIEW: TestDriveView = {
  session: 's1',
  scene: 'private',
  version: 4,
  title: 'Pixel Store',
  username: 'pixel_store_bot',
  started: true,
  answering: false,
  member: 'none',
  members: 0,
  commands: [{ command: 'help', description: 'help' }],
  joinable: ['pixel_news'],
  items: [
    {
      kind: 'message',
      id: 1,
      from: 'me',
      name: 'Dana',
      date: 1_700_000_000,
      html: '/help',
      media: null,
      buttons: [],
      effect: null,
      edited: false,
      reply_to: null,
      deleted: null,
    },
  ],
  notice: null,
  expires_at: 1_700_001_800_000,
};
const PORTS = { telegram: madeUpTelegram, testDrive: oneChat };

function inputOf(request: Omit<HandlerRequest, 'userId'>): unknown {
  return request.form?.fields ?? request.query ?? request.body;
}

describe('contract', () => {
  it('has a case for every ENDPOINTS entry', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(ENDPOINT_BY_NAME).sort());
  });

  it.each(Object.keys(ENDPOINT_BY_NAME) as EndpointName[])(
    '%s answers what its response schema accepts',
    async (name) => {
      const store = createMemoryStore();
      const { before = [], request } = CASES[name];
      for (const step of before) {
        const reply = await runEndpoint(step.name, { userId: id, ...step.request }, store, PORTS);
        expect(reply.body.success).toBe(true);
      }
      const endpoint = ENDPOINT_BY_NAME[name];
      expect(endpointFor(endpoint.method, endpoint.path, inputOf(request))).toBe(name);

      const reply = await runEndpoint(name, { userId: id, ...request }, store, PORTS);

      expect(reply.body).toMatchObject({ success: true });
      expect(reply.status).toBe(200);
      const parsed = endpoint.response.safeParse(reply.body);
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );

  it.each([
    ['dashboard of a bot Dana has no part in', 'dashboard', { query: { id, bot_id: 8 } }],
    ['menu of a crashed bot', 'lists.menu.read', { body: { id, bot_id: 4 } }],
    ['a locked command', 'messages.cmdmsgs.read', { body: { id, bot_id: 1, mi: 3 } }],
    ['a sold-out item', 'invoice', { body: { id, bot_id: PRO, ind: 0, ind2: 1 } }],
    [
      'an expired captcha',
      'captcha',
      { body: { id: 'expired-captcha', correct: true, msg_id: '44' } },
    ],
  ] as const)('a refusal (%s) is an envelope with a message', async (_title, name, request) => {
    const reply = await runEndpoint(name, { userId: id, ...request }, createMemoryStore(), {
      telegram: madeUpTelegram,
    });
    expect(reply.body.success).toBe(false);
    expect(typeof reply.body.msg).toBe('string');
    expect(envelope.safeParse(reply.body).success).toBe(true);
  });
});
