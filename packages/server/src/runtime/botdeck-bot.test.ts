import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './testing';

/** Botdeck's own bot (SERVER.md section 6), through the sandbox: /start and referrals. */

let world: RuntimeOnSandbox;
afterEach(() => world?.stop());

const FREE = SEED_BOTS.free;

function botdeck() {
  const bot = world.botdeck;
  if (!bot) throw new Error("Botdeck's bot is not running");
  return bot;
}

async function joinedOf(botId: number): Promise<number | undefined> {
  return world.store.read(async (tx) => (await tx.bots.get(botId))?.referral.joined);
}

describe("Botdeck's bot: /start", () => {
  it.each([
    ['en', 'Open the dashboard', /^Welcome to Botdeck!/],
    ['ar', 'افتح لوحة التحكم', /^مرحبًا بك في Botdeck!/],
    ['ru-RU', 'Открыть панель управления', /^Добро пожаловать в Botdeck!/],
    ['tr', 'Paneli aç', /^Botdeck'e hoş geldiniz!/],
    // A language Botdeck does not speak: English.
    ['de', 'Open the dashboard', /^Welcome to Botdeck!/],
  ])(
    'answers a person whose Telegram is in %s with a button opening the dashboard',
    async (language, button, welcome) => {
      world = await runtimeOnSandbox({ botdeck: true });
      const person = world.sandbox.createUser({ first_name: 'Noor', language_code: language });
      person.send(botdeck(), '/start');
      const [answer] = await person.chatWith(botdeck()).waitForMessages(1);
      expect(answer?.text).toMatch(welcome);
      expect(answer?.reply_markup?.inline_keyboard).toEqual([
        [{ text: button, web_app: { url: 'https://app.botdeck.test/selectbot' } }],
      ]);
    },
  );

  it('on webhooks, takes its updates at its own path with its own secret', async () => {
    world = await runtimeOnSandbox({ botdeck: true, webhooks: true });
    const info = world.sandbox.webhookInfo(botdeck());
    expect(info.url).toBe(new URL('/tg/botdeck', world.webhookUrl ?? undefined).href);
    const person = world.sandbox.createUser({ first_name: 'Noor', language_code: 'en' });
    person.send(botdeck(), '/start');
    const [answer] = await person.chatWith(botdeck()).waitForMessages(1);
    expect(answer?.text).toMatch(/^Welcome to Botdeck!/);
    // The same body without the secret header is refused.
    const body = JSON.stringify({ update_id: 99, message: answer });
    expect(await world.runtime.receiveBotdeck(null, body)).toBe(401);
    expect(await world.runtime.receiveBotdeck('wrong', body)).toBe(401);
  });

  it('names itself in referral links by the username its getMe gives', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    expect(await world.runtime.botdeckUsername()).toBe(botdeck().username);
  });
});

describe("Botdeck's bot: referral (SPEC 9)", () => {
  it("counts a person's first start through a bot's ref link once for that bot", async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const before = await joinedOf(FREE);
    const proBefore = await joinedOf(SEED_BOTS.pro);
    const person = world.sandbox.createUser({ first_name: 'Ada', language_code: 'en' });
    const chat = person.chatWith(botdeck());
    person.send(botdeck(), `/start ref-${FREE}`);
    await chat.waitForMessages(1);
    expect(await joinedOf(FREE)).toBe((before ?? 0) + 1);
    // The same person again, through the same link or another bot's: no more.
    person.send(botdeck(), `/start ref-${FREE}`);
    await chat.waitForMessages(1);
    person.send(botdeck(), `/start ref-${SEED_BOTS.pro}`);
    await chat.waitForMessages(1);
    expect(await joinedOf(FREE)).toBe((before ?? 0) + 1);
    expect(await joinedOf(SEED_BOTS.pro)).toBe(proBefore);
  });

  it('counts nothing for a person who started Botdeck’s bot before, through no link', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const before = await joinedOf(FREE);
    const person = world.sandbox.createUser({ first_name: 'Ben' });
    const chat = person.chatWith(botdeck());
    person.send(botdeck(), '/start');
    await chat.waitForMessages(1);
    person.send(botdeck(), `/start ref-${FREE}`);
    await chat.waitForMessages(1);
    expect(await joinedOf(FREE)).toBe(before);
  });

  it("counts nothing for the bot's own owner", async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const owner = await world.store.read(async (tx) => (await tx.bots.get(FREE))?.owner);
    expect(owner).toBe(DEMO_USER_ID);
    const before = await joinedOf(FREE);
    const person = world.user(DEMO_USER_ID);
    person.send(botdeck(), `/start ref-${FREE}`);
    await person.chatWith(botdeck()).waitForMessages(1);
    expect(await joinedOf(FREE)).toBe(before);
  });

  it('counts nothing for an unknown or deleted bot, and the person does not count later', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    await world.store.write((tx) => tx.bots.delete(SEED_BOTS.pro));
    const before = await joinedOf(FREE);
    const first = world.sandbox.createUser({ first_name: 'Cem' });
    first.send(botdeck(), '/start ref-999999');
    await first.chatWith(botdeck()).waitForMessages(1);
    const second = world.sandbox.createUser({ first_name: 'Dov' });
    second.send(botdeck(), `/start ref-${SEED_BOTS.pro}`);
    await second.chatWith(botdeck()).waitForMessages(1);
    // Their first start is spent: a working link later counts nothing.
    for (const person of [first, second]) {
      person.send(botdeck(), `/start ref-${FREE}`);
      await person.chatWith(botdeck()).waitForMessages(1);
    }
    expect(await joinedOf(FREE)).toBe(before);
  });

  it('counts an update Telegram delivers twice once', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const before = await joinedOf(FREE);
    const person = world.sandbox.createUser({ first_name: 'Eli' });
    person.send(botdeck(), `/start ref-${FREE}`);
    const [delivered] = await world.sandbox.waitForDelivered(botdeck(), 1);
    await person.chatWith(botdeck()).waitForMessages(1);
    // Sent again (a late webhook answer, another process): found taken, answered and counted once.
    await world.runtime.handleBotdeckUpdate(structuredClone(delivered!));
    expect(await joinedOf(FREE)).toBe((before ?? 0) + 1);
    expect(world.sandbox.calls(botdeck(), 'sendMessage')).toHaveLength(1);
  });

  it('counts two people who start at once both, on a bot locked for each', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const before = await joinedOf(FREE);
    const people = [1, 2, 3].map((n) => world.sandbox.createUser({ first_name: `P${n}` }));
    for (const person of people) person.send(botdeck(), `/start ref-${FREE}`);
    for (const person of people) await person.chatWith(botdeck()).waitForMessages(1);
    expect(await joinedOf(FREE)).toBe((before ?? 0) + 3);
  });
});
