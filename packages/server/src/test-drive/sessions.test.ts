import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestDriveMessage, type TestDriveView, testDriveView } from '@botdeck/api';
import { topicModeIn } from '@botdeck/core';
import { afterEach, describe, expect, it } from 'vitest';
import { TestDriveError, type TestDrivePerson } from '../api/test-drive-port';
import { openPglite } from '../db/database';
import { migrate } from '../db/migrate';
import { createDatabaseStore } from '../db/store';
import { testTokenKey } from '../db/testing';
import { createSeed, DEMO_USER_ID, message as plainMessage, SEED_BOTS } from '../seed';
import { createMemoryStore, type MemoryStore } from '../store/memory';
import { openDiskUploads } from '../uploads/disk-storage';
import { createTestDrive, type TestDrive, type TestDriveOptions } from './sessions';

/**
 * Test drives through the real sandbox and the real bot runtime: what the bot does in a session
 * is what the runtime does with the bot's saved configuration, and the bot's own data is never
 * touched. The seed's Free bot (Dana Helper) is driven: its start message has an effect, HTML,
 * two menu buttons, a link, a start link and a question; it has three open commands and a
 * fourth past the Free plan.
 */

const FREE = SEED_BOTS.free;
const dana: TestDrivePerson = { userId: DEMO_USER_ID, botId: FREE, language: 'en' };
/** Dana Helper's admin who gets replies (chat mode, Q&A answers). */
const ADMIN_NAME = createSeed().people.find((person) => person.id === 100000201)?.name;

let drive: TestDrive | null = null;
let store: MemoryStore;

function open(options: Partial<TestDriveOptions> = {}): TestDrive {
  store = createMemoryStore(createSeed());
  drive = createTestDrive({
    store,
    appUrl: () => 'https://app.botdeck.test',
    filesPath: '/test-drive/files/',
    log: process.env.RUNTIME_LOG ? (message) => console.info(message) : () => undefined,
    ...options,
  });
  return drive;
}

afterEach(async () => {
  await drive?.close();
  drive = null;
});

/** The view as the contract carries it: every answer must fit the schema the client parses. */
function checked(view: TestDriveView): TestDriveView {
  const parsed = testDriveView.safeParse(view);
  expect(parsed.error?.issues ?? []).toEqual([]);
  return view;
}

function messages(view: TestDriveView): TestDriveMessage[] {
  return view.items.filter((item): item is TestDriveMessage => item.kind === 'message');
}

function fromBot(view: TestDriveView): TestDriveMessage[] {
  return messages(view).filter((message) => message.from === 'bot');
}

/** A private drive of Dana Helper, started: its session and the bot's welcome message. */
async function startedChat(drive: TestDrive) {
  const { session } = await drive.start(dana, 'private');
  const started = await drive.act(dana, session, { type: 'start' });
  return { session, welcome: fromBot(started)[0] as TestDriveMessage };
}

/** Presses the button at `row`, `column` under `message`. */
function press(
  drive: TestDrive,
  session: string,
  message: { id: number },
  row: number,
  column: number,
) {
  return drive.act(dana, session, { type: 'press', message_id: message.id, row, column });
}

