import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import type { LockedItemEvent } from './deck-context';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './testing';

/** What a bot does in a private chat (SERVER.md section 4), through the sandbox. */

let world: RuntimeOnSandbox;
afterEach(() => world?.stop());

const FREE = SEED_BOTS.free;
/** A regular user of the free bot (in its members, not banned). */
const CUSTOMER = 100000202;
/** The free bot's banned user. */
const BANNED = 100000206;

describe('/start', () => {
  it('sends the start message set: HTML as entities, the effect, every button as Telegram has it', async () => {
    world = await runtimeOnSandbox();
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), '/start');
    const [welcome] = await user.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(welcome?.text).toBe(
      'Welcome! I answer questions about Dana’s Bakery. Pick a menu below.',
    );
    expect(welcome?.entities).toEqual([
      { type: 'bold', offset: 0, length: 8 },
      { type: 'italic', offset: 34, length: 13 },
    ]);
    const keyboard = welcome?.reply_markup?.inline_keyboard;
    expect(keyboard?.map((row) => row.map((button) => button.text))).toEqual([
      ['Prices', 'Opening hours'],
      ['Website', 'Summer offer'],
      ['Do you deliver?'],
    ]);
    expect(keyboard?.[1]).toEqual([
      // Telegram writes a bare host with its path.
      { text: 'Website', url: 'https://example.com/' },
      { text: 'Summer offer', url: 'https://t.me/dana_helper_bot?start=sp-summer' },
    ]);
    expect(user.chatWith(world.bot(FREE)).entry(welcome!).effectId).toBe('5046509860389126442');
  });

  it('sends a start payload’s set, and the start message for an unknown or locked payload', async () => {
    const locked: LockedItemEvent[] = [];
    world = await runtimeOnSandbox({ runtime: { onLockedItem: (event) => locked.push(event) } });
    const user = world.user(CUSTOMER);
    const chat = user.chatWith(world.bot(FREE));
    user.send(world.bot(FREE), '/start sp-summer');
    expect((await chat.waitForMessages(1))[0]?.text).toBe(
      'Summer offer: free coffee with every cake.',
    );
    user.send(world.bot(FREE), '/start sp-nothing');
    expect((await chat.waitForMessages(1))[0]?.text).toMatch(/^Welcome!/);
    // The fifth payload is past the Free plan's four: locked, so answered as unknown.
    user.send(world.bot(FREE), '/start sp-vip');
    expect((await chat.waitForMessages(1))[0]?.text).toMatch(/^Welcome!/);
    // Only the locked one is told (a test drive says why the start message came instead).
    expect(locked).toEqual([{ botId: FREE, userId: CUSTOMER, kind: 'startPayload', name: 'vip' }]);
  });
});

describe('media by a file id the owner gave', () => {
  it.each([
    ['photo', { photo: true }],
    ['voice', { voice: true }],
  ] as const)(
    'sends a %s by its Telegram file id, without the kind prefix',
    async (kind, content) => {
      world = await runtimeOnSandbox();
      const user = world.user(CUSTOMER);
      const bot = world.bot(FREE);
      // A file the bot knows: one a person sent it (file ids are each bot's own).
      user.send(bot, content);
      const [update] = await world.sandbox.waitForDelivered(bot, 1);
      const fileId =
        kind === 'photo'
          ? update?.message?.photo?.at(-1)?.file_id
          : update?.message?.voice?.file_id;
      await world.store.write((tx) =>
        tx.lists.setMessages(FREE, 'startMessage', 0, [
          {
            text: 'Heard before',
            parse: false,
            effect: null,
            media: null,
            // The editor takes a file id under its "file" type; the prefix says what it is.
            media_type: 'file',
            ufile: `${kind}-${fileId}`,
            buttons: [],
          },
        ]),
      );
      user.send(bot, '/start');
      const [sent] = await user.chatWith(bot).waitForMessages(1);
      expect(sent?.caption).toBe('Heard before');
      const media = kind === 'photo' ? sent?.photo?.at(-1) : sent?.voice;
      const received = kind === 'photo' ? update?.message?.photo?.at(-1) : update?.message?.voice;
      expect(media?.file_unique_id).toBe(received?.file_unique_id);
    },
  );
});

