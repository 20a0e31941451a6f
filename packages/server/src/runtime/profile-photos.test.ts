import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../api/testing';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './testing';

/** Profile photos copied from Telegram (SERVER.md sections 3 and 4), through the sandbox. */

let world: RuntimeOnSandbox;
afterEach(() => world?.stop());

/** A 2×3 PNG: what Telegram hands back is these bytes exactly. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR42mP8z8DwnwEJMOIAAI+eB/5h0SwUAAAAAElFTkSuQmCC',
  'base64',
);
const NEW_TOKEN = '7300000001:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1';

async function photoOfBot(botId: number) {
  return (await world.store.read((tx) => tx.bots.get(botId)))?.photo ?? null;
}

async function photoOfPerson(userId: number) {
  return (await world.store.read((tx) => tx.people.get(userId)))?.photo ?? null;
}

async function bytesOf(name: string | null) {
  const upload = name ? await world.store.uploads.get(name) : null;
  return upload ? Buffer.from(upload.bytes) : null;
}

describe("a bot's profile photo", () => {
  it('is copied from Telegram when the bot is added', async () => {
    world = await runtimeOnSandbox();
    const cafe = world.sandbox.createBot({
      token: NEW_TOKEN,
      username: 'corner_cafe_bot',
      name: 'Corner Cafe',
    });
    world.sandbox.setBotPhoto(cafe, PNG);
    const added = await call(
      world.store,
      'addBot',
      { id: DEMO_USER_ID, api_token: NEW_TOKEN },
      DEMO_USER_ID,
      {
        telegram: world.runtime,
      },
    );
    expect(added.body).toMatchObject({ success: true });
    const bot = await world.store.read((tx) => tx.bots.byTelegramId(cafe.id));
    await expect.poll(() => photoOfBot(bot?.id ?? 0)).toMatch(/\.jpg$/);
    expect(await bytesOf(await photoOfBot(bot?.id ?? 0))).toEqual(PNG);
  });

  it('stays an initial when the bot has none', async () => {
    world = await runtimeOnSandbox();
    const cafe = world.sandbox.createBot({
      token: NEW_TOKEN,
      username: 'corner_cafe_bot',
      name: 'Corner Cafe',
    });
    await call(world.store, 'addBot', { id: DEMO_USER_ID, api_token: NEW_TOKEN }, DEMO_USER_ID, {
      telegram: world.runtime,
    });
    await expect.poll(() => world.sandbox.calls(cafe, 'getUserProfilePhotos').length).toBe(1);
    await world.runtime.stop();
    const bot = await world.store.read((tx) => tx.bots.byTelegramId(cafe.id));
    expect(bot?.photo).toBeNull();
  });

  it("is replaced, the old file removed, when a crashed bot's new token is another bot's", async () => {
    world = await runtimeOnSandbox();
    const crashed = SEED_BOTS.crashed;
    const old = await world.store.uploads.put(crashed, {
      name: 'photo.jpg',
      type: 'image/jpeg',
      bytes: new Uint8Array([255, 216, 255]),
    });
    await world.store.write((tx) => tx.bots.update(crashed, { photo: old }));
    const successor = world.sandbox.createBot({
      token: NEW_TOKEN,
      username: 'old_weather_again_bot',
      name: 'Old Weather',
    });
    world.sandbox.setBotPhoto(successor, PNG);
    const owner = (await world.store.read((tx) => tx.bots.get(crashed)))?.owner;
    const replaced = await call(
      world.store,
      'addBot',
      { id: owner, api_token: NEW_TOKEN, bot_id: crashed },
      owner,
      { telegram: world.runtime },
    );
    expect(replaced.body).toMatchObject({ success: true });
    await expect.poll(() => photoOfBot(crashed)).not.toBe(old);
    expect(await bytesOf(await photoOfBot(crashed))).toEqual(PNG);
    expect(await world.store.uploads.get(old)).toBeNull();
  });
});

describe("a person's profile photo", () => {
  it('is copied once, when they first write to the bot', async () => {
    world = await runtimeOnSandbox();
    const bot = world.bot(SEED_BOTS.free);
    const ada = world.sandbox.createUser({ first_name: 'Ada', username: 'ada' });
    ada.setProfilePhoto(PNG);
    ada.send(bot, '/start');
    await ada.chatWith(bot).waitForMessages(1);
    await expect.poll(() => photoOfPerson(ada.id)).toMatch(/\.jpg$/);
    expect(await bytesOf(await photoOfPerson(ada.id))).toEqual(PNG);
    // Later messages do not ask again.
    ada.send(bot, '/help');
    await ada.chatWith(bot).waitForMessages(1);
    expect(world.sandbox.calls(bot, 'getUserProfilePhotos')).toHaveLength(1);
  });

  it('is asked once and left empty when they have none', async () => {
    world = await runtimeOnSandbox();
    const bot = world.bot(SEED_BOTS.free);
    const ben = world.sandbox.createUser({ first_name: 'Ben' });
    ben.send(bot, '/start');
    await ben.chatWith(bot).waitForMessages(1);
    ben.send(bot, '/help');
    await ben.chatWith(bot).waitForMessages(1);
    await world.runtime.stop();
    expect(world.sandbox.calls(bot, 'getUserProfilePhotos')).toHaveLength(1);
    expect(await photoOfPerson(ben.id)).toBeNull();
  });
});