describe('a private test drive', () => {
  it('starts as a new chat, and /start answers with the saved start message', async () => {
    const drive = open();
    const before = await store.snapshot();
    const fresh = checked(await drive.start(dana, 'private'));
    expect(fresh).toMatchObject({ scene: 'private', started: false, member: 'none', items: [] });
    expect(fresh.title).toBe('Dana Helper');
    expect(fresh.username).toBe('dana_helper_bot');

    const view = checked(await drive.act(dana, fresh.session, { type: 'start' }));
    expect(view.started).toBe(true);
    const [mine, welcome] = messages(view);
    expect(mine).toMatchObject({ from: 'me', html: '/start' });
    expect(welcome).toMatchObject({
      from: 'bot',
      name: 'Dana Helper',
      effect: 'party',
      html: '<b>Welcome!</b> I answer questions about <i>Dana’s Bakery</i>. Pick a menu below.',
    });
    expect(welcome?.buttons.map((row) => row.map((button) => button.kind))).toEqual([
      ['callback', 'callback'],
      ['url', 'url'],
      ['callback'],
    ]);
    expect(view.version).toBeGreaterThan(fresh.version);
    // Nothing of the bot's real data changed: the tester is no user of the bot.
    expect(await store.snapshot()).toEqual(before);
  });

  it('answers a button press, a command, a question and a start link as the runtime does', async () => {
    const drive = open();
    const { session, welcome } = await startedChat(drive);

    const prices = await press(drive, session, welcome, 0, 0);
    expect(fromBot(prices).at(-1)?.html).toBe('Bread from 2 €, cakes from 15 €.');

    const help = await drive.act(dana, session, { type: 'send', text: '/help' });
    expect(fromBot(help).at(-1)?.html).toBe('Send /menu to see what I can do.');
    // The commands Telegram's client suggests: the three the Free plan leaves open.
    expect(help.commands.map((command) => command.command)).toEqual(['help', 'about', 'menu']);

    // The Summer offer button is a start link of this very bot: followed in the drive.
    const summer = await press(drive, session, welcome, 1, 1);
    expect(messages(summer).at(-2)).toMatchObject({ from: 'me', html: '/start sp-summer' });
    expect(fromBot(summer).at(-1)?.html).toBe('Summer offer: free coffee with every cake.');

    // A Q&A button asks; the answer the person writes is taken as theirs.
    const asked = await press(drive, session, welcome, 2, 0);
    expect(fromBot(asked).at(-1)?.html).toBe('Do you deliver?');
    checked(asked);
    const answered = await drive.act(dana, session, { type: 'send', text: 'To Main Street?' });
    expect(messages(answered).at(-2)).toMatchObject({ from: 'me', html: 'To Main Street?' });
    expect(fromBot(answered).at(-1)?.html).toBe('Yes, within the city, every day before noon.');
    // The answer went to the owner and the admin who gets replies, as the runtime sends it.
    const mine = answered.items.findIndex(
      (item) => item.kind === 'message' && item.html === 'To Main Street?',
    );
    expect(answered.items[mine + 1]).toMatchObject({
      kind: 'service',
      event: 'sentToTeam',
      team: ['Dana Demo', ADMIN_NAME],
    });
  });

  it('says why a command or start payload past the plan’s limit gets no answer of its own', async () => {
    const drive = open();
    const { session } = await startedChat(drive);
    // Dana Helper is on Free: its fourth command and fifth start payload are locked.
    const promo = checked(await drive.act(dana, session, { type: 'send', text: '/promo' }));
    const asked = promo.items.findIndex(
      (item) => item.kind === 'message' && item.html === '/promo',
    );
    expect(promo.items.slice(asked + 1)).toEqual([
      {
        kind: 'service',
        id: expect.any(String),
        event: 'lockedCommand',
        name: 'promo',
        reasons: [],
      },
    ]);
    const vip = checked(await drive.act(dana, session, { type: 'start', payload: 'sp-vip' }));
    const started = vip.items.findIndex(
      (item) => item.kind === 'message' && item.html === '/start sp-vip',
    );
    expect(vip.items[started + 1]).toMatchObject({ event: 'lockedPayload', name: 'vip' });
    // As live, the start message comes instead.
    expect(vip.items[started + 2]).toMatchObject({
      from: 'bot',
      html: expect.stringMatching(/^<b>Welcome!/),
    });
    // An open command draws no such line.
    const help = checked(await drive.act(dana, session, { type: 'send', text: '/help' }));
    expect(help.items.filter((item) => item.kind === 'service')).toHaveLength(2);
  });

  it('answers with the first message of a set, the rest following through wait at the chat’s pace', async () => {
    const drive = open();
    const pixel = { ...dana, botId: SEED_BOTS.pro };
    // Its join requirement would ask first (see "join requirements in a test drive").
    await store.write((tx) => tx.bots.update(SEED_BOTS.pro, { jr_enable: false }));
    const { session } = await drive.start(pixel, 'private');
    // Pixel Store's start message is two messages: Telegram takes one a second in a chat.
    const first = checked(await drive.act(pixel, session, { type: 'start' }));
    expect(fromBot(first).map((message) => message.html)).toEqual([
      'Welcome to <b>Pixel Store</b>! Digital goods for Telegram Stars.',
    ]);
    expect(first.answering).toBe(true);
    let view: TestDriveView = first;
    while (view.answering) {
      view = (await drive.wait(pixel, session, view.version, 5_000)) ?? view;
    }
    expect(fromBot(view).map((message) => message.html)).toEqual([
      'Welcome to <b>Pixel Store</b>! Digital goods for Telegram Stars.',
      'New here? Read the FAQ first.',
    ]);
  });

  it('shows a popup button’s answer as a toast, once', async () => {
    const drive = open();
    const { session, welcome } = await startedChat(drive);
    const prices = await press(drive, session, welcome, 0, 0);
    const withAllergens = fromBot(prices).at(-1) as TestDriveMessage;
    const answered = await press(drive, session, withAllergens, 0, 0);
    expect(answered.notice).toMatchObject({
      text: 'Ask us about allergens in store',
      alert: false,
    });
  });

  it('refuses a link that leaves the drive, and a message that is not there', async () => {
    const drive = open();
    const { session, welcome } = await startedChat(drive);
    await expect(press(drive, session, welcome, 1, 0)).rejects.toMatchObject({
      failure: 'notInDrive',
    });
    await expect(
      drive.act(dana, session, { type: 'press', message_id: 999, row: 0, column: 0 }),
    ).rejects.toMatchObject({ failure: 'notHere' });
    await expect(press(drive, session, welcome, 5, 0)).rejects.toMatchObject({
      failure: 'notHere',
    });
  });

  it('follows a start link of the bot itself, and refuses another bot’s', async () => {
    const drive = open();
    const link = (text: string, value: string, row: number) => ({
      text,
      type: 'Url' as const,
      value,
      row,
    });
    const draft = {
      act: 'startmsg' as const,
      mi: 0,
      messages: [
        {
          ...plainMessage('Where next?'),
          buttons: [
            link('Again', 'https://t.me/Dana_Helper_Bot?start=again', 0),
            link('Elsewhere', 'https://t.me/pixel_store_bot?start=again', 1),
            link('Plain web', 'http://t.me/dana_helper_bot?start=again', 2),
          ],
        },
      ],
    };
    const { session } = await drive.start(dana, 'private', draft);
    const view = await drive.act(dana, session, { type: 'start' }, draft);
    const links = fromBot(view).at(-1) as TestDriveMessage;
    for (const row of [1, 2])
      await expect(
        drive.act(dana, session, { type: 'press', message_id: links.id, row, column: 0 }, draft),
      ).rejects.toMatchObject({ failure: 'notInDrive' });
    // Its own start link sends "/start again" to it, as Telegram's client does.
    const followed = await drive.act(
      dana,
      session,
      { type: 'press', message_id: links.id, row: 0, column: 0 },
      draft,
    );
    expect(
      messages(followed).some(
        (message) => message.from !== 'bot' && message.html === '/start again',
      ),
    ).toBe(true);
  });

  it('tries an unsaved start message, and the saved one is left as it was', async () => {
    const drive = open();
    const saved = (await store.snapshot()).bots.find((bot) => bot.id === FREE)?.start_messages;
    const draft = {
      act: 'startmsg' as const,
      mi: 0,
      messages: [plainMessage('Draft <b>hello</b>', { parse: true })],
    };
    const { session } = await drive.start(dana, 'private', draft);
    const view = await drive.act(dana, session, { type: 'start' }, draft);
    expect(fromBot(view).map((message) => message.html)).toEqual(['Draft <b>hello</b>']);
    // Without the draft the next action runs the saved configuration again.
    const again = await drive.act(dana, session, { type: 'start' });
    expect(fromBot(again).at(-1)?.html).toContain('<b>Welcome!</b>');
    expect((await store.snapshot()).bots.find((bot) => bot.id === FREE)?.start_messages).toEqual(
      saved,
    );
  });

  it('refuses a draft with media the bot has not saved, or of a set it does not have', async () => {
    const drive = open();
    const message = {
      ...plainMessage('x'),
      media: '/uploads/someone-elses.png',
      media_type: 'photo' as const,
    };
    await expect(
      drive.start(dana, 'private', { act: 'startmsg', mi: 0, messages: [message] }),
    ).rejects.toMatchObject({ failure: 'draftMedia' });
    await expect(
      drive.start(dana, 'private', {
        act: 'menumsgs',
        mi: 40,
        messages: [{ ...message, media: null }],
      }),
    ).rejects.toMatchObject({ failure: 'draftMissing' });
    expect(drive.size).toBe(0);
  });

  it('follows a save made while the session runs', async () => {
    const drive = open();
    const { session } = await drive.start(dana, 'private');
    await store.write((tx) =>
      tx.lists.setMessages(FREE, 'command', 0, [plainMessage('Saved just now.')]),
    );
    const view = await drive.act(dana, session, { type: 'send', text: '/help' });
    expect(fromBot(view).at(-1)?.html).toBe('Saved just now.');
  });
});

