import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { type AdvancedSettings, type ApiClient, createApiClient, ROUTES } from '@botdeck/api';
import { type AdminPermissions, noPermissions, signInitData } from '@botdeck/core';
import type { CallRecord, ChatEntry } from '@botdeck/sandbox';
import { DEV_BOT_TOKEN, DEV_TOKEN_SECRET } from '@botdeck/server';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { freshDataDir } from './support';

/**
 * The bots as their owners configure them, end to end (SERVER.md sections 3 to 5, issue 32): the
 * server as `npm run serve` runs it (its build, development settings, a fresh data folder), once
 * with long polling and once with webhooks (BOTDECK_PUBLIC_URL is the server itself, so its
 * sandbox posts every update to /tg/<bot id>). The owner works through the dashboard's API, signed
 * as the Mini App signs it; people act through the sandbox's control routes (/dev/sandbox/…), as
 * Telegram's users. Each case adds a bot of its own, so no case sees another's settings. The
 * rules' depth is in the runtime's own tests (packages/server/src/runtime/*.test.ts); here each
 * row of the specification is met once through everything that ships.
 */

const MODES = [
  { mode: 'long polling', webhooks: false },
  { mode: 'webhooks', webhooks: true },
] as const;

/** How long a wait for the bot may take: a round trip through the sandbox and the database. */
const WAIT_MS = 15_000;

/** A Telegram user as the sandbox describes them. */
interface Person {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
}

/** A bot added to Botdeck: its Botdeck id, and its Telegram id and token in the sandbox. */
interface Bot {
  id: number;
  telegramId: number;
  token: string;
  username: string;
  name: string;
}

/** A bot owner (or admin) with the dashboard's API client, signed as their Mini App is. */
interface Owner extends Person {
  api: ApiClient;
}

/** A member of a group as getChatMember answers. */
interface Member {
  status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
  user: { id: number };
  until_date?: number;
  can_send_messages?: boolean;
}

/** The Bot API's webhook info, as the sandbox keeps it for a bot. */
interface WebhookInfo {
  url: string;
  pending_update_count: number;
  allowed_updates?: string[];
}

/** What a person saw after pressing a callback button. */
interface PressAnswer {
  shown: 'nothing' | 'toast' | 'alert';
  text?: string;
}

/** A 1×1 pixel PNG of a size of its own (`width`×`height`), so the photo Telegram got is known. */
function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return PNG.sync.write(image);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Telegram as the sandbox plays it, reached through the server's /dev/sandbox/ routes. */
class Telegram {
  private serial = 0;

  constructor(readonly server: string) {}