describe('commands', () => {
  it('answers /NAME with its set; a locked command answers nothing', async () => {
    const locked: LockedItemEvent[] = [];
    world = await runtimeOnSandbox({ runtime: { onLockedItem: (event) => locked.push(event) } });
    const user = world.user(CUSTOMER);
    const chat = user.chatWith(world.bot(FREE));
    user.send(world.bot(FREE), '/promo');
    user.send(world.bot(FREE), '/about');
    const [first] = await chat.waitForMessages(1);
    expect(first?.text).toBe('A bakery bot made with Botdeck.');
    // The listener hears of the locked one only, as saved (a test drive says why nothing came).
    expect(locked).toEqual([{ botId: FREE, userId: CUSTOMER, kind: 'command', name: 'promo' }]);
  });

  it('keeps Telegram’s command list to the open commands', async () => {
    world = await runtimeOnSandbox();
    await expect
      .poll(() => world.sandbox.commands(world.bot(FREE)).map((command) => command.command))
      .toEqual(['help', 'about', 'menu']);
  });
});

describe('buttons', () => {
  it('opens a menu and shows a popup', async () => {
    world = await runtimeOnSandbox();
    const user = world.user(CUSTOMER);
    const chat = user.chatWith(world.bot(FREE));
    user.send(world.bot(FREE), '/start');
    const [welcome] = await chat.waitForMessages(1);
    await user.press(welcome!, 'Prices');
    const [prices] = await chat.waitForMessages(1);
    expect(prices?.text ?? prices?.caption).toBe('Bread from 2 €, cakes from 15 €.');
    const popup = await user.press(prices!, 'Allergens');
    expect(popup).toMatchObject({ shown: 'toast', text: 'Ask us about allergens in store' });

    user.send(world.bot(FREE), '/menu');
    const [menu] = await chat.waitForMessages(1);
    await user.press(menu!, 'Prices');
    await chat.waitForMessages(1);
  });

  it('shares with a Share button and opens the shop as a Mini App with a Shop button', async () => {
    world = await runtimeOnSandbox();
    await world.store.write((tx) =>
      tx.lists.setMessages(FREE, 'startMessage', 0, [
        {
          text: 'Tell your friends',
          parse: false,
          effect: null,
          media: null,
          media_type: null,
          ufile: null,
          buttons: [
            { text: 'Share the bot', type: 'Share', value: 'Try Dana’s bakery bot!', row: 0 },
            { text: 'Share our site', type: 'Share', value: 'https://example.com/cakes', row: 0 },
            { text: 'Open the shop', type: 'Shop', value: '', row: 1 },
          ],
        },
      ]),
    );
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), '/start');
    const [sent] = await user.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(sent?.reply_markup?.inline_keyboard).toEqual([
      [
        // A text is shared with the bot's own link; a link is shared as it is.
        {
          text: 'Share the bot',
          url: 'https://t.me/share/url?url=https%3A%2F%2Ft.me%2Fdana_helper_bot&text=Try%20Dana%E2%80%99s%20bakery%20bot!',
        },
        {
          text: 'Share our site',
          url: 'https://t.me/share/url?url=https%3A%2F%2Fexample.com%2Fcakes&text=',
        },
      ],
      [{ text: 'Open the shop', web_app: { url: `https://app.botdeck.test/shop?bot=${FREE}` } }],
    ]);
  });

  it('shows an Alert button’s text with an OK button', async () => {
    world = await runtimeOnSandbox();
    const user = world.user(CUSTOMER);
    const chat = user.chatWith(world.bot(FREE));
    const refunds = await world.store.read((tx) => tx.lists.find(FREE, 'question', 'refunds'));
    // The Q&A's response carries the alert: ask it, answer it, press.
    await world.store.write((tx) =>
      tx.lists.setMessages(FREE, 'startMessage', 0, [
        {
          text: 'Hello',
          parse: false,
          effect: null,
          media: null,
          media_type: null,
          ufile: null,
          buttons: [{ text: 'Refunds?', type: 'Question', value: 'refunds', row: 0 }],
        },
      ]),
    );
    user.send(world.bot(FREE), '/start');
    const [hello] = await chat.waitForMessages(1);
    await user.press(hello!, 'Refunds?');
    await chat.waitForMessages(1);
    user.send(world.bot(FREE), 'I lost the receipt');
    const [response] = await chat.waitForMessages(1);
    expect(response?.text).toBe(refunds?.messages[1]?.text);
    const alert = await user.press(response!, 'Refund policy');
    expect(alert).toMatchObject({ shown: 'alert', text: 'Refunds within 7 days with receipt' });
  });

  it('asks a Q&A, gives the answer to the team with who sent it, and sends the responses', async () => {
    world = await runtimeOnSandbox();
    const owner = world.user(DEMO_USER_ID);
    owner.send(world.bot(FREE), '/help');
    await owner.chatWith(world.bot(FREE)).waitForMessages(1);

    const user = world.user(CUSTOMER);
    const chat = user.chatWith(world.bot(FREE));
    user.send(world.bot(FREE), '/start');
    const [welcome] = await chat.waitForMessages(1);
    await user.press(welcome!, 'Do you deliver?');
    expect((await chat.waitForMessages(1))[0]?.text).toBe('Do you deliver?');
    user.send(world.bot(FREE), 'Do you come to the old town?');
    expect((await chat.waitForMessages(1))[0]?.text).toBe(
      'Yes, within the city, every day before noon.',
    );
    const told = await owner.chatWith(world.bot(FREE)).waitForMessages(2);
    expect(told[0]?.text).toBe('Answer from Dmitri Costa (id 100000202) to “delivery”:');
    expect(told[1]?.text).toBe('Do you come to the old town?');
  });
});