describe('test drive sessions', () => {
  it('are the person’s and the bot’s alone', async () => {
    const drive = open();
    const { session } = await drive.start(dana, 'private');
    const someoneElse = { ...dana, userId: 100000201 };
    await expect(drive.act(someoneElse, session, { type: 'start' })).rejects.toBeInstanceOf(
      TestDriveError,
    );
    await expect(
      drive.act({ ...dana, botId: SEED_BOTS.pro }, session, { type: 'start' }),
    ).rejects.toMatchObject({ failure: 'gone' });
    await drive.end(someoneElse, session);
    expect(drive.size).toBe(1);
    await drive.end(dana, session);
    expect(drive.size).toBe(0);
    await expect(drive.act(dana, session, { type: 'start' })).rejects.toMatchObject({
      failure: 'gone',
    });
  });

  it('end after being idle', async () => {
    let clock = Date.now();
    const drive = open({ idleMs: 50, now: () => clock });
    const { session } = await drive.start(dana, 'private');
    clock += 51;
    // The sweep runs every idleMs (at most a minute).
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(drive.size).toBe(0);
    await expect(drive.act(dana, session, { type: 'start' })).rejects.toMatchObject({
      failure: 'gone',
    });
  });

  it('are capped per person (the oldest gives way) and per server', async () => {
    const drive = open({ perPerson: 2, maxSessions: 3 });
    const first = await drive.start(dana, 'private');
    const second = await drive.start(dana, 'private');
    const third = await drive.start(dana, 'private');
    expect(drive.size).toBe(2);
    await expect(drive.act(dana, first.session, { type: 'start' })).rejects.toMatchObject({
      failure: 'gone',
    });
    await drive.act(dana, second.session, { type: 'start' });
    await drive.act(dana, third.session, { type: 'start' });
    await drive.start({ ...dana, userId: 100000201 }, 'private');
    await expect(drive.start({ ...dana, userId: 100000202 }, 'private')).rejects.toMatchObject({
      failure: 'serverBusy',
    });
  });

  it('wait for what the bot does next, or answer null when nothing happens', async () => {
    const drive = open();
    const view = await drive.start(dana, 'private');
    expect(await drive.wait(dana, view.session, view.version, 50)).toBeNull();
    const waiting = drive.wait(dana, view.session, view.version, 5_000);
    await drive.act(dana, view.session, { type: 'send', text: '/about' });
    // The first change is the person's own message, or already the bot's answer with it.
    let changed = await waiting;
    expect(changed?.version).toBeGreaterThan(view.version);
    while (changed && fromBot(changed).length === 0) {
      changed = await drive.wait(dana, view.session, changed.version, 5_000);
    }
    expect(changed && fromBot(changed).at(-1)?.html).toBe('A bakery bot made with Botdeck.');
  });
});