  async control<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const response = await fetch(`${this.server}/dev/sandbox/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json()) as { ok: boolean; result?: T; error?: string };
    if (!answer.ok) throw new Error(`sandbox ${method} ${path}: ${answer.error}`);
    return answer.result as T;
  }

  /**
   * Waits until `read` gives something: read again whenever the sandbox changes (its changes
   * long poll), and at least every half second for what it does not announce.
   */
  async until<T>(what: string, read: () => Promise<T | undefined | null | false>): Promise<T> {
    const deadline = Date.now() + WAIT_MS;
    let last: unknown;
    for (;;) {
      const { version } = await this.control<{ version: number }>('GET', 'changes?after=-1');
      const value = await read();
      if (value) return value;
      last = value;
      if (Date.now() > deadline) {
        throw new Error(`${what}: not seen in ${WAIT_MS} ms (last read: ${JSON.stringify(last)})`);
      }
      await this.control('GET', `changes?after=${version}&timeout=0.5`);
    }
  }

  /** A name no other case of this server uses. */
  unique(prefix: string): string {
    this.serial += 1;
    return `${prefix}${this.serial}`;
  }

  person(first_name: string, options: { last_name?: string; username?: string } = {}) {
    return this.control<Person>('POST', 'users', { first_name, ...options });
  }

  /** A person who uses the dashboard: their Mini App's initData is signed by Botdeck's bot. */
  async owner(first_name: string): Promise<Owner> {
    const person = await this.person(first_name, { username: this.unique('owner_') });
    return { ...person, api: await dashboardOf(this.server, person) };
  }

  send(person: Person, to: { bot: Bot } | { group: number }, content: object | string) {
    const target = 'bot' in to ? { bot: to.bot.telegramId } : { group: to.group };
    const body = typeof content === 'string' ? { text: content } : content;
    return this.control<Message>('POST', `users/${person.id}/send`, { ...target, ...body });
  }

  webhookInfo(bot: Bot) {
    return this.control<WebhookInfo>('GET', `bots/${bot.telegramId}/webhook`);
  }

  async isPolling(bot: Bot): Promise<boolean> {
    const state = await this.control<{ bots: { id: number; polling: boolean }[] }>('GET', 'state');
    return state.bots.find((known) => known.id === bot.telegramId)?.polling ?? false;
  }

  calls(bot: Bot, method?: string) {
    const query = method ? `?method=${method}` : '';
    return this.control<CallRecord[]>('GET', `bots/${bot.telegramId}/calls${query}`);
  }

  /**
   * Waits until the bot has taken and handled everything people sent it: Telegram holds an
   * update until the webhook answered it, or until the next getUpdates confirms it, which the
   * runtime asks only once the update was handled.
   */
  async settled(bot: Bot): Promise<void> {
    await this.until(`@${bot.username} done with its updates`, async () => {
      const info = await this.webhookInfo(bot);
      return info.pending_update_count === 0;
    });
  }

  /** A group owned by `owner` with the bot in it as an admin (all rights unless `rights`). */
  async group(
    owner: Person,
    bot: Bot,
    options: { username?: string; rights?: Record<string, boolean> } = {},
  ): Promise<Group> {
    const group = await this.control<{ id: number }>('POST', 'groups', {
      title: this.unique('Group '),
      owner: owner.id,
      ...(options.username ? { username: options.username } : {}),
    });
    await this.control('POST', `groups/${group.id}/bots`, {
      bot: bot.telegramId,
      admin: true,
      ...(options.rights ? { rights: options.rights } : {}),
    });
    return new Group(this, group.id);
  }
}

type Message = ChatEntry['message'];

/** A person's private chat with a bot, read as they see it. */
class Chat {
  /** How many of the bot's messages this test has read so far. */
  private seen = 0;

  constructor(
    private readonly telegram: Telegram,
    readonly person: Person,
    readonly bot: Bot,
  ) {}

  write(content: string | object, options: { replyTo?: number } = {}): Promise<Message> {
    return this.telegram.send(
      this.person,
      { bot: this.bot },
      {
        ...(typeof content === 'string' ? { text: content } : content),
        ...(options.replyTo !== undefined ? { reply_to: options.replyTo } : {}),
      },
    );
  }

  async fromBot(): Promise<ChatEntry[]> {
    const entries = await this.telegram.control<ChatEntry[]>(
      'GET',
      `users/${this.person.id}/chats/${this.bot.telegramId}`,
    );
    return entries.filter((entry) => 'bot' in entry.from);
  }

  /** The bot's next `count` messages to this person, in order. */
  async next(count = 1): Promise<ChatEntry[]> {
    const from = this.seen;
    const all = await this.telegram.until(
      `${count} more message(s) from @${this.bot.username} to ${this.person.first_name}`,
      async () => {
        const entries = await this.fromBot();
        return entries.length >= from + count ? entries : null;
      },
    );
    this.seen = from + count;
    return all.slice(from, from + count);
  }

  /** The bot's next message, as the person sees it now. */
  async nextMessage(): Promise<Message> {
    const [entry] = await this.next(1);
    return (entry as ChatEntry).message;
  }

  /** Once the bot handled everything, it wrote nothing beyond what was read. */
  async expectNothingMore(): Promise<void> {
    await this.telegram.settled(this.bot);
    expect((await this.fromBot()).slice(this.seen).map((entry) => entry.message)).toEqual([]);
  }

  press(message: Message, button: string): Promise<PressAnswer> {
    return this.telegram.control<PressAnswer>('POST', `users/${this.person.id}/press`, {
      bot: this.bot.telegramId,
      message_id: message.message_id,
      button,
    });
  }

  /** Follows a URL button: a bot's start link sends "/start <payload>", any other is returned. */
  follow(message: Message, button: string): Promise<Message | string> {
    return this.telegram.control('POST', `users/${this.person.id}/follow`, {
      bot: this.bot.telegramId,
      message_id: message.message_id,
      button,
    });
  }

  /** Opens a Mini App button: its address with initData signed by the bot. */
  async open(message: Message, button: string): Promise<URL> {
    const { url } = await this.telegram.control<{ url: string }>(
      'POST',
      `users/${this.person.id}/open`,
      { bot: this.bot.telegramId, message_id: message.message_id, button },
    );
    return new URL(url);
  }
}

/** A group as its members see it. */
class Group {
  constructor(
    private readonly telegram: Telegram,
    readonly id: number,
  ) {}

  join(person: Person): Promise<unknown> {
    return this.telegram.control('POST', `groups/${this.id}/join`, { user: person.id });
  }

  write(person: Person, content: string | object): Promise<Message> {
    return this.telegram.send(person, { group: this.id }, content);
  }

  entries(): Promise<ChatEntry[]> {
    return this.telegram.control<ChatEntry[]>('GET', `groups/${this.id}/messages`);
  }

  async entry(message: Message): Promise<ChatEntry | undefined> {
    return (await this.entries()).find((entry) => entry.message.message_id === message.message_id);
  }

  /** Waits until `message` is deleted. */
  async deleted(message: Message): Promise<void> {
    await this.telegram.until(`message ${message.message_id} deleted`, async () =>
      Boolean((await this.entry(message))?.deleted),
    );
  }

  async isThere(message: Message): Promise<boolean> {
    return (await this.entry(message))?.deleted === false;
  }

  /** The bot's messages in the group, in order. */
  async fromBot(bot: Bot): Promise<ChatEntry[]> {
    return (await this.entries()).filter(
      (entry) => 'bot' in entry.from && entry.from.bot === bot.telegramId,
    );
  }

  async member(person: Person): Promise<Member> {
    const group = await this.telegram.control<{ members: Member[] }>('GET', `groups/${this.id}`);
    const member = group.members.find((candidate) => candidate.user.id === person.id);
    return member ?? { status: 'left', user: { id: person.id } };
  }
}

/** The dashboard's API client for `person`, with initData signed by Botdeck's bot. */
async function dashboardOf(server: string, person: Person): Promise<ApiClient> {
  const initData = await signInitData(
    {
      auth_date: String(Math.floor(Date.now() / 1000)),
      user: JSON.stringify({ id: person.id, first_name: person.first_name }),
    },
    DEV_BOT_TOKEN,
  );
  return createApiClient({
    baseUrl: server,
    tokenSecret: DEV_TOKEN_SECRET,
    initData,
    userId: person.id,
  });
}

describe.each(MODES)('the bots people talk to, on $mode', ({ webhooks }) => {
  const data = freshDataDir();
  let server: PreviewServer;
  let telegram: Telegram;
  let startedAt = 0;

  beforeAll(async () => {
    startedAt = Date.now();
    const env: Record<string, string> = { BOTDECK_RATE_LIMIT: 'off' };
    if (webhooks) {
      // The server's own address, so Telegram (its sandbox) posts updates to it.
      const port = await freePort();
      env.PORT = String(port);
      env.BOTDECK_PUBLIC_URL = `http://127.0.0.1:${port}`;
    }
    server = await startPreviewServer(data.dir, { env });
    telegram = new Telegram(server.url);
  });

  afterAll(async () => {
    await server?.stop();
    data.remove();
    console.info(
      `bots answering on ${webhooks ? 'webhooks' : 'long polling'}: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );
  });

  /** A new bot in the sandbox (as @BotFather makes one), added to Botdeck by `owner`. */
  async function addBot(owner: Owner, options: { notice?: boolean } = {}): Promise<Bot> {
    const username = telegram.unique('answers_').concat('_bot');
    const name = `Answers ${username.split('_')[1]}`;
    const made = await telegram.control<{ id: number; token: string }>('POST', 'bots', {
      username,
      name,
    });
    const { bots } = await owner.api.call(ROUTES.addBot, { id: owner.id, api_token: made.token });
    const added = bots.find((bot) => bot.username === username);
    if (!added) throw new Error(`@${username} is not among the owner's bots`);
    const bot = { id: added.id, telegramId: made.id, token: made.token, username, name };
    if (options.notice === false) {
      await owner.api.call(ROUTES.botAction, {
        id: owner.id,
        bot_id: bot.id,
        set: { drop: false, notice: false },
      });
    }
    return bot;
  }

  const chat = (person: Person, bot: Bot) => new Chat(telegram, person, bot);

  /** Saves message `index` of a set as the editor saves it (uploadMsg), with its file if any. */
  async function saveMessage(
    owner: Owner,
    bot: Bot,
    where: { act: Parameters<typeof messagesOf>[2]; ind?: number; ind2?: number },
    message: {
      text: string;
      format?: boolean;
      effect?: string | null;
      buttons?: { text: string; type: string; value: string; row: number }[];
      file?: { bytes: Buffer; name: string; type: string; media_type: string };
    },
  ) {
    const msgdata = {
      id: owner.id,
      bot_id: bot.id,
      ind: where.ind ?? 0,
      ind2: where.ind2 ?? 0,
      act: where.act,
      qa: where.act === 'qamsgs',
      text: message.text,
      format: message.format ?? false,
      effect: message.effect ?? null,
      media_type: message.file?.media_type ?? null,
      buttons: message.buttons ?? [],
      ufile: null,
      rem: false,
      m_url: null,
    };
    const file = message.file
      ? {
          file: new Blob([new Uint8Array(message.file.bytes)], { type: message.file.type }),
          name: message.file.name,
        }
      : undefined;
    return owner.api.upload(ROUTES.uploadMessage, { msgdata: JSON.stringify(msgdata), file });
  }

  function messagesOf(
    owner: Owner,
    bot: Bot,
    act: 'menumsgs' | 'cmdmsgs' | 'spmsgs' | 'startmsg' | 'qamsgs',
    mi = 0,
  ) {
    return owner.api.call(ROUTES.messages[act].read, { id: owner.id, bot_id: bot.id, mi });
  }

  /** A menu, command, Q&A or start payload with its one (or first) message's text. */
  async function createItem(
    owner: Owner,
    bot: Bot,
    kind: 'menu' | 'command' | 'question' | 'startPayload',
    name: string,
  ) {
    const base = { id: owner.id, bot_id: bot.id, set: true } as const;
    switch (kind) {
      case 'menu':
        return owner.api.call(ROUTES.lists.menu.create, { ...base, menu: name });
      case 'command':
        return owner.api.call(ROUTES.lists.command.create, { ...base, command: name });
      case 'question':
        return owner.api.call(ROUTES.lists.question.create, { ...base, replies: name });
      case 'startPayload':
        return owner.api.call(ROUTES.lists.startPayload.create, { ...base, startPayload: name });
    }
  }

  /** Saves the group protection as the /advanced page does: every section, one changed. */
  async function protect(
    owner: Owner,
    bot: Bot,
    change: (now: AdvancedSettings) => Partial<{
      captcha: AdvancedSettings['adv']['captcha'];
      chatMode: AdvancedSettings['adv']['chat_mode'];
      links: AdvancedSettings['adv']['links'];
      langs: AdvancedSettings['adv']['langs'];
      antiSpam: AdvancedSettings['adv']['antispam'];
      jr: boolean;
    }>,
  ) {
    const now = await owner.api.call(ROUTES.advanced, { id: owner.id, bot_id: bot.id });
    await owner.api.call(ROUTES.saveAdvanced, {
      id: owner.id,
      bot_id: bot.id,
      advanced: {
        captcha: now.adv.captcha,
        chatMode: now.adv.chat_mode,
        links: now.adv.links,
        langs: now.adv.langs,
        antiSpam: now.adv.antispam,
        cur: true,
        jr: now.jr_enable,
        ...change(now),
      },
    });
  }

  /** Makes `person` an admin of the bot with only the permissions named. */
  async function promote(owner: Owner, bot: Bot, person: Person, ...granted: string[]) {
    const flags: AdminPermissions = noPermissions();
    for (const permission of granted) flags[permission as keyof AdminPermissions] = true;
    await owner.api.call(ROUTES.promoteAdmin, {
      id: owner.id,
      bot_id: bot.id,
      uid: person.id,
      promote: true,
      ...flags,
    });
  }

  const greeting = 'Hello! Welcome to the bot.';

  describe('adding, running, stopping and deleting a bot (SERVER.md 3)', () => {
    it('keeps the profile photo the bot has on Telegram, served by GET /photo', async () => {
      const owner = await telegram.owner('Pia');
      const username = telegram.unique('pictured_').concat('_bot');
      const made = await telegram.control<{ id: number; token: string }>('POST', 'bots', {
        username,
        name: 'Pictured Bot',
      });
      await telegram.control('POST', `bots/${made.id}/photo`, {});
      await owner.api.call(ROUTES.addBot, { id: owner.id, api_token: made.token });
      // Fetched after the add answered: the list shows it once it is kept.
      const photo = await telegram.until('the photo kept', async () => {
        const listed = await owner.api.call(ROUTES.bots, { id: owner.id, select: true });
        return listed.bots[0]?.photo ?? null;
      });
      const served = await fetch(`${server.url}/photo?file=${encodeURIComponent(photo)}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('Content-Type')).toBe('image/jpeg');
      // The sandbox's sample picture: a PNG, as Telegram would hand back a JPEG's bytes.
      expect(
        Buffer.from(await served.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    });

    it('adds a bot by its token: getMe, stored as the owner’s, Active, answering at once', async () => {
      const owner = await telegram.owner('Olga');
      const username = telegram.unique('added_').concat('_bot');
      const made = await telegram.control<{ id: number; token: string }>('POST', 'bots', {
        username,
        name: 'Added Bot',
      });
      const added = await owner.api.call(ROUTES.addBot, { id: owner.id, api_token: made.token });
      expect(added.msg).toBe('Bot added.');
      expect(added.bots).toEqual([
        { id: expect.any(Number), name: 'Added Bot', username, photo: null, status: 'Active' },
      ]);
      const bot: Bot = {
        id: added.bots[0]?.id as number,
        telegramId: made.id,
        token: made.token,
        username,
        name: 'Added Bot',
      };
      expect((await telegram.calls(bot, 'getMe')).map((call) => call.ok)).toEqual([true]);

      if (webhooks) {
        const info = await telegram.until('the webhook set', async () => {
          const now = await telegram.webhookInfo(bot);
          return now.url ? now : null;
        });
        expect(info.url).toBe(`${server.url}/tg/${bot.id}`);
        const [setWebhook] = await telegram.calls(bot, 'setWebhook');
        expect(setWebhook?.params.secret_token).toMatch(/^[A-Za-z0-9_-]{16,256}$/);
      } else {
        await telegram.until('the bot long polling', () => telegram.isPolling(bot));
        expect((await telegram.webhookInfo(bot)).url).toBe('');
      }
      // What it asks Telegram for, by setWebhook or getUpdates.
      expect([...((await telegram.webhookInfo(bot)).allowed_updates ?? [])].sort()).toEqual(
        [
          'message',
          'edited_message',
          'callback_query',
          'chat_member',
          'my_chat_member',
          'chat_join_request',
          'pre_checkout_query',
        ].sort(),
      );

      const ada = chat(await telegram.person('Ada'), bot);
      await ada.write('/start');
      expect((await ada.nextMessage()).text).toBe(greeting);
    });

    it('refuses a token Telegram does not accept and a bot someone else added, storing nothing', async () => {
      const owner = await telegram.owner('Oscar');
      const bot = await addBot(owner);
      const other = await telegram.owner('Otto');
      await expect(
        other.api.call(ROUTES.addBot, { id: other.id, api_token: bot.token }),
      ).rejects.toMatchObject({ kind: 'server', msg: 'This bot is already added.' });
      await expect(
        other.api.call(ROUTES.addBot, {
          id: other.id,
          api_token: '7999999999:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0',
        }),
      ).rejects.toMatchObject({
        kind: 'server',
        msg: "Telegram doesn't accept this token. Copy the whole token from @BotFather, or revoke it there and paste the new one.",
      });
      expect((await other.api.call(ROUTES.bots, { id: other.id, select: true })).bots).toEqual([]);
    });

    it(
      webhooks
        ? 'refuses a webhook call without the bot’s secret header, answering nothing'
        : 'has no webhook to call without a public URL',
      async () => {
        const owner = await telegram.owner('Wendy');
        const bot = await addBot(owner);
        const ada = await telegram.person('Ada');
        const adaChat = chat(ada, bot);
        await adaChat.write('/start');
        expect((await adaChat.nextMessage()).text).toBe(greeting);

        // The same /start again, but posted by someone who is not Telegram.
        const forged = {
          update_id: 900_001,
          message: {
            message_id: 900_001,
            date: Math.floor(Date.now() / 1000),
            chat: { id: ada.id, type: 'private', first_name: ada.first_name },
            from: { id: ada.id, is_bot: false, first_name: ada.first_name },
            text: '/start',
            entities: [{ type: 'bot_command', offset: 0, length: 6 }],
          },
        };
        for (const secret of [null, 'not-the-secret', `${'0'.repeat(64)}`]) {
          const response = await fetch(`${server.url}/tg/${bot.id}`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              ...(secret ? { 'X-Telegram-Bot-Api-Secret-Token': secret } : {}),
            },
            body: JSON.stringify(forged),
          });
          expect(response.status).toBe(webhooks ? 401 : 404);
        }
        // A webhook answers once the update is handled: had one been taken, its answer would be here.
        await adaChat.expectNothingMore();
      },
    );

    it('marks a bot whose token Telegram revoked Crashed, and runs it again on the new token', async () => {
      const owner = await telegram.owner('Rita');
      const bot = await addBot(owner);
      const ada = chat(await telegram.person('Ada'), bot);
      await ada.write('/start');
      expect((await ada.nextMessage()).text).toBe(greeting);

      await telegram.control('POST', `bots/${bot.telegramId}/revoke`);
      await ada.write('/start');
      await telegram.until('the bot Crashed', async () => {
        const { bots } = await owner.api.call(ROUTES.bots, { id: owner.id, select: true });
        return bots.find((known) => known.id === bot.id)?.status === 'Crashed';
      });
      const info = await owner.api.call(ROUTES.botInfo, { id: owner.id, bot_id: bot.id });
      expect({ status: info.status, notActive: info.notActive }).toEqual({
        status: 'Crashed',
        notActive: true,
      });

      const { token } = await telegram.control<{ token: string }>(
        'POST',
        `bots/${bot.telegramId}/token`,
      );
      const repaired = await owner.api.call(ROUTES.addBot, {
        id: owner.id,
        api_token: token,
        bot_id: bot.id,
      });
      expect(repaired.msg).toBe('The new token works. Your bot is running again.');
      expect(repaired.bots.find((known) => known.id === bot.id)?.status).toBe('Active');
      await ada.write('/start');
      expect((await ada.nextMessage()).text).toBe(greeting);
    });

    it('stops taking updates when stopped (they wait at Telegram), and answers them on start', async () => {
      const owner = await telegram.owner('Sam');
      const bot = await addBot(owner);
      const stopped = await owner.api.call(ROUTES.botAction, {
        id: owner.id,
        bot_id: bot.id,
        stop: true,
      });
      expect(stopped.success).toBe(true);
      if (webhooks) {
        await telegram.until('the webhook deleted', async () => {
          return (await telegram.webhookInfo(bot)).url === '';
        });
      } else {
        await telegram.until('polling stopped', async () => !(await telegram.isPolling(bot)));
      }
      const ada = chat(await telegram.person('Ada'), bot);
      await ada.write('/start');
      expect((await telegram.webhookInfo(bot)).pending_update_count).toBe(1);
      expect(await ada.fromBot()).toEqual([]);

      await owner.api.call(ROUTES.botAction, { id: owner.id, bot_id: bot.id, start: true });
      expect((await ada.nextMessage()).text).toBe(greeting);
      await ada.expectNothingMore();
    });

    it('drops what waited at Telegram when started with drop on', async () => {
      const owner = await telegram.owner('Dora');
      const bot = await addBot(owner);
      await owner.api.call(ROUTES.botAction, {
        id: owner.id,
        bot_id: bot.id,
        set: { drop: true, notice: true },
      });
      await owner.api.call(ROUTES.botAction, { id: owner.id, bot_id: bot.id, stop: true });
      if (!webhooks) {
        await telegram.until('polling stopped', async () => !(await telegram.isPolling(bot)));
      }
      const ada = chat(await telegram.person('Ada'), bot);
      await ada.write('/start');
      expect((await telegram.webhookInfo(bot)).pending_update_count).toBe(1);

      await owner.api.call(ROUTES.botAction, { id: owner.id, bot_id: bot.id, start: true });
      await ada.expectNothingMore();
      await ada.write('/start');
      expect((await ada.nextMessage()).text).toBe(greeting);
    });

    it('deletes a bot: its webhook or polling ends, and all its data goes', async () => {
      const owner = await telegram.owner('Dana');
      const bot = await addBot(owner);
      await saveMessage(owner, bot, { act: 'startmsg' }, { text: 'Soon gone' });
      const ada = chat(await telegram.person('Ada'), bot);
      await ada.write('/start');
      expect((await ada.nextMessage()).text).toBe('Soon gone');

      const deleted = await owner.api.call(ROUTES.botAction, {
        id: owner.id,
        bot_id: bot.id,
        delete_bot: true,
      });
      expect(deleted.nav).toBe(true);
      expect((await owner.api.call(ROUTES.bots, { id: owner.id, select: true })).bots).toEqual([]);
      if (webhooks) {
        await telegram.until('the webhook deleted', async () => {
          return (await telegram.webhookInfo(bot)).url === '';
        });
      } else {
        await telegram.until('polling stopped', async () => !(await telegram.isPolling(bot)));
      }
      await expect(
        owner.api.call(ROUTES.botInfo, { id: owner.id, bot_id: bot.id }),
      ).rejects.toMatchObject({ kind: 'server', nav: true });

      // Added again, it is a new bot: nothing of the old one's messages or users is left.
      const again = await owner.api.call(ROUTES.addBot, { id: owner.id, api_token: bot.token });
      const newId = again.bots[0]?.id as number;
      expect(newId).not.toBe(bot.id);
      const users = await owner.api.call(ROUTES.users, { id: owner.id, bot_id: newId });
      expect(users.users.map((user) => user.id)).not.toContain(ada.person.id);
      const start = await owner.api.call(ROUTES.messages.startmsg.read, {
        id: owner.id,
        bot_id: newId,
        mi: 0,
      });
      expect(start.messages.map((message) => message.text)).toEqual([greeting]);
    });

    it('tells the owner and the admins with get_reply about each new user (notice)', async () => {
      const owner = await telegram.owner('Nina');
      const bot = await addBot(owner);
      const ownerChat = chat(owner, bot);
      await ownerChat.write('/start');
      expect((await ownerChat.nextMessage()).text).toBe(greeting);
      const helper = await telegram.person('Hugo', { username: telegram.unique('hugo_') });
      const quiet = await telegram.person('Quentin');
      const helperChat = chat(helper, bot);
      const quietChat = chat(quiet, bot);
      for (const member of [helperChat, quietChat]) {
        await member.write('/start');
        expect((await member.nextMessage()).text).toBe(greeting);
      }
      expect((await ownerChat.next(2)).map((entry) => entry.message.text)).toEqual([
        `New user: Hugo (@${helper.username}, id ${helper.id})`,
        `New user: Quentin (id ${quiet.id})`,
      ]);
      await promote(owner, bot, helper, 'get_reply');
      await promote(owner, bot, quiet, 'manage_msg');

      const ada = await telegram.person('Ada', {
        last_name: 'Lovelace',
        username: telegram.unique('ada_'),
      });
      const adaChat = chat(ada, bot);
      await adaChat.write('/start');
      expect((await adaChat.nextMessage()).text).toBe(greeting);
      const notice = `New user: Ada Lovelace (@${ada.username}, id ${ada.id})`;
      expect((await ownerChat.nextMessage()).text).toBe(notice);
      expect((await helperChat.nextMessage()).text).toBe(notice);
      // Only new users: Ada again is no news; an admin without get_reply hears nothing.
      await adaChat.write('/start');
      await adaChat.next(1);
      await ownerChat.expectNothingMore();
      await helperChat.expectNothingMore();
      await quietChat.expectNothingMore();
    });
  });

  describe('a private chat (SERVER.md 4)', () => {
    it('records everyone who writes as the bot’s users', async () => {
      const owner = await telegram.owner('Uma');
      const bot = await addBot(owner);
      const ada = await telegram.person('Ada', {
        last_name: 'Lovelace',
        username: telegram.unique('ada_'),
      });
      const bob = await telegram.person('Bob');
      await telegram.send(ada, { bot }, 'hello');
      await telegram.send(bob, { bot }, 'hi');
      await telegram.settled(bot);
      const { users } = await owner.api.call(ROUTES.users, { id: owner.id, bot_id: bot.id });
      // The owner is listed apart (as the owner), not among the users.
      expect(users).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: ada.id, name: 'Ada Lovelace', username: ada.username }),
          expect.objectContaining({ id: bob.id, name: 'Bob', username: null }),
        ]),
      );
      expect(users).toHaveLength(2);
    });

    it('answers a banned user nothing at all, and answers again once unbanned', async () => {
      const owner = await telegram.owner('Bea');
      const bot = await addBot(owner);
      const ada = chat(await telegram.person('Ada'), bot);
      await ada.write('/start');
      expect((await ada.nextMessage()).text).toBe(greeting);
      const banned = await owner.api.call(ROUTES.userAction, {
        id: owner.id,
        bot_id: bot.id,
        uid: ada.person.id,
        ban: true,
      });
      expect(banned.banned.map((person) => person.id)).toEqual([ada.person.id]);
      await ada.write('/start');
      await ada.write('/help');
      await ada.expectNothingMore();

      await owner.api.call(ROUTES.userAction, {
        id: owner.id,
        bot_id: bot.id,
        uid: ada.person.id,
        unban: true,
      });
      await ada.write('/start');
      expect((await ada.nextMessage()).text).toBe(greeting);
    });

    it('asks for the required chats first, with a join button each and Check again', async () => {
      const owner = await telegram.owner('Jon');
      const bot = await addBot(owner);
      const news = telegram.unique('news_chat_');
      const required = await telegram.group(owner, bot, { username: news });
      const { join_req } = await owner.api.call(ROUTES.addRequirement, {
        id: owner.id,
        bot_id: bot.id,
        add_req: `@${news}`,
      });
      await protect(owner, bot, () => ({ jr: true }));

      const ada = await telegram.person('Ada');
      const adaChat = chat(ada, bot);
      await adaChat.write('/start');
      const prompt = await adaChat.nextMessage();
      expect(prompt.text).toBe('To use this bot, join these first:');
      expect(prompt.reply_markup?.inline_keyboard).toEqual([
        [{ text: join_req[0]?.name, url: `https://t.me/${news}` }],
        [{ text: 'Check again', callback_data: 'j' }],
      ]);
      // Nothing else is answered until they join.
      await adaChat.write('/start');
      expect((await adaChat.nextMessage()).text).toBe('To use this bot, join these first:');
      expect(await adaChat.press(prompt, 'Check again')).toMatchObject({
        shown: 'toast',
        text: "You haven't joined all of them yet.",
      });

      await required.join(ada);
      expect(await adaChat.press(prompt, 'Check again')).toMatchObject({
        shown: 'toast',
        text: 'Thanks for joining! You can use the bot now.',
      });
      await adaChat.write('/start');
      expect((await adaChat.nextMessage()).text).toBe(greeting);
      const edited = (await adaChat.fromBot()).find(
        (entry) => entry.message.message_id === prompt.message_id,
      );
      expect(edited?.message.text).toBe('Thanks for joining! You can use the bot now.');
    });

    it('answers /start with the start message as last saved', async () => {
      const owner = await telegram.owner('Stan');
      const bot = await addBot(owner);
      await saveMessage(owner, bot, { act: 'startmsg' }, { text: 'Welcome to the bakery' });
      const ada = chat(await telegram.person('Ada'), bot);
      await ada.write('/start');
      expect((await ada.nextMessage()).text).toBe('Welcome to the bakery');
      // A save reaches the next update.
      await saveMessage(owner, bot, { act: 'startmsg' }, { text: 'Welcome back to the bakery' });
      await ada.write('/start');
      expect((await ada.nextMessage()).text).toBe('Welcome back to the bakery');
    });

    it('answers /start sp-NAME with that start payload, and an unknown one with the start message', async () => {
      const owner = await telegram.owner('Pia');
      const bot = await addBot(owner);
      await createItem(owner, bot, 'startPayload', 'summer');
      await saveMessage(owner, bot, { act: 'spmsgs' }, { text: 'Summer offer: two for one' });
      const ada = chat(await telegram.person('Ada'), bot);
      await ada.write('/start sp-summer');
      expect((await ada.nextMessage()).text).toBe('Summer offer: two for one');
      await ada.write('/start sp-winter');
      expect((await ada.nextMessage()).text).toBe(greeting);
    });

    it('answers /NAME with its command and keeps Telegram’s command list in step', async () => {
      const owner = await telegram.owner('Carl');
      const bot = await addBot(owner);
      await createItem(owner, bot, 'command', 'help');
      await saveMessage(owner, bot, { act: 'cmdmsgs', ind: 0 }, { text: 'How to use me' });
      await createItem(owner, bot, 'command', 'About');
      await saveMessage(owner, bot, { act: 'cmdmsgs', ind: 1 }, { text: 'A bot of the bakery' });
      const commands = () =>
        telegram.control<{ command: string; description: string }[]>(
          'GET',
          `bots/${bot.telegramId}/commands`,
        );
      await telegram.until('both commands at Telegram', async () => {
        return (await commands()).length === 2;
      });
      expect(await commands()).toEqual([
        { command: 'help', description: 'help' },
        { command: 'about', description: 'About' },
      ]);

      const ada = chat(await telegram.person('Ada'), bot);
      await ada.write('/help');
      expect((await ada.nextMessage()).text).toBe('How to use me');
      await ada.write('/About');
      expect((await ada.nextMessage()).text).toBe('A bot of the bakery');

      await owner.api.call(ROUTES.lists.command.remove, {
        id: owner.id,
        bot_id: bot.id,
        del: true,
        index: 1,
      });
      await telegram.until('one command left at Telegram', async () => {
        return (await commands()).length === 1;
      });
      expect(await commands()).toEqual([{ command: 'help', description: 'help' }]);
      await ada.write('/About');
      await ada.expectNothingMore();
    });

    it('sends a message set in order: HTML, the effect, photo, video, audio and document, then file ids', async () => {
      const owner = await telegram.owner('Mia');
      const bot = await addBot(owner);
      const offer = await owner.api.call(ROUTES.upgrade, { bot: bot.id });
      const paid = await fetch(`${server.url}/dev/pay-invoice`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ link: offer.pro_mo }),
      });
      expect(((await paid.json()) as { success: boolean }).success).toBe(true);
      for (let added = 0; added < 5; added += 1) {
        await owner.api.call(ROUTES.messages.startmsg.add, {
          id: owner.id,
          bot_id: bot.id,
          mi: 0,
          add: true,
        });
      }
      const photo = png(3, 2);
      const video = Buffer.from('not really a film, but Telegram takes the bytes');
      const audio = Buffer.from('ID3 a tune');
      const menu = Buffer.from('Bread 2 €\nCake 15 €\n');
      const start = { act: 'startmsg' } as const;
      await saveMessage(owner, bot, start, {
        text: '<b>Bold</b>, <i>italic</i> and <a href="https://example.com/page">a link</a>',
        format: true,
        effect: '5046509860389126442',
      });
      await saveMessage(
        owner,
        bot,
        { ...start, ind2: 1 },
        {
          text: 'Our <u>shop</u>',
          format: true,
          file: { bytes: photo, name: 'shop.png', type: 'image/png', media_type: 'photo' },
        },
      );
      await saveMessage(
        owner,
        bot,
        { ...start, ind2: 2 },
        {
          text: 'A tour',
          file: { bytes: video, name: 'tour.mp4', type: 'video/mp4', media_type: 'video' },
        },
      );
      await saveMessage(
        owner,
        bot,
        { ...start, ind2: 3 },
        {
          text: 'Our song',
          file: { bytes: audio, name: 'song.mp3', type: 'audio/mpeg', media_type: 'audio' },
        },
      );
      await saveMessage(
        owner,
        bot,
        { ...start, ind2: 4 },
        {
          text: 'The menu',
          file: { bytes: menu, name: 'menu.txt', type: 'text/plain', media_type: 'file' },
        },
      );
      await saveMessage(owner, bot, { ...start, ind2: 5 }, { text: '<b>as typed</b>' });

      const ada = chat(await telegram.person('Ada'), bot);
      await ada.write('/start');
      const [text, photoEntry, videoEntry, audioEntry, documentEntry, plain] = await ada.next(6);
      expect(text?.message.text).toBe('Bold, italic and a link');
      expect(text?.message.entities).toEqual([
        { type: 'bold', offset: 0, length: 4 },
        { type: 'italic', offset: 6, length: 6 },
        { type: 'text_link', offset: 17, length: 6, url: 'https://example.com/page' },
      ]);
      expect(text?.effectId).toBe('5046509860389126442');
      expect(photoEntry?.message.caption).toBe('Our shop');
      expect(photoEntry?.message.caption_entities).toEqual([
        { type: 'underline', offset: 4, length: 4 },
      ]);
      expect(photoEntry?.message.photo?.at(-1)).toMatchObject({
        width: 3,
        height: 2,
        file_size: photo.length,
      });
      expect(videoEntry?.message).toMatchObject({
        caption: 'A tour',
        video: { file_size: video.length },
      });
      expect(audioEntry?.message).toMatchObject({
        caption: 'Our song',
        audio: { file_size: audio.length },
      });
      // Not checked: the file names Telegram shows, which are the server's upload names
      // (`<bot>-<random>.mp4`), not the owner's files' (the uploads keep no client name).
      expect(documentEntry?.message).toMatchObject({
        caption: 'The menu',
        document: { file_size: menu.length },
      });
      // The format flag off: the tags are sent as written.
      expect(plain?.message.text).toBe('<b>as typed</b>');
      expect(plain?.message.entities).toBeUndefined();

      const sent = (calls: CallRecord[]) =>
        calls
          .filter((call) => call.ok && /^send/.test(call.method))
          .map((call) => ({
            method: call.method,
            // grammY names the uploaded part at random (attach://<name>): how many, not which.
            uploads: call.files.length,
            parse_mode: call.params.parse_mode,
          }));
      const firstCalls = await telegram.calls(bot);
      expect(sent(firstCalls)).toEqual([
        { method: 'sendMessage', uploads: 0, parse_mode: 'HTML' },
        { method: 'sendPhoto', uploads: 1, parse_mode: 'HTML' },
        { method: 'sendVideo', uploads: 1, parse_mode: undefined },
        { method: 'sendAudio', uploads: 1, parse_mode: undefined },
        { method: 'sendDocument', uploads: 1, parse_mode: undefined },
        { method: 'sendMessage', uploads: 0, parse_mode: undefined },
      ]);

      // The second time, Telegram's file ids instead of the files.
      await ada.write('/start');
      const again = await ada.next(6);
      const resent = (await telegram.calls(bot)).slice(firstCalls.length);
      expect(sent(resent).map((call) => [call.method, call.uploads])).toEqual([
        ['sendMessage', 0],
        ['sendPhoto', 0],
        ['sendVideo', 0],
        ['sendAudio', 0],
        ['sendDocument', 0],
        ['sendMessage', 0],
      ]);
      const byMethod = (method: string) => resent.find((call) => call.method === method)?.params;
      expect(byMethod('sendPhoto')?.photo).toBe(photoEntry?.message.photo?.at(-1)?.file_id);
      expect(byMethod('sendVideo')?.video).toBe(videoEntry?.message.video?.file_id);
      expect(byMethod('sendAudio')?.audio).toBe(audioEntry?.message.audio?.file_id);
      expect(byMethod('sendDocument')?.document).toBe(documentEntry?.message.document?.file_id);
      expect(again[1]?.message.photo?.at(-1)?.file_unique_id).toBe(
        photoEntry?.message.photo?.at(-1)?.file_unique_id,
      );
    });

    it('sends media by a file id the owner gave instead of a file (Telegram’s id, by its kind)', async () => {
      const owner = await telegram.owner('Fay');
      const bot = await addBot(owner, { notice: false });
      // A file the bot knows: a photo someone sent it (file ids are each bot's own).
      const ada = chat(await telegram.person('Ada'), bot);
      await ada.write({ photo: true, caption: 'for you' });
      await telegram.settled(bot);
      const updates = await telegram.control<{ update: { message?: Message } }[]>(
        'GET',
        `bots/${bot.telegramId}/updates`,
      );
      const received = updates.find((item) => item.update.message?.photo)?.update.message;
      const fileId = received?.photo?.at(-1)?.file_id as string;
      expect(fileId).toBeTruthy();

      const msgdata = {
        id: owner.id,
        bot_id: bot.id,
        ind: 0,
        ind2: 0,
        act: 'startmsg',
        qa: false,
        text: 'Seen before',
        format: false,
        effect: null,
        // As the editor sends it: a file id goes under the "file" type, its prefix saying what
        // it holds (the bot's own ids are Telegram's, with no prefix).
        media_type: 'file',
        buttons: [],
        ufile: `photo-${fileId}`,
        rem: false,
        m_url: null,
      };
      const saved = await owner.api.upload(ROUTES.uploadMessage, {
        msgdata: JSON.stringify(msgdata),
      });
      expect(saved.message).toMatchObject({
        media_type: 'file',
        ufile: `photo-${fileId}`,
        media: null,
      });
      await ada.write('/start');
      const sent = await ada.nextMessage();
      expect(sent.caption).toBe('Seen before');
      expect(sent.photo?.at(-1)?.file_unique_id).toBe(received?.photo?.at(-1)?.file_unique_id);
      const [sendPhoto] = await telegram.calls(bot, 'sendPhoto');
      expect({ uploads: sendPhoto?.files.length, photo: sendPhoto?.params.photo }).toEqual({
        uploads: 0,
        photo: fileId,
      });
    });

    it('runs a Q&A: the question, the answer to the owner and admins with get_reply, the responses', async () => {
      const owner = await telegram.owner('Quinn');
      const bot = await addBot(owner, { notice: false });
      await createItem(owner, bot, 'question', 'delivery');
      await saveMessage(owner, bot, { act: 'qamsgs' }, { text: 'Where do you live?' });
      await saveMessage(owner, bot, { act: 'qamsgs', ind2: 1 }, { text: 'We deliver there.' });
      await saveMessage(
        owner,
        bot,
        { act: 'startmsg' },
        {
          text: 'Hello',
          buttons: [{ text: 'Delivery?', type: 'Question', value: 'delivery', row: 0 }],
        },
      );
      const ownerChat = chat(owner, bot);
      const helper = await telegram.person('Hugo');
      const quiet = await telegram.person('Quentin');
      const helperChat = chat(helper, bot);
      const quietChat = chat(quiet, bot);
      for (const member of [ownerChat, helperChat, quietChat]) {
        await member.write('/start');
        await member.next(1);
      }
      await promote(owner, bot, helper, 'get_reply');
      await promote(owner, bot, quiet, 'manage_msg');

      const ada = await telegram.person('Ada', { username: telegram.unique('ada_') });
      const adaChat = chat(ada, bot);
      await adaChat.write('/start');
      const hello = await adaChat.nextMessage();
      await adaChat.press(hello, 'Delivery?');
      expect((await adaChat.nextMessage()).text).toBe('Where do you live?');
      await adaChat.write('In the old town');
      expect((await adaChat.nextMessage()).text).toBe('We deliver there.');
      for (const member of [ownerChat, helperChat]) {
        expect((await member.next(2)).map((entry) => entry.message.text)).toEqual([
          `Answer from Ada (@${ada.username}, id ${ada.id}) to “delivery”:`,
          'In the old town',
        ]);
      }
      await quietChat.expectNothingMore();
      // The next message is no answer any more.
      await adaChat.write('Thanks');
      await adaChat.expectNothingMore();
      await ownerChat.expectNothingMore();
    });

    it('relays a user’s message to the team in chat mode, and the owner’s reply back', async () => {
      const owner = await telegram.owner('Cleo');
      const bot = await addBot(owner, { notice: false });
      const ownerChat = chat(owner, bot);
      await ownerChat.write('/start');
      await ownerChat.next(1);
      await protect(owner, bot, (now) => ({
        chatMode: { ...now.adv.chat_mode, enable: true, topic: false },
      }));

      const ada = await telegram.person('Ada', { username: telegram.unique('ada_') });
      const adaChat = chat(ada, bot);
      await adaChat.write('Is the shop open today?');
      const [header, copy] = await ownerChat.next(2);
      expect(header?.message.text).toBe(
        `Message from Ada (@${ada.username}, id ${ada.id}) (reply to it to answer):`,
      );
      expect(copy?.message.text).toBe('Is the shop open today?');
      await ownerChat.write('Yes, until six', { replyTo: copy?.message.message_id });
      expect((await adaChat.nextMessage()).text).toBe('Yes, until six');
    });

    it('keeps a sent button working after other items are deleted (ids, not positions)', async () => {
      const owner = await telegram.owner('Ida');
      const bot = await addBot(owner, { notice: false });
      await createItem(owner, bot, 'menu', 'first');
      await saveMessage(owner, bot, { act: 'menumsgs', ind: 0 }, { text: 'The first menu' });
      await createItem(owner, bot, 'menu', 'second');
      await saveMessage(owner, bot, { act: 'menumsgs', ind: 1 }, { text: 'The second menu' });
      await saveMessage(
        owner,
        bot,
        { act: 'startmsg' },
        {
          text: 'Menus',
          buttons: [
            { text: 'Second', type: 'Menu', value: 'second', row: 0 },
            {
              text: 'Note',
              type: 'Popup',
              value: 'Kept by its place in the start message',
              row: 0,
            },
          ],
        },
      );
      const ada = chat(await telegram.person('Ada'), bot);
      await ada.write('/start');
      const sent = await ada.nextMessage();
      for (const button of sent.reply_markup?.inline_keyboard.flat() ?? []) {
        expect(
          Buffer.byteLength((button as { callback_data: string }).callback_data),
        ).toBeLessThanOrEqual(64);
      }

      // The first menu goes: the second is now at position 0, and a new first one is added.
      await owner.api.call(ROUTES.lists.menu.remove, {
        id: owner.id,
        bot_id: bot.id,
        del: true,
        index: 0,
      });
      await createItem(owner, bot, 'menu', 'third');
      await saveMessage(owner, bot, { act: 'menumsgs', ind: 1 }, { text: 'The third menu' });
      await ada.press(sent, 'Second');
      expect((await ada.nextMessage()).text).toBe('The second menu');
      expect(await ada.press(sent, 'Note')).toMatchObject({
        shown: 'toast',
        text: 'Kept by its place in the start message',
      });
    });

    describe('every button type, on one start message', () => {
      let owner: Owner;
      let bot: Bot;

      beforeAll(async () => {
        owner = await telegram.owner('Bo');
        bot = await addBot(owner, { notice: false });
        await createItem(owner, bot, 'menu', 'prices');
        await saveMessage(owner, bot, { act: 'menumsgs' }, { text: 'Bread 2 €, cake 15 €' });
        await createItem(owner, bot, 'question', 'delivery');
        await saveMessage(owner, bot, { act: 'qamsgs' }, { text: 'Where do you live?' });
        await saveMessage(owner, bot, { act: 'qamsgs', ind2: 1 }, { text: 'We deliver there.' });
        await createItem(owner, bot, 'startPayload', 'offer');
        await saveMessage(owner, bot, { act: 'spmsgs' }, { text: 'Two for one today' });
        await saveMessage(
          owner,
          bot,
          { act: 'startmsg' },
          {
            text: 'Pick one',
            buttons: [
              { text: 'Site', type: 'Url', value: 'https://example.com/shop', row: 0 },
              // A Start Payload button travels as a Url to the bot's start link (core's encodeButton).
              {
                text: 'Offer',
                type: 'Url',
                value: `https://t.me/${bot.username}?start=sp-offer`,
                row: 0,
              },
              { text: 'Tell a friend', type: 'Share', value: 'Come and see', row: 1 },
              { text: 'Shop', type: 'Shop', value: '', row: 1 },
              { text: 'Prices', type: 'Menu', value: 'prices', row: 2 },
              { text: 'Delivery?', type: 'Question', value: 'delivery', row: 2 },
              { text: 'Hours', type: 'Popup', value: 'Open from 8 to 18', row: 3 },
              { text: 'Allergens', type: 'Alert', value: 'Everything may contain nuts', row: 3 },
            ],
          },
        );
      });

      /** A new person's /start, and the start message they get. */
      async function started() {
        const person = chat(await telegram.person('Ada'), bot);
        await person.write('/start');
        return { person, message: await person.nextMessage() };
      }

      it('sends the buttons as Telegram’s inline keyboard, row by row', async () => {
        const { message } = await started();
        const appUrl = server.url;
        expect(message.reply_markup?.inline_keyboard).toEqual([
          [
            { text: 'Site', url: 'https://example.com/shop' },
            { text: 'Offer', url: `https://t.me/${bot.username}?start=sp-offer` },
          ],
          [
            {
              text: 'Tell a friend',
              url: `https://t.me/share/url?url=${encodeURIComponent(`https://t.me/${bot.username}`)}&text=${encodeURIComponent('Come and see')}`,
            },
            { text: 'Shop', web_app: { url: `${appUrl}/shop?bot=${bot.id}` } },
          ],
          [
            { text: 'Prices', callback_data: expect.stringMatching(/^m\d+$/) },
            { text: 'Delivery?', callback_data: expect.stringMatching(/^q\d+$/) },
          ],
          [
            { text: 'Hours', callback_data: 'ps.0.6' },
            { text: 'Allergens', callback_data: 'ps.0.7' },
          ],
        ]);
      });

      it('Url: opens the address', async () => {
        const { person, message } = await started();
        expect(await person.follow(message, 'Site')).toBe('https://example.com/shop');
      });

      it('Start Payload: starts the bot with the payload, which answers with its set', async () => {
        const { person, message } = await started();
        expect(await person.follow(message, 'Offer')).toMatchObject({ text: '/start sp-offer' });
        expect((await person.nextMessage()).text).toBe('Two for one today');
      });

      it('Share: Telegram’s share link with the bot’s link and the text', async () => {
        const { person, message } = await started();
        const link = new URL((await person.follow(message, 'Tell a friend')) as string);
        expect(`${link.origin}${link.pathname}`).toBe('https://t.me/share/url');
        expect(Object.fromEntries(link.searchParams)).toEqual({
          url: `https://t.me/${bot.username}`,
          text: 'Come and see',
        });
      });

      it('Menu: sends that menu’s messages', async () => {
        const { person, message } = await started();
        expect(await person.press(message, 'Prices')).toMatchObject({ shown: 'nothing' });
        expect((await person.nextMessage()).text).toBe('Bread 2 €, cake 15 €');
      });

      it('Question: asks the Q&A’s question and takes the next message as the answer', async () => {
        const { person, message } = await started();
        await person.press(message, 'Delivery?');
        expect((await person.nextMessage()).text).toBe('Where do you live?');
        await person.write('Near the station');
        expect((await person.nextMessage()).text).toBe('We deliver there.');
      });

      it('Popup: a toast with the text', async () => {
        const { person, message } = await started();
        expect(await person.press(message, 'Hours')).toEqual(
          expect.objectContaining({ shown: 'toast', text: 'Open from 8 to 18' }),
        );
      });

      it('Alert: an alert with the text', async () => {
        const { person, message } = await started();
        expect(await person.press(message, 'Allergens')).toEqual(
          expect.objectContaining({ shown: 'alert', text: 'Everything may contain nuts' }),
        );
      });

      it('Shop: opens the bot’s shop, signed by the bot, which the server takes', async () => {
        const { person, message } = await started();
        const opened = await person.open(message, 'Shop');
        expect(`${opened.origin}${opened.pathname}${opened.search}`).toBe(
          `${server.url}/shop?bot=${bot.id}`,
        );
        const initData = new URLSearchParams(opened.hash.slice(1)).get('tgWebAppData') as string;
        expect(JSON.parse(new URLSearchParams(initData).get('user') as string)).toMatchObject({
          id: person.person.id,
        });
        const shopper = createApiClient({
          baseUrl: server.url,
          tokenSecret: DEV_TOKEN_SECRET,
          initData,
          userId: person.person.id,
        });
        const shop = await shopper.call(ROUTES.shop, { id: person.person.id, bot_id: bot.id });
        expect(shop).toMatchObject({ success: true, can_edit: false, username: bot.username });
      });
    });

    it.each([
      {
        lang: 'en',
        joinFirst: 'To use this bot, join these first:',
        checkAgain: 'Check again',
        newUser: 'New user:',
      },
      {
        lang: 'ru',
        joinFirst: 'Чтобы пользоваться ботом, сначала вступите сюда:',
        checkAgain: 'Проверить снова',
        newUser: 'Новый пользователь:',
      },
      {
        lang: 'ar',
        joinFirst: 'لاستخدام هذا البوت، انضم إلى هذه أولًا:',
        checkAgain: 'تحقق مرة أخرى',
        newUser: 'مستخدم جديد:',
      },
    ] as const)(
      'writes its own texts in the bot’s language ($lang), and the owner’s as written',
      async ({ lang, joinFirst, checkAgain, newUser }) => {
        const owner = await telegram.owner('Lena');
        const bot = await addBot(owner);
        const language = await owner.api.call(ROUTES.language, {
          id: owner.id,
          bot_id: bot.id,
          bot_lang: lang,
        });
        expect(language.bot_lang).toBe(lang);
        await saveMessage(owner, bot, { act: 'startmsg' }, { text: 'Hello, written once' });
        const ownerChat = chat(owner, bot);
        await ownerChat.write('/start');
        expect((await ownerChat.nextMessage()).text).toBe('Hello, written once');

        const news = telegram.unique('lang_news_');
        await telegram.group(owner, bot, { username: news });
        await owner.api.call(ROUTES.addRequirement, {
          id: owner.id,
          bot_id: bot.id,
          add_req: `@${news}`,
        });
        await protect(owner, bot, () => ({ jr: true }));

        const ada = await telegram.person('Ada');
        const adaChat = chat(ada, bot);
        await adaChat.write('/start');
        const prompt = await adaChat.nextMessage();
        expect(prompt.text).toBe(joinFirst);
        expect(prompt.reply_markup?.inline_keyboard.at(-1)).toEqual([
          { text: checkAgain, callback_data: 'j' },
        ]);
        expect((await ownerChat.nextMessage()).text).toBe(`${newUser} Ada (id ${ada.id})`);
      },
    );
  });

  describe('groups where the bot is an admin (SERVER.md 5)', () => {
    it('restricts a newcomer until their captcha is passed on the page, then lets them in', async () => {
      const owner = await telegram.owner('Greta');
      const bot = await addBot(owner, { notice: false });
      await protect(owner, bot, (now) => ({
        captcha: {
          ...now.adv.captcha,
          enable: true,
          text: 'Prove you are human',
          button: 'Verify',
        },
      }));
      const group = await telegram.group(owner, bot);
      const ada = await telegram.person('Ada');
      await group.join(ada);

      const [captcha] = await telegram.until('the captcha message', async () => {
        const found = await group.fromBot(bot);
        return found.length > 0 ? found : null;
      });
      expect(captcha?.message.text).toBe('Prove you are human');
      const [[button] = []] = captcha?.message.reply_markup?.inline_keyboard ?? [];
      expect(button).toEqual({
        text: 'Verify',
        url: expect.stringMatching(new RegExp(`^https://t\\.me/${bot.username}\\?start=cap-`)),
      });
      expect(await group.member(ada)).toMatchObject({
        status: 'restricted',
        can_send_messages: false,
      });
      await expect(group.write(ada, 'let me in')).rejects.toThrow();

      // The button is the bot's start link: the private chat answers with the captcha page.
      const adaChat = chat(ada, bot);
      const followed = await telegram.control<Message>('POST', `users/${ada.id}/follow`, {
        group: group.id,
        message_id: captcha?.message.message_id,
        button: 'Verify',
      });
      expect(followed.text).toMatch(/^\/start cap-/);
      const open = await adaChat.nextMessage();
      expect(open.text).toBe('Solve the captcha to write in the group:');
      const page = await adaChat.open(open, 'Verify');
      expect(`${page.origin}${page.pathname}`).toBe(`${server.url}/captcha`);
      const id = page.searchParams.get('id') as string;
      const msg = page.searchParams.get('msg') as string;
      expect(msg).toBe(String(captcha?.message.message_id));

      // The page's calls, signed by the bot as Telegram signs its Mini App.
      const initData = new URLSearchParams(page.hash.slice(1)).get('tgWebAppData') as string;
      const newcomer = createApiClient({
        baseUrl: server.url,
        tokenSecret: DEV_TOKEN_SECRET,
        initData,
        userId: ada.id,
      });
      const grid = await newcomer.call(ROUTES.captchaGrid, { id, msg_id: msg, grid: 'current' });
      expect(grid.grid?.pictures).toHaveLength(9);
      const answer = (await (
        await fetch(`${server.url}/dev/captcha-answer?id=${encodeURIComponent(id)}`)
      ).json()) as { cells: number[] };
      const passed = await newcomer.call(ROUTES.captcha, {
        id,
        msg_id: msg,
        correct: true,
        picks: answer.cells.map((cell) => cell - 1),
      });
      expect(passed.success).toBe(true);

      await group.deleted(captcha?.message as Message);
      await telegram.until('Ada free to write', async () => {
        const member = await group.member(ada);
        return member.status === 'member' || member.can_send_messages === true;
      });
      const hello = await group.write(ada, 'Hello everyone');
      expect(await group.isThere(hello)).toBe(true);
    });

    it('deletes a link to a host not allowed, and bans its sender when ban is on', async () => {
      const owner = await telegram.owner('Lars');
      const bot = await addBot(owner, { notice: false });
      await protect(owner, bot, () => ({
        links: { enable: true, allowed: ['example.com'], ban: true, telegram_allowed: false },
      }));
      const group = await telegram.group(owner, bot);
      const ada = await telegram.person('Ada');
      const moderator = await telegram.person('Max');
      await group.join(ada);
      await group.join(moderator);
      await telegram.control('POST', `groups/${group.id}/promote`, {
        user: moderator.id,
        rights: { can_delete_messages: true },
      });
      // The group's admins are exempt from every filter.
      const fromAdmin = await group.write(moderator, 'Our partner: https://partner.example.org');
      const allowed = await group.write(ada, 'Our menu: https://example.com/menu');
      const forbidden = await group.write(ada, 'Cheap pills at https://spam.example.net/buy');
      await group.deleted(forbidden);
      expect(await group.isThere(fromAdmin)).toBe(true);
      expect(await group.isThere(allowed)).toBe(true);
      expect((await group.member(ada)).status).toBe('kicked');
    });

    it('deletes a message with letters of a filtered script', async () => {
      const owner = await telegram.owner('Lola');
      const bot = await addBot(owner, { notice: false });
      await protect(owner, bot, (now) => ({
        langs: { ...now.adv.langs, enable: true, cyrillic: true, ban: false },
      }));
      const group = await telegram.group(owner, bot);
      const ada = await telegram.person('Ada');
      await group.join(ada);
      const latin = await group.write(ada, 'Good morning');
      const cyrillic = await group.write(ada, 'Доброе утро');
      await group.deleted(cyrillic);
      expect(await group.isThere(latin)).toBe(true);
      expect((await group.member(ada)).status).toBe('member');
    });

    it('deletes the messages past the anti-spam limit and mutes their sender for 10 minutes', async () => {
      const owner = await telegram.owner('Alma');
      const bot = await addBot(owner, { notice: false });
      await protect(owner, bot, () => ({
        antiSpam: { enable: true, msgs: 5, time: 20, ban: false },
      }));
      const group = await telegram.group(owner, bot);
      const ada = await telegram.person('Ada');
      await group.join(ada);
      const sent: Message[] = [];
      for (const word of ['one', 'two', 'three', 'four', 'five', 'six']) {
        sent.push(await group.write(ada, word));
      }
      await group.deleted(sent[5] as Message);
      for (const kept of sent.slice(0, 5)) expect(await group.isThere(kept)).toBe(true);
      const muted = await group.member(ada);
      expect(muted).toMatchObject({ status: 'restricted', can_send_messages: false });
      const minutes = ((muted.until_date ?? 0) - Date.now() / 1000) / 60;
      expect(minutes).toBeGreaterThan(9);
      expect(minutes).toBeLessThanOrEqual(10);
    });

    it('deletes media of a filtered type, and bans its sender for a type set to Ban', async () => {
      const owner = await telegram.owner('Mona');
      const bot = await addBot(owner, { notice: false });
      const { media } = await owner.api.call(ROUTES.media, { id: owner.id, bot_id: bot.id });
      await owner.api.call(ROUTES.media, {
        id: owner.id,
        bot_id: bot.id,
        media: media.map((item) => {
          const action = ({ Photo: 'Filter', Video: 'Ban' } as const)[item.name as string];
          return action ? { ...item, enabled: true, selectedAction: action } : item;
        }),
      });
      const group = await telegram.group(owner, bot);
      const ada = await telegram.person('Ada');
      const bob = await telegram.person('Bob');
      await group.join(ada);
      await group.join(bob);
      const text = await group.write(ada, 'Look at this');
      const photo = await group.write(ada, { photo: true, caption: 'a photo' });
      await group.deleted(photo);
      expect(await group.isThere(text)).toBe(true);
      expect((await group.member(ada)).status).toBe('member');
      const video = await group.write(bob, { video: true });
      await group.deleted(video);
      expect((await group.member(bob)).status).toBe('kicked');
    });

    it('deletes the messages of a member who has not joined the required chats, with one notice', async () => {
      const owner = await telegram.owner('Jana');
      const bot = await addBot(owner, { notice: false });
      const news = telegram.unique('group_news_');
      const required = await telegram.group(owner, bot, { username: news });
      const { join_req } = await owner.api.call(ROUTES.addRequirement, {
        id: owner.id,
        bot_id: bot.id,
        add_req: `https://t.me/${news}`,
      });
      await protect(owner, bot, () => ({ jr: true }));
      const group = await telegram.group(owner, bot);
      const ada = await telegram.person('Ada');
      const bob = await telegram.person('Bob');
      await group.join(ada);
      await group.join(bob);
      await required.join(bob);

      const first = await group.write(ada, 'Hello');
      await group.deleted(first);
      const [notice] = await telegram.until('the notice', async () => {
        const found = await group.fromBot(bot);
        return found.length > 0 ? found : null;
      });
      expect(notice?.message.text).toBe('Ada, join the required chats to write here.');
      expect(notice?.message.entities).toEqual([
        expect.objectContaining({ type: 'text_mention', offset: 0, length: 3 }),
      ]);
      expect(notice?.message.reply_markup?.inline_keyboard).toEqual([
        [{ text: join_req[0]?.name, url: `https://t.me/${news}` }],
      ]);
      const second = await group.write(ada, 'Hello?');
      await group.deleted(second);
      const fromBob = await group.write(bob, 'Hi Ada');
      await telegram.settled(bot);
      expect(await group.isThere(fromBob)).toBe(true);
      expect(await group.fromBot(bot)).toHaveLength(1);
    });
  });
});