describe('media', () => {
  /** A 2×3 PNG, as the editor would have uploaded it. */
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR42mP8z8DwnwEJMOIAAI+eB/5h0SwUAAAAAElFTkSuQmCC',
    'base64',
  );

  /** The start message becomes a photo of the PNG with a caption; its upload's name. */
  async function photoStartMessage(): Promise<string> {
    const name = await world.store.uploads.put(FREE, {
      name: 'cakes.png',
      type: 'image/png',
      bytes: PNG,
    });
    await world.store.write((tx) =>
      tx.lists.setMessages(FREE, 'startMessage', 0, [
        {
          text: '<b>Fresh</b> today',
          parse: true,
          effect: null,
          media: `/uploads/${name}`,
          media_type: 'photo',
          ufile: null,
          buttons: [],
        },
      ]),
    );
    return name;
  }

  const photoSends = () => world.sandbox.calls(world.bot(FREE), 'sendPhoto');

  it('uploads a file once, then sends Telegram’s file_id', async () => {
    world = await runtimeOnSandbox();
    const name = await photoStartMessage();
    const user = world.user(CUSTOMER);
    const chat = user.chatWith(world.bot(FREE));
    user.send(world.bot(FREE), '/start');
    const [first] = await chat.waitForMessages(1);
    expect(first?.caption).toBe('Fresh today');
    expect(first?.caption_entities).toEqual([{ type: 'bold', offset: 0, length: 5 }]);
    const fileId = first?.photo?.at(-1)?.file_id;
    // Kept once Telegram answered (just after the user has the message).
    await expect.poll(() => world.store.read((tx) => tx.runtime.fileId(FREE, name))).toBe(fileId);
    user.send(world.bot(FREE), '/start');
    const [second] = await chat.waitForMessages(1);
    expect(second?.photo?.at(-1)?.file_id).toBe(fileId);
    // The first call carried the file; the second only its id (recorded as it is answered).
    await expect.poll(() => photoSends().map((call) => call.files.length)).toEqual([1, 0]);
    expect(photoSends()[1]?.params.photo).toBe(fileId);
  });

  it('uploads again when Telegram no longer knows the file_id, and keeps the new one', async () => {
    world = await runtimeOnSandbox();
    const name = await photoStartMessage();
    await world.store.write((tx) => tx.runtime.rememberFileId(FREE, name, 'AgACAgIAAxkBAAIgone'));
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), '/start');
    const [sent] = await user.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(sent?.caption).toBe('Fresh today');
    await expect.poll(() => photoSends().map((call) => call.ok)).toEqual([false, true]);
    await expect
      .poll(() => world.store.read((tx) => tx.runtime.fileId(FREE, name)))
      .toBe(sent?.photo?.at(-1)?.file_id);
  });

  it('sends the text alone when the file is gone', async () => {
    world = await runtimeOnSandbox();
    const name = await photoStartMessage();
    await world.store.uploads.remove(name);
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), '/start');
    const [sent] = await user.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(sent?.text).toBe('Fresh today');
    expect(sent?.photo).toBeUndefined();
  });
});