describe('a group test drive', () => {
  /** Dana Helper with group protection on: links, anti-spam (3 in 5 s), stickers, a captcha. */
  async function protectedGroup(options: Partial<TestDriveOptions> = {}) {
    const drive = open(options);
    await store.write(async (tx) => {
      const advanced = await tx.settings.advanced(FREE);
      await tx.settings.setAdvanced(FREE, {
        ...advanced,
        captcha: { ...advanced.captcha, enable: true },
        links: { ...advanced.links, enable: true, allowed: [] },
        antispam: { enable: true, msgs: 3, time: 5, ban: false },
      });
      const media = await tx.settings.media(FREE);
      await tx.settings.setMedia(
        FREE,
        media.map((item) =>
          item.name === 'Sticker' ? { ...item, enabled: true, selectedAction: 'Filter' } : item,
        ),
      );
    });
    return drive;
  }

  it('lets the person join as a newcomer: the bot restricts them and sends its captcha', async () => {
    const drive = await protectedGroup();
    const fresh = checked(await drive.start(dana, 'group'));
    expect(fresh).toMatchObject({ scene: 'group', member: 'none', title: 'Dana Helper' });
    const joined = checked(await drive.act(dana, fresh.session, { type: 'join' }));
    expect(joined.member).toBe('restricted');
    expect(joined.items[0]).toMatchObject({ kind: 'service', event: 'joined', name: 'Dana Demo' });
    expect(joined.items).toContainEqual(
      expect.objectContaining({ kind: 'service', event: 'restricted', name: 'Dana Demo' }),
    );
    const captcha = fromBot(joined).at(-1);
    expect(captcha?.html).toContain('Tap the button to prove you are human.');
    expect(captcha?.buttons.flat().map((button) => button.text)).toContain("I'm human");
    // A restricted newcomer cannot write: Telegram would not let them.
    await expect(
      drive.act(dana, fresh.session, { type: 'send', text: 'hello' }),
    ).rejects.toMatchObject({ failure: 'refused' });

    // The captcha's button counts as the captcha solved: the bot lets the newcomer in.
    const solved = checked(
      await drive.act(dana, fresh.session, {
        type: 'press',
        message_id: captcha?.id ?? 0,
        row: 0,
        column: 0,
      }),
    );
    expect(solved.member).toBe('member');
    expect(solved.items.at(-1)).toMatchObject({ kind: 'service', event: 'unrestricted' });
    expect(messages(solved).find((message) => message.id === captcha?.id)).toBeUndefined();
    const hello = await drive.act(dana, fresh.session, { type: 'send', text: 'hello' });
    expect(messages(hello).at(-1)).toMatchObject({ from: 'me', html: 'hello', deleted: null });
  });

  it('deletes a link, a sticker and a flood, and says why', async () => {
    const drive = await protectedGroup();
    await store.write(async (tx) => {
      const advanced = await tx.settings.advanced(FREE);
      await tx.settings.setAdvanced(FREE, {
        ...advanced,
        captcha: { ...advanced.captcha, enable: false },
      });
    });
    const { session } = await drive.start(dana, 'group');
    await drive.act(dana, session, { type: 'join' });

    const link = await drive.act(dana, session, {
      type: 'send',
      text: 'buy here https://example.com/deal',
    });
    expect(messages(link).at(-1)).toMatchObject({
      from: 'me',
      deleted: { reasons: [{ rule: 'link', link: 'https://example.com/deal' }] },
    });

    const sticker = await drive.act(dana, session, { type: 'post', kind: 'sticker' });
    expect(messages(sticker).at(-1)).toMatchObject({
      media: { type: 'sticker' },
      deleted: { reasons: [{ rule: 'media', type: 'Sticker' }] },
    });

    // A flood in a session of its own: the link and the sticker counted towards anti-spam too.
    const second = await drive.start(dana, 'group');
    await drive.act(dana, second.session, { type: 'join' });
    const flood = checked(await drive.act(dana, second.session, { type: 'post', kind: 'flood' }));
    const floodMessages = messages(flood).slice(-4);
    expect(floodMessages.map((message) => message.deleted !== null)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(floodMessages.at(-1)?.deleted?.reasons).toEqual([
      { rule: 'antispam', sent: 4, allowed: 3, seconds: 5 },
    ]);
    // Anti-spam mutes: shown where it happened, with why.
    expect(flood.member).toBe('restricted');
    expect(flood.items.at(-1)).toMatchObject({
      kind: 'service',
      event: 'restricted',
      reasons: [{ rule: 'antispam', sent: 4, allowed: 3, seconds: 5 }],
    });
    // The bot's real data has none of this: no count, no member.
    const real = await store.snapshot();
    expect(real.runtime?.group_messages ?? {}).toEqual({});
  });

  it('serves the pictures of its chat at the session’s own address', async () => {
    const drive = await protectedGroup();
    const { session } = await drive.start(dana, 'group');
    await store.write(async (tx) => {
      const media = await tx.settings.media(FREE);
      await tx.settings.setMedia(
        FREE,
        media.map((item) => ({ ...item, enabled: false })),
      );
      const advanced = await tx.settings.advanced(FREE);
      await tx.settings.setAdvanced(FREE, {
        ...advanced,
        captcha: { ...advanced.captcha, enable: false },
      });
    });
    await drive.act(dana, session, { type: 'join' });
    const view = await drive.act(dana, session, { type: 'post', kind: 'photo' });
    const photo = messages(view).at(-1);
    expect(photo?.media?.type).toBe('photo');
    const address = photo?.media?.url ?? '';
    const [key, fileId] = address.replace('/test-drive/files/', '').split('/');
    expect(drive.file(key ?? '', fileId ?? '')).toMatchObject({ type: 'image/png' });
    expect(drive.file('another-key', fileId ?? '')).toBeNull();
    await drive.end(dana, session);
    expect(drive.file(key ?? '', fileId ?? '')).toBeNull();
  });
});

describe('a test drive of a bot stored in PostgreSQL (PGlite)', () => {
  it('runs the configuration the database holds, as the memory store’s', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'botdeck-drive-'));
    const db = await openPglite();
    try {
      await migrate(db);
      const database = createDatabaseStore(db, {
        tokenKey: testTokenKey(),
        uploads: await openDiskUploads({ dir: folder }),
      });
      await database.reset(createSeed());
      const transcripts: string[][] = [];
      for (const real of [database, createMemoryStore(createSeed())]) {
        const drive = createTestDrive({
          store: real,
          appUrl: () => 'https://app.botdeck.test',
          filesPath: '/test-drive/files/',
          log: () => undefined,
        });
        try {
          const { session } = await drive.start(dana, 'private');
          const started = await drive.act(dana, session, { type: 'start' });
          const welcome = fromBot(started)[0] as TestDriveMessage;
          await press(drive, session, welcome, 0, 1);
          const view = await drive.act(dana, session, { type: 'send', text: '/menu' });
          transcripts.push(messages(view).map((message) => `${message.from}: ${message.html}`));
        } finally {
          await drive.close();
        }
      }
      expect(transcripts[0]).toEqual(transcripts[1]);
      expect(transcripts[0]).toContain('bot: Mon–Sat 7:00–19:00, closed on Sundays.');
      expect(transcripts[0]).toContain('bot: Here is the menu:');
    } finally {
      await db.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('join requirements in a test drive', () => {
  /** Dana Helper requires joining Dana’s Bakery News (and a chat it can no longer read). */
  async function withRequirements(options: Partial<TestDriveOptions> = {}) {
    const drive = open(options);
    await store.write(async (tx) => {
      await tx.bots.update(FREE, { jr_enable: true });
      await tx.settings.addJoinRequirement(FREE, {
        name: 'Dana’s Bakery News',
        username: 'danas_bakery_news',
        photo: null,
        notActive: false,
      });
      await tx.settings.addJoinRequirement(FREE, {
        name: 'Old Bakery Chat',
        username: 'old_bakery_chat',
        photo: null,
        notActive: true,
      });
    });
    return drive;
  }

  it('asks first; the join button joins the chat, and Check again lets the person through', async () => {
    const drive = await withRequirements();
    const { session } = await drive.start(dana, 'private');
    const asked = checked(await drive.act(dana, session, { type: 'start' }));
    expect(asked.joinable).toEqual(['danas_bakery_news']);
    const prompt = fromBot(asked).at(-1) as TestDriveMessage;
    expect(prompt.html).toBe('To use this bot, join these first:');
    expect(prompt.buttons).toEqual([
      [{ text: 'Dana’s Bakery News', kind: 'url', url: 'https://t.me/danas_bakery_news' }],
      [{ text: 'Check again', kind: 'callback' }],
    ]);

    const notYet = await press(drive, session, prompt, 1, 0);
    expect(notYet.notice).toMatchObject({ text: "You haven't joined all of them yet." });

    // As Telegram's client opens the chat and the person taps Join.
    const joined = checked(await press(drive, session, prompt, 0, 0));
    expect(joined.items.at(-1)).toMatchObject({
      kind: 'service',
      event: 'joinedChat',
      name: 'Dana’s Bakery News',
      reasons: [],
    });

    const through = checked(await press(drive, session, prompt, 1, 0));
    expect(through.notice).toMatchObject({ text: 'Thanks for joining! You can use the bot now.' });
    expect(messages(through).find((message) => message.id === prompt.id)).toMatchObject({
      html: 'Thanks for joining! You can use the bot now.',
      edited: true,
    });
    const about = await drive.act(dana, session, { type: 'send', text: '/about' });
    expect(fromBot(about).at(-1)?.html).toBe('A bakery bot made with Botdeck.');
    // The requirement stays active in the session: the bot could read its chat.
    const [requirement] = await store.read((tx) => tx.settings.joinRequirements(FREE));
    expect(requirement?.notActive).toBe(false);
  });

  it('deletes a group message of a member who has not joined, with the notice; its button joins', async () => {
    const drive = await withRequirements();
    const { session } = await drive.start(dana, 'group');
    await drive.act(dana, session, { type: 'join' });
    const hello = checked(await drive.act(dana, session, { type: 'send', text: 'hello' }));
    expect(messages(hello).find((message) => message.html === 'hello')).toMatchObject({
      from: 'me',
      deleted: { reasons: [{ rule: 'join', chats: ['danas_bakery_news'] }] },
    });
    const notice = fromBot(hello).at(-1) as TestDriveMessage;
    expect(notice.html).toContain('join the required chats to write here.');
    expect(notice.buttons).toEqual([
      [{ text: 'Dana’s Bakery News', kind: 'url', url: 'https://t.me/danas_bakery_news' }],
    ]);

    const joined = checked(await press(drive, session, notice, 0, 0));
    expect(joined.items.at(-1)).toMatchObject({ event: 'joinedChat', name: 'Dana’s Bakery News' });
    // In the group the person stays a member as before.
    expect(joined.member).toBe('member');
    const again = await drive.act(dana, session, { type: 'send', text: 'hello again' });
    expect(messages(again).at(-1)).toMatchObject({
      from: 'me',
      html: 'hello again',
      deleted: null,
    });
  });

  it('follows requirements saved and switched on while the session runs', async () => {
    const drive = open();
    const { session } = await drive.start(dana, 'private');
    await store.write((tx) =>
      tx.settings.addJoinRequirement(FREE, {
        name: 'Dana’s Bakery News',
        username: 'danas_bakery_news',
        photo: null,
        notActive: false,
      }),
    );
    // Saved but off: nothing is required, and no button joins anything.
    const off = await drive.act(dana, session, { type: 'send', text: '/about' });
    expect(fromBot(off).at(-1)?.html).toBe('A bakery bot made with Botdeck.');
    expect(off.joinable).toEqual([]);
    await store.write((tx) => tx.bots.update(FREE, { jr_enable: true }));
    const asked = await drive.act(dana, session, { type: 'start' });
    expect(fromBot(asked).at(-1)?.html).toBe('To use this bot, join these first:');
    expect(asked.joinable).toEqual(['danas_bakery_news']);
  });
});

describe('where the person’s messages go, in a test drive', () => {
  async function withChatMode(chatMode: {
    enable: boolean;
    topic: boolean;
    group_id: string | null;
  }) {
    const drive = open();
    await store.write(async (tx) => {
      const advanced = await tx.settings.advanced(FREE);
      await tx.settings.setAdvanced(FREE, { ...advanced, chat_mode: chatMode });
    });
    return drive;
  }

  it('chat mode: a line under the message names the team it reached', async () => {
    const drive = await withChatMode({ enable: true, topic: false, group_id: null });
    const { session } = await startedChat(drive);
    const view = checked(
      await drive.act(dana, session, { type: 'send', text: 'Do you bake on Sundays?' }),
    );
    expect(view.items.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'message', from: 'me', html: 'Do you bake on Sundays?' }),
      {
        kind: 'service',
        id: expect.any(String),
        event: 'sentToTeam',
        name: 'Dana Demo',
        reasons: [],
        team: ['Dana Demo', ADMIN_NAME],
      },
    ]);
    // The bot itself says nothing to the person.
    expect(fromBot(view)).toHaveLength(1);
  });

  it('topic mode: a line under each message names the person’s topic and its group', async () => {
    const drive = await withChatMode(topicModeIn('-1001234567890'));
    const { session } = await startedChat(drive);
    const first = checked(
      await drive.act(dana, session, { type: 'send', text: 'Do you bake on Sundays?' }),
    );
    expect(first.items.at(-1)).toEqual({
      kind: 'service',
      id: expect.any(String),
      event: 'sentToTopic',
      name: expect.stringMatching(/^Dana Demo \(\d+\)$/),
      reasons: [],
      group: 'Dana Helper team',
    });
    const second = await drive.act(dana, session, { type: 'send', text: 'And on Mondays?' });
    const topics = second.items.flatMap((item) =>
      item.kind === 'service' && item.event === 'sentToTopic' ? [item.name] : [],
    );
    // One topic for the person: the second message went where the first did.
    expect(topics).toHaveLength(2);
    expect(new Set(topics).size).toBe(1);
    expect(second.items.at(-1)).toMatchObject({ event: 'sentToTopic' });
  });

  it('shows nothing when chat mode is off: the message goes nowhere', async () => {
    const drive = await withChatMode({ enable: false, topic: false, group_id: null });
    const { session } = await startedChat(drive);
    const view = await drive.act(dana, session, { type: 'send', text: 'Hello?' });
    expect(view.items.at(-1)).toMatchObject({ kind: 'message', from: 'me', html: 'Hello?' });
  });
});
