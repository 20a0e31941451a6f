import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { addressOf, callApi, freshDataDir, launchBrowser, openApp } from './support';

/** The seed's owner, Dana: she owns Dana Helper (bot 1). */
const DANA = 100000001;

// The test drive (issue 36) on the production server: its sessions run the seed's Dana Helper
// (bot 1) through the real bot runtime in a sandbox of their own. Nothing reaches Telegram.
describe('the test drive, on the built app and the server', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;

  /**
   * What Telegram holds of Dana Helper: `npm run serve` runs the seed's bots against its
   * development sandbox, the Telegram of this server. Its people, the messages of each chat, and
   * the bot's calls but its polls.
   */
  async function telegramRecord() {
    const get = async <T>(path: string) =>
      ((await (await fetch(`${server.url}/dev/sandbox/${path}`)).json()) as { result: T }).result;
    const state = await get<{
      bots: { id: number; name: string }[];
      users: { id: number }[];
      chats: { key: string; messages: number }[];
    }>('state');
    const bot = state.bots.find((each) => each.name === 'Dana Helper');
    if (!bot) throw new Error('Dana Helper is not in the development sandbox');
    const calls = await get<{ method: string }[]>(`bots/${bot.id}/calls`);
    return {
      people: state.users.map((user) => user.id).sort(),
      chats: Object.fromEntries(state.chats.map((chat) => [chat.key, chat.messages])),
      calls: calls.filter((call) => call.method !== 'getUpdates').length,
    };
  }
  let telegramBefore: Awaited<ReturnType<typeof telegramRecord>>;

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    telegramBefore = await telegramRecord();
    browser = await launchBrowser();
    page = await openApp(browser, `${server.url}/dashboard?bot=1`);
    // Bot 1's dashboard opens with the server's popup (seed), over the tiles: out of the way
    // first, or a tap on a tile can land on it.
    const popup = page.getByRole('dialog', { name: 'Botdeck 1.2 is here' });
    await popup.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  const chat = () => page.getByRole('log', { name: 'Chat' });

  it('opens from the dashboard, starts the bot and answers its buttons as the runtime does', async () => {
    await page.getByRole('link', { name: 'Try your bot' }).click();
    await expect.poll(() => addressOf(page)).toBe('/testdrive?bot=1');
    await page.getByRole('button', { name: 'Start the bot' }).click();
    const welcome = chat().getByText('Pick a menu below.', { exact: false });
    await expect.poll(() => welcome.isVisible(), { timeout: 15_000 }).toBe(true);

    await chat().getByRole('button', { name: 'Prices' }).click();
    await expect
      .poll(() => chat().getByText('Bread from 2 €, cakes from 15 €.').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);

    // A start link of the bot itself is followed inside the drive.
    await chat().getByRole('button', { name: 'Summer offer, opens a link' }).click();
    await expect
      .poll(() => chat().getByText('Summer offer: free coffee with every cake.').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  });

  it('switches to the group, a session of its own, and joins it as a newcomer', async () => {
    await page.getByRole('radio', { name: 'Group' }).click();
    await expect.poll(() => addressOf(page)).toBe('/testdrive?bot=1&scene=group');
    await page.getByRole('button', { name: 'Join' }).click();
    await expect
      .poll(() => chat().getByText('Dana Demo joined the group').isVisible(), { timeout: 15_000 })
      .toBe(true);
  });

  it('tries a start message with the edits its editor has not saved', async () => {
    const editor = await openApp(browser, `${server.url}/startmsg?bot=1`);
    const text = editor.getByRole('textbox', { name: 'Text' });
    await text.fill('<b>Hello</b> from the draft!');
    await editor.getByRole('button', { name: 'Try it' }).click();
    await expect.poll(() => addressOf(editor)).toBe('/testdrive?bot=1&set=startmsg&ind=0');
    // The drive presses START for the owner, and the bot sends the edited message.
    const log = editor.getByRole('log', { name: 'Chat' });
    await expect
      .poll(() => log.getByText('from the draft!', { exact: false }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await editor.getByText('You are trying your unsaved changes.').isVisible()).toBe(true);
    await editor.context().close();
  });

  it('sent nothing to Telegram: no message, no person, no call of the bot but its polls', async () => {
    // The tests above started the bot, pressed its buttons, followed its start link, joined its
    // group and tried a draft, all in sessions of their own.
    expect(await telegramRecord()).toEqual(telegramBefore);
  });
});

/** A message of a session's chat as the server's sandbox keeps it (GET /dev/test-drive). */
interface Recorded {
  messageId: number;
  from: 'bot' | 'tester' | 'person';
  text: string;
  deleted: boolean;
  kind: string;
}

/**
 * Each scene of the issue on the built app and the server, with what the chat shows checked
 * against what the session's sandbox recorded: every message Telegram holds is on the page (a
 * person's message the bot deleted too, with the line saying why), and nothing else is.
 */
describe('each scene of the test drive, against what Telegram (the sandbox) recorded', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;
  /** The session the page drives now, from its calls' answers. */
  let session = '';

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    // Dana Helper with group protection on: links, 5 messages in 5 s, stickers; the captcha on.
    const advanced = (await callApi(server.url, '/api/advanced', DANA, { bot_id: 1 })) as {
      adv: Record<string, Record<string, unknown>>;
      jr_enable: boolean;
    };
    const saved = await callApi(server.url, '/api/advanced', DANA, {
      bot_id: 1,
      advanced: {
        captcha: { ...advanced.adv.captcha, enable: true },
        chatMode: advanced.adv.chat_mode,
        links: { ...advanced.adv.links, enable: true, allowed: [] },
        langs: advanced.adv.langs,
        antiSpam: { enable: true, msgs: 5, time: 5, ban: false },
        cur: true,
        jr: advanced.jr_enable,
      },
    });
    expect(saved).toMatchObject({ success: true });
    const media = (await callApi(server.url, '/api/media', DANA, { bot_id: 1 })) as {
      media: Array<Record<string, unknown>>;
    };
    const withStickers = await callApi(server.url, '/api/media', DANA, {
      bot_id: 1,
      media: media.media.map((item) =>
        item.name === 'Sticker' ? { ...item, enabled: true, selectedAction: 'Filter' } : item,
      ),
    });
    expect(withStickers.success).toBe(true);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  async function open(path: string) {
    await page?.context().close();
    page = await openApp(browser, `${server.url}${path}`);
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== '/api/testDrive') return;
      const body = (await response.json().catch(() => null)) as {
        view?: { session?: string } | null;
      } | null;
      if (body?.view?.session) session = body.view.session;
    });
  }

  const chat = () => page.getByRole('log', { name: 'Chat' });
  const composer = () => page.getByRole('textbox', { name: 'Message' });

  async function recorded(): Promise<Recorded[]> {
    const response = await fetch(`${server.url}/dev/test-drive?session=${session}`);
    return ((await response.json()) as { chat: Recorded[] }).chat;
  }

  /** The chats the bot requires as the session's sandbox holds them, and the person's place. */
  async function requiredChats(): Promise<unknown[]> {
    const response = await fetch(`${server.url}/dev/test-drive?session=${session}`);
    return ((await response.json()) as { chats: unknown[] }).chats;
  }

  /** Presses a button of the chat once the chat takes presses (no act of the person's on its way). */
  async function pressButton(name: string) {
    const button = chat().getByRole('button', { name });
    await expect.poll(() => button.getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
    await button.click();
  }

  /** The page's messages: each one's id, whether it is the person's, and its text. */
  function shown() {
    return page.$$eval('[data-slot="chat-message"]', (nodes) =>
      nodes.map((node) => ({
        id: Number(node.getAttribute('data-message-id')),
        mine: node.getAttribute('data-from') === 'me',
        text: node.querySelector('[data-slot="telegram-html"]')?.textContent ?? '',
      })),
    );
  }

  /**
   * What the page shows is what the sandbox holds: the same messages in the same order, each
   * with its text, the person's own as theirs; the bot's messages it took back are gone, as in
   * Telegram. Waits until the page has caught up with the record.
   */
  async function matchesRecord(): Promise<Recorded[]> {
    let record: Recorded[] = [];
    await expect
      .poll(
        async () => {
          record = (await recorded()).filter(
            (message) =>
              !(message.from === 'bot' && message.deleted) &&
              message.kind !== 'new_chat_members' &&
              message.kind !== 'left_chat_member',
          );
          const page = await shown();
          return page.map((message) => message.id).join(',') ===
            record.map((message) => message.messageId).join(',')
            ? 'caught up'
            : `page ${page.map((m) => m.id)} record ${record.map((m) => m.messageId)}`;
        },
        { timeout: 15_000 },
      )
      .toBe('caught up');
    const page = await shown();
    for (const [index, message] of record.entries()) {
      const onPage = page[index];
      expect(onPage?.mine).toBe(message.from === 'tester');
      if (message.text)
        expect(onPage?.text.replace(/\s+/g, ' ')).toContain(
          message.text.replace(/\s+/g, ' ').slice(0, 40),
        );
    }
    return record;
  }

  /** Writes `text` and sends it once the chat may send (no act of the person's on its way). */
  async function send(text: string) {
    await composer().fill(text);
    await expect
      .poll(() => page.getByRole('button', { name: 'Send' }).isEnabled(), { timeout: 15_000 })
      .toBe(true);
    await composer().press('Enter');
    await expect.poll(() => composer().inputValue(), { timeout: 15_000 }).toBe('');
  }

  it('private: /start, every command, every button of the start message, a Q&A answered', async () => {
    await open('/testdrive?bot=1');
    await page.getByRole('button', { name: 'Start the bot' }).click();
    await matchesRecord();
    // Each open command answered after it; /promo, past the Free plan's three, as if absent.
    for (const [command, answered] of [
      ['/help', true],
      ['/about', true],
      ['/menu', true],
      ['/promo', false],
    ] as const) {
      await send(command);
      await expect
        .poll(
          async () => {
            const record = await recorded();
            const sent = record.findLastIndex(
              (message) => message.from === 'tester' && message.text === command,
            );
            if (sent < 0) return 'not sent';
            return record.slice(sent + 1).some((message) => message.from === 'bot')
              ? 'answered'
              : 'sent';
          },
          { timeout: 15_000 },
        )
        .toBe(answered ? 'answered' : 'sent');
      await matchesRecord();
    }
    // The drive says why /promo got nothing, right under it.
    const promo = chat().locator('[data-slot="chat-message"]', { hasText: '/promo' });
    await expect
      .poll(() =>
        promo
          .locator('xpath=following::*[@data-slot="chat-service"][1]')
          .textContent({ timeout: 5_000 }),
      )
      .toBe("/promo is beyond your plan's limit: the bot does not answer it. Upgrade to use it.");
    // The start message's buttons: two menus, the start link, the question.
    const welcome = chat().locator('[data-slot="chat-message"]', { hasText: 'Pick a menu below.' });
    for (const name of [
      'Prices',
      'Opening hours',
      'Summer offer, opens a link',
      'Do you deliver?',
    ]) {
      const before = (await recorded()).length;
      await welcome.getByRole('button', { name }).click();
      await expect
        .poll(async () => (await recorded()).length, { timeout: 15_000 })
        .toBeGreaterThan(before);
      await matchesRecord();
    }
    // The question asked last: the person's answer is theirs, and the bot gives its responses.
    await send('Yes please, to Main Street');
    await expect
      .poll(async () => (await recorded()).at(-1)?.text, { timeout: 15_000 })
      .toBe('Yes, within the city, every day before noon.');
    const record = await matchesRecord();
    expect(record.at(-2)).toMatchObject({ from: 'tester', text: 'Yes please, to Main Street' });
  });

  it('private: a start payload link opens its set', async () => {
    await open('/testdrive?bot=1');
    await page.getByRole('button', { name: 'Start the bot' }).click();
    const welcome = chat().locator('[data-slot="chat-message"]', { hasText: 'Pick a menu below.' });
    await welcome.getByRole('button', { name: 'Summer offer, opens a link' }).click();
    await expect
      .poll(async () => (await recorded()).at(-1)?.text, { timeout: 15_000 })
      .toBe('Summer offer: free coffee with every cake.');
    const record = await matchesRecord();
    expect(record.at(-1)).toMatchObject({
      from: 'bot',
      text: 'Summer offer: free coffee with every cake.',
    });
    expect(record.at(-2)).toMatchObject({ from: 'tester', text: '/start sp-summer' });
  });

  it('private: a bot with join requirements asks first; its join button joins, Check again lets through', async () => {
    // Pixel Store (bot 2, Dana's) requires Pixel News (and Old Pixel Chat, not active).
    await open('/testdrive?bot=2');
    await page.getByRole('button', { name: 'Start the bot' }).click();
    await expect
      .poll(() => chat().getByText('To use this bot, join these first:').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    let record = await matchesRecord();
    expect(record.map((message) => [message.from, message.text])).toEqual([
      ['tester', '/start'],
      ['bot', 'To use this bot, join these first:'],
    ]);
    expect(await requiredChats()).toEqual([
      { username: 'pixel_news', title: 'Pixel News', tester: 'none' },
    ]);

    await pressButton('Pixel News, opens a link');
    await expect
      .poll(() => chat().getByText('You joined Pixel News').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await requiredChats()).toEqual([
      { username: 'pixel_news', title: 'Pixel News', tester: 'member' },
    ]);

    await pressButton('Check again');
    await expect
      .poll(async () => (await recorded()).at(-1)?.text, { timeout: 15_000 })
      .toBe('Thanks for joining! You can use the bot now.');
    record = await matchesRecord();
    expect(record).toHaveLength(2);

    // Through: the bot answers as it does anyone.
    await send('/start');
    await expect
      .poll(async () => (await recorded()).at(-1)?.text, { timeout: 15_000 })
      .toBe('New here? Read the FAQ first.');
    await matchesRecord();
  });

  it('group: joins as a newcomer, answers the captcha, then a link, a sticker and a flood are deleted with why', async () => {
    await open('/testdrive?bot=1&scene=group');
    await page.getByRole('button', { name: 'Join' }).click();
    await expect
      .poll(() => chat().getByText('Dana Demo joined the group').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() => chat().getByText('Dana Demo was restricted').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await matchesRecord();
    // The captcha's button: in a drive the captcha counts as solved, and the bot lets them in.
    const captcha = chat().locator('[data-slot="chat-message"]', {
      hasText: 'prove you are human',
    });
    await captcha.getByRole('button').first().click();
    await expect
      .poll(() => chat().getByText('Dana Demo can write again').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await matchesRecord();

    await send('deals at https://example.com/deal');
    await expect
      .poll(() => page.locator('[data-slot="chat-service"][data-event="deleted"]').count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(
      await page.locator('[data-slot="chat-service"][data-event="deleted"]').textContent(),
    ).toContain('example.com');
    let record = await matchesRecord();
    expect(record.at(-1)).toMatchObject({ from: 'tester', deleted: true });

    await page.getByRole('button', { name: 'Sticker' }).click();
    await expect
      .poll(() => page.locator('[data-slot="chat-service"][data-event="deleted"]').count(), {
        timeout: 15_000,
      })
      .toBe(2);
    record = await matchesRecord();
    expect(record.at(-1)).toMatchObject({ kind: 'sticker', deleted: true });

    await page.getByRole('button', { name: 'Flood' }).click();
    // Muted (again) for each message past the limit: the captcha's restriction, then these.
    await expect
      .poll(() => chat().getByText('Dana Demo was restricted').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    record = await matchesRecord();
    // The link, the sticker and the flood's last message (one past the 5 allowed) deleted.
    expect(
      record.filter((message) => message.from === 'tester' && message.deleted).length,
    ).toBeGreaterThanOrEqual(3);
  });
});