describe('the file ID link (/start fileid)', () => {
  it('gives the owner the file ID of what they send, which a message then sends', async () => {
    world = await runtimeOnSandbox();
    const owner = world.user(DEMO_USER_ID);
    const chat = owner.chatWith(world.bot(FREE));
    owner.send(world.bot(FREE), '/start fileid');
    expect((await chat.waitForMessages(1))[0]?.text).toMatch(/^Send me the file: a photo/);
    // Not a file: told so, and the bot still waits.
    owner.send(world.bot(FREE), 'hello');
    expect((await chat.waitForMessages(1))[0]?.text).toMatch(/^That is not a file\./);
    owner.send(world.bot(FREE), { photo: true, caption: 'our cakes' });
    const [answer] = await chat.waitForMessages(1);
    const fileId = answer?.text?.split('\n')[1] ?? '';
    expect(answer?.text).toBe(`Its file ID (tap it to copy):\n${fileId}`);
    expect(fileId).toMatch(/^photo-./);
    expect(answer?.entities).toEqual([
      { type: 'code', offset: 'Its file ID (tap it to copy):\n'.length, length: fileId.length },
    ]);
    // The wait is over: the next message is no file to name.
    owner.send(world.bot(FREE), { document: true });
    await expect(chat.waitForMessages(1, { timeoutMs: 1_500 })).rejects.toThrow();

    // The ID as the editor takes it sends that very file.
    await world.store.write((tx) =>
      tx.lists.setMessages(FREE, 'startMessage', 0, [
        {
          text: 'Fresh today',
          parse: false,
          effect: null,
          media: null,
          media_type: 'file',
          ufile: fileId,
          buttons: [],
        },
      ]),
    );
    const customer = world.user(CUSTOMER);
    customer.send(world.bot(FREE), '/start');
    const [sent] = await customer.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(`photo-${sent?.photo?.at(-1)?.file_id}`).toBe(fileId);
    expect(sent?.caption).toBe('Fresh today');
  });

  it('names a sticker, which a message then sends after its text', async () => {
    world = await runtimeOnSandbox();
    const owner = world.user(DEMO_USER_ID);
    owner.send(world.bot(FREE), '/start fileid');
    await owner.chatWith(world.bot(FREE)).waitForMessages(1);
    owner.send(world.bot(FREE), { sticker: true });
    const [answer] = await owner.chatWith(world.bot(FREE)).waitForMessages(1);
    const fileId = answer?.text?.split('\n')[1] ?? '';
    expect(fileId).toMatch(/^sticker-./);
    await world.store.write((tx) =>
      tx.lists.setMessages(FREE, 'startMessage', 0, [
        {
          text: 'Hello!',
          parse: false,
          effect: null,
          media: null,
          media_type: 'file',
          ufile: fileId,
          buttons: [],
        },
      ]),
    );
    const customer = world.user(CUSTOMER);
    customer.send(world.bot(FREE), '/start');
    // A sticker takes no caption: the text comes first, as its own message.
    const [text, sticker] = await customer.chatWith(world.bot(FREE)).waitForMessages(2);
    expect(text?.text).toBe('Hello!');
    expect(`sticker-${sticker?.sticker?.file_id}`).toBe(fileId);
  });

  it('is the start message for anyone but the bot’s team', async () => {
    world = await runtimeOnSandbox();
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), '/start fileid');
    expect((await user.chatWith(world.bot(FREE)).waitForMessages(1))[0]?.text).toMatch(/^Welcome!/);
  });
});

describe('with webhooks', () => {
  it('sets each bot’s webhook with its secret and the updates it handles, and answers through it', async () => {
    world = await runtimeOnSandbox({ webhooks: true });
    const info = world.sandbox.webhookInfo(world.bot(FREE));
    expect(info.url).toBe(new URL(`/tg/${FREE}`, world.webhookUrl ?? '').href);
    expect(info.allowed_updates).toEqual([
      'message',
      'edited_message',
      'callback_query',
      'chat_member',
      'my_chat_member',
      'chat_join_request',
      'pre_checkout_query',
    ]);
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), '/about');
    const [answer] = await user.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(answer?.text).toBe('A bakery bot made with Botdeck.');
    // Counted delivered once the webhook's request is answered (after the bot's answer went).
    await expect
      .poll(() => world.sandbox.deliveredUpdates(world.bot(FREE)).at(-1))
      .toMatchObject({ via: 'webhook' });
    expect(world.sandbox.isPolling(world.bot(FREE))).toBe(false);
  });

  it('refuses a request without the bot’s secret header, and does nothing with it', async () => {
    world = await runtimeOnSandbox({ webhooks: true });
    const update = {
      update_id: 900_001,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: CUSTOMER, type: 'private', first_name: 'Someone' },
        from: { id: CUSTOMER, is_bot: false, first_name: 'Someone' },
        text: '/about',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    };
    const post = (headers: Record<string, string>) =>
      fetch(new URL(`/tg/${FREE}`, world.webhookUrl ?? ''), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(update),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ 'X-Telegram-Bot-Api-Secret-Token': 'a'.repeat(64) })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(world.sandbox.calls(world.bot(FREE), 'sendMessage')).toEqual([]);
  });
});

describe('users', () => {
  it('gives a banned user no answer at all', async () => {
    world = await runtimeOnSandbox();
    const banned = world.user(BANNED);
    banned.send(world.bot(FREE), '/start');
    const customer = world.user(CUSTOMER);
    customer.send(world.bot(FREE), '/start');
    await customer.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(banned.chatWith(world.bot(FREE)).received()).toEqual([]);
  });

  it('records a new user and tells the owner who they are', async () => {
    world = await runtimeOnSandbox();
    const owner = world.user(DEMO_USER_ID);
    owner.send(world.bot(FREE), '/help');
    await owner.chatWith(world.bot(FREE)).waitForMessages(1);
    const newcomer = world.sandbox.createUser({ first_name: 'Zeynep', username: 'zeynep' });
    newcomer.send(world.bot(FREE), '/start');
    await newcomer.chatWith(world.bot(FREE)).waitForMessages(1);
    const [told] = await owner.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(told?.text).toBe(`New user: Zeynep (@zeynep, id ${newcomer.id})`);
    const stored = await world.store.read(async (tx) => ({
      person: await tx.people.get(newcomer.id),
      member: await tx.members.isMember(FREE, newcomer.id),
    }));
    expect(stored).toEqual({
      person: { id: newcomer.id, name: 'Zeynep', username: 'zeynep', photo: null },
      member: true,
    });
  });
});

describe('a revoked token', () => {
  it('marks the bot Crashed within one poll, and the other bots go on', async () => {
    world = await runtimeOnSandbox();
    world.sandbox.revoke(world.bot(FREE));
    await expect
      .poll(() => world.store.read(async (tx) => (await tx.bots.get(FREE))?.status), {
        timeout: 10_000,
      })
      .toBe('Crashed');
    const user = world.user(CUSTOMER);
    user.send(world.bot(SEED_BOTS.pro), '/start');
    expect(await user.chatWith(world.bot(SEED_BOTS.pro)).waitForMessages(1)).toHaveLength(1);
  });
});

describe('join requirements', () => {
  /** The free bot requires its users to join a public group first, in the bot's `lang`. */
  async function withRequirement(lang: 'en' | 'ru') {
    world = await runtimeOnSandbox();
    const group = world.sandbox.createGroup({
      title: 'Bakery News',
      owner: world.user(DEMO_USER_ID),
      username: 'bakery_news',
    });
    group.addBot(world.bot(FREE), { admin: true });
    await world.store.write(async (tx) => {
      await tx.bots.update(FREE, { jr_enable: true, lang });
      await tx.settings.addJoinRequirement(FREE, {
        name: 'Bakery News',
        username: 'bakery_news',
        photo: null,
        notActive: false,
      });
    });
    return group;
  }

  it('asks first, in the bot’s language, with a join button and Check again; then answers', async () => {
    const group = await withRequirement('ru');
    const user = world.user(CUSTOMER);
    const chat = user.chatWith(world.bot(FREE));
    user.send(world.bot(FREE), '/start');
    const [prompt] = await chat.waitForMessages(1);
    expect(prompt?.text).toBe('Чтобы пользоваться ботом, сначала вступите сюда:');
    expect(prompt?.reply_markup?.inline_keyboard).toEqual([
      [{ text: 'Bakery News', url: 'https://t.me/bakery_news' }],
      [{ text: 'Проверить снова', callback_data: 'j' }],
    ]);
    expect(await user.press(prompt!, 'Проверить снова')).toMatchObject({
      text: 'Вы вступили ещё не во все.',
    });

    group.join(user);
    expect(await user.press(prompt!, 'Проверить снова')).toMatchObject({
      text: 'Спасибо! Теперь можно пользоваться ботом.',
    });
    // The prompt itself now says so (edited in place, not a new message).
    await expect
      .poll(() => chat.entry(prompt!).message.text)
      .toBe('Спасибо! Теперь можно пользоваться ботом.');
    user.send(world.bot(FREE), '/about');
    expect((await chat.waitForMessages(1))[0]?.text).toBe('A bakery bot made with Botdeck.');
  });

  it('skips a chat that no longer exists, and marks it not active for the owner', async () => {
    await withRequirement('en');
    // The chat was deleted (or renamed) since: Telegram knows no chat by that name.
    await world.store.write(async (tx) => {
      await tx.settings.removeJoinRequirement(FREE, 0);
      await tx.settings.addJoinRequirement(FREE, {
        name: 'Old News',
        username: 'old_bakery_news',
        photo: null,
        notActive: false,
      });
    });
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), '/about');
    expect((await user.chatWith(world.bot(FREE)).waitForMessages(1))[0]?.text).toBe(
      'A bakery bot made with Botdeck.',
    );
    const [requirement] = await world.store.read((tx) => tx.settings.joinRequirements(FREE));
    expect(requirement).toMatchObject({ username: 'old_bakery_news', notActive: true });
  });

  it('spares the owner', async () => {
    await withRequirement('en');
    const owner = world.user(DEMO_USER_ID);
    owner.send(world.bot(FREE), '/about');
    expect((await owner.chatWith(world.bot(FREE)).waitForMessages(1))[0]?.text).toBe(
      'A bakery bot made with Botdeck.',
    );
  });
});
