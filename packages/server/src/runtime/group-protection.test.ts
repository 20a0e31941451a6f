import type { ModerationItem } from '@botdeck/api';
import { type ModerationAction, type ModerationType, SCRIPTS, type Script } from '@botdeck/core';
import type { SandboxGroup, SandboxUser, UserContent } from '@botdeck/sandbox';
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import type { DevAdvanced } from '../data';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { defaultAdvanced, defaultModeration } from '../seed/factories';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './testing';

/**
 * What a bot does in groups where it is an admin (SERVER.md section 5), but the captcha,
 * through the sandbox: people write in a group, and the assertions are on what the group shows
 * (deleted or not) and what Telegram holds about the sender (muted, banned).
 *
 * A message that must stay is sent before one that must go: one chat's updates are handled in
 * order, so once the second is deleted the first was judged, and kept.
 */

let world: RuntimeOnSandbox;
afterEach(() => world?.stop());

const FREE = SEED_BOTS.free;
/** The free bot's Botdeck admin (not an admin of any group). */
const BOTDECK_ADMIN = 100000201;

interface GroupScene {
  group: SandboxGroup;
  /** The group's creator. */
  creator: SandboxUser;
  /** Members with no rights. */
  ada: SandboxUser;
  bob: SandboxUser;
  log: string[];
}

/** The free bot as an admin of a new group with two plain members; `protection` set first. */
async function groupScene(
  protection: Partial<DevAdvanced> = {},
  options: { media?: ModerationItem[]; rights?: Record<string, boolean> } = {},
): Promise<GroupScene> {
  const log: string[] = [];
  world = await runtimeOnSandbox({ runtime: { log: (line) => log.push(line) } });
  await world.store.write(async (tx) => {
    await tx.settings.setAdvanced(FREE, { ...defaultAdvanced(), ...protection });
    if (options.media) await tx.settings.setMedia(FREE, options.media);
  });
  return sceneOn(world, log, options.rights);
}

function sceneOn(
  on: RuntimeOnSandbox,
  log: string[],
  rights: Record<string, boolean> = {},
): GroupScene {
  const creator = on.sandbox.createUser({ first_name: 'Dana', username: 'dana_group' });
  const group = on.sandbox.createGroup({ title: 'Bakery fans', owner: creator });
  group.addBot(on.bot(FREE), { admin: true, rights });
  const ada = on.sandbox.createUser({ first_name: 'Ada', username: 'ada' });
  const bob = on.sandbox.createUser({ first_name: 'Bob' });
  group.join(ada);
  group.join(bob);
  return { group, creator, ada, bob, log };
}

const links = (changes: Partial<DevAdvanced['links']>): Partial<DevAdvanced> => ({
  links: { enable: true, allowed: [], ban: false, telegram_allowed: false, ...changes },
});

const isDeleted = (group: SandboxGroup, message: Message) => group.view().entry(message).deleted;

describe('block links', () => {
  it('deletes a link to a host not allowed; an allowed host and its subdomains pass', async () => {
    const { group, ada } = await groupScene(links({ allowed: ['example.com'] }));
    const allowed = ada.send(group, 'Our menu: https://example.com/menu');
    const subdomain = ada.send(group, 'and www.example.com too');
    const plain = ada.send(group, 'no link at all');
    const spam = ada.send(group, 'cheap cakes at badexample.com');
    await group.waitForDeletion(spam);
    expect([allowed, subdomain, plain].map((message) => isDeleted(group, message))).toEqual([
      false,
      false,
      false,
    ]);
    // Deleting is all: the sender stays a member.
    expect(group.member(ada).status).toBe('member');
  });

  it('reads a text link’s address, a caption and an edit that adds a link', async () => {
    const { group, ada } = await groupScene(links({ allowed: ['example.com'] }));
    const hidden = ada.send(group, {
      text: 'click here',
      entities: [{ type: 'text_link', offset: 0, length: 5, url: 'https://spam.test/x' }],
    });
    await group.waitForDeletion(hidden);
    const caption = ada.send(group, { photo: true, caption: 'see spam.test' });
    await group.waitForDeletion(caption);
    const innocent = ada.send(group, 'hello everyone');
    const edited = ada.edit(innocent, 'hello everyone, visit spam.test');
    await group.waitForDeletion(edited);
  });

  it('lets t.me links through only when Telegram links are allowed', async () => {
    const { group, ada } = await groupScene(links({ telegram_allowed: false }));
    const telegram = ada.send(group, 'join t.me/bakery_news');
    await group.waitForDeletion(telegram);

    await world.store.write(async (tx) =>
      tx.settings.setAdvanced(FREE, { ...defaultAdvanced(), ...links({ telegram_allowed: true }) }),
    );
    const allowed = ada.send(group, 'join t.me/bakery_news or telegram.me/bakery_news');
    const spam = ada.send(group, 'or spam.test');
    await group.waitForDeletion(spam);
    expect(isDeleted(group, allowed)).toBe(false);
  });

  it('bans the sender when ban is on', async () => {
    const { group, ada } = await groupScene(links({ ban: true }));
    const spam = ada.send(group, 'spam.test');
    await group.waitForDeletion(spam);
    await expect.poll(() => group.member(ada).status).toBe('kicked');
  });
});

describe('exemptions', () => {
  it('leaves the group’s creator and admins, the bot’s owner and its Botdeck admins alone', async () => {
    const { group, creator, ada, bob } = await groupScene(links({}));
    const owner = world.user(DEMO_USER_ID);
    const botdeckAdmin = world.user(BOTDECK_ADMIN);
    group.join(owner);
    group.join(botdeckAdmin);
    group.promote(bob);
    const exempt = [
      creator.send(group, 'spam.test'),
      bob.send(group, 'spam.test'),
      owner.send(group, 'spam.test'),
      botdeckAdmin.send(group, 'spam.test'),
    ];
    const spam = ada.send(group, 'spam.test');
    await group.waitForDeletion(spam);
    expect(exempt.map((message) => isDeleted(group, message))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('learns of a promotion at once (the cached admin list is dropped)', async () => {
    const { group, ada, bob } = await groupScene(links({}));
    await group.waitForDeletion(ada.send(group, 'spam.test'));
    group.promote(ada);
    const promoted = ada.send(group, 'spam.test');
    await group.waitForDeletion(bob.send(group, 'spam.test'));
    expect(isDeleted(group, promoted)).toBe(false);
  });
});

describe('filter languages', () => {
  const SAMPLES: Record<Script, string> = {
    arabic: 'مرحبا بالجميع',
    latin: 'Hello everyone',
    chinese: '大家好',
    japanese: 'こんにちは',
    cyrillic: 'Всем привет',
    korean: '안녕하세요',
  };

  it('deletes a message with letters of each checked script, and only those', async () => {
    const { group, ada } = await groupScene();
    for (const script of SCRIPTS) {
      const langs = { ...defaultAdvanced().langs, enable: true, [script]: true };
      await world.store.write((tx) =>
        tx.settings.setAdvanced(FREE, { ...defaultAdvanced(), langs }),
      );
      const others = SCRIPTS.filter((other) => other !== script).map((other) =>
        ada.send(group, `${SAMPLES[other]} 123`),
      );
      const filtered = ada.send(group, { photo: true, caption: `🎉 ${SAMPLES[script]}` });
      await group.waitForDeletion(filtered);
      expect(
        others.map((message) => isDeleted(group, message)),
        script,
      ).toEqual(others.map(() => false));
    }
    expect(group.member(ada).status).toBe('member');
  });

  it('bans the sender when ban is on', async () => {
    const { group, ada } = await groupScene({
      langs: { ...defaultAdvanced().langs, enable: true, cyrillic: true, ban: true },
    });
    await group.waitForDeletion(ada.send(group, 'Привет'));
    await expect.poll(() => group.member(ada).status).toBe('kicked');
  });
});

describe('anti-spam', () => {
  const antispam = (ban: boolean): Partial<DevAdvanced> => ({
    antispam: { enable: true, msgs: 5, time: 3, ban },
  });

  it('lets exactly msgs messages through; the extra ones are deleted and the sender muted for 10 minutes', async () => {
    const { group, ada, bob } = await groupScene(antispam(false));
    const sent = Array.from({ length: 7 }, (_, index) => ada.send(group, `message ${index + 1}`));
    // Someone else writing meanwhile has a count of their own.
    const other = bob.send(group, 'hi');
    await group.waitForDeletion(sent[5]!);
    await group.waitForDeletion(sent[6]!);
    expect(sent.slice(0, 5).map((message) => isDeleted(group, message))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(isDeleted(group, other)).toBe(false);
    const member = group.member(ada);
    expect(member).toMatchObject({ status: 'restricted', can_send_messages: false });
    const until = (member as { until_date: number }).until_date - Date.now() / 1000;
    expect(until).toBeGreaterThan(590);
    expect(until).toBeLessThanOrEqual(600);
    expect(() => ada.send(group, 'still here?')).toThrow(/may not send/);
  });

  it('bans instead when ban is on', async () => {
    const { group, ada } = await groupScene(antispam(true));
    const sent = Array.from({ length: 6 }, (_, index) => ada.send(group, `message ${index + 1}`));
    await group.waitForDeletion(sent[5]!);
    await expect.poll(() => group.member(ada).status).toBe('kicked');
    expect(isDeleted(group, sent[4]!)).toBe(false);
  });

  it('counts only the last `time` seconds', async () => {
    const { group, ada } = await groupScene({
      antispam: { enable: true, msgs: 5, time: 2, ban: false },
    });
    const earlier = Array.from({ length: 5 }, (_, index) => ada.send(group, `early ${index}`));
    // Telegram dates are whole seconds: two seconds after the last one, none of them counts.
    const lastDate = earlier.at(-1)!.date;
    await expect
      .poll(() => Math.floor(Date.now() / 1000) >= lastDate + 2, { timeout: 4_000 })
      .toBe(true);
    const later = Array.from({ length: 6 }, (_, index) => ada.send(group, `later ${index}`));
    await group.waitForDeletion(later[5]!);
    expect([...earlier, ...later.slice(0, 5)].map((message) => isDeleted(group, message))).toEqual(
      Array.from({ length: 10 }, () => false),
    );
  });

  it('counts an edited message as the one message it is', async () => {
    const { group, ada } = await groupScene(antispam(false));
    const sent = Array.from({ length: 5 }, (_, index) => ada.send(group, `message ${index + 1}`));
    for (const message of sent) ada.edit(message, `${message.text} (edited)`);
    const sixth = ada.send(group, 'message 6');
    await group.waitForDeletion(sixth);
    expect(sent.map((message) => isDeleted(group, message))).toEqual(sent.map(() => false));
  });
});

describe('media moderation', () => {
  const SAMPLES: Record<ModerationType, UserContent> = {
    Photo: { photo: true },
    Video: { video: true },
    Voice: { voice: true },
    Audio: { audio: true },
    Document: { document: true },
    Sticker: { sticker: true },
    Animation: { animation: true },
    Location: { location: { latitude: 41.01, longitude: 28.97 } },
    Contact: { contact: { phone_number: '+15550100', first_name: 'Dana' } },
    'Video Note': { video_note: true },
    Poll: { poll: { question: 'Cake or bread?', options: ['Cake', 'Bread'] } },
  };
  const only = (type: ModerationType, action: ModerationAction) =>
    defaultModeration({ [type]: action });

  it('deletes a message of each enabled type (Filter), and no other type', async () => {
    const { group, ada } = await groupScene();
    const types = Object.keys(SAMPLES) as ModerationType[];
    for (const type of types) {
      await world.store.write((tx) => tx.settings.setMedia(FREE, only(type, 'Filter')));
      const others = types
        .filter((other) => other !== type)
        .map((other) => ada.send(group, SAMPLES[other]));
      const filtered = ada.send(group, SAMPLES[type]);
      await group.waitForDeletion(filtered);
      expect(
        others.map((message) => isDeleted(group, message)),
        type,
      ).toEqual(others.map(() => false));
    }
    expect(group.member(ada).status).toBe('member');
  });

  it('deletes and bans for a type set to Ban', async () => {
    const { group, ada } = await groupScene({}, { media: only('Sticker', 'Ban') });
    await group.waitForDeletion(ada.send(group, { sticker: true }));
    await expect.poll(() => group.member(ada).status).toBe('kicked');
  });
});

describe('join requirements in a group', () => {
  async function requireNews(lang: 'en' | 'ru') {
    const scene = await groupScene();
    const newsOwner = world.sandbox.createUser({ first_name: 'Editor' });
    const news = world.sandbox.createGroup({
      title: 'Dana News',
      owner: newsOwner,
      username: 'dana_news',
    });
    news.addBot(world.bot(FREE), { admin: true });
    await world.store.write(async (tx) => {
      await tx.settings.addJoinRequirement(FREE, {
        name: 'Dana News',
        username: 'dana_news',
        photo: null,
        notActive: false,
      });
      await tx.bots.update(FREE, { jr_enable: true, lang });
    });
    return { ...scene, news };
  }

  it('deletes the message of a member who has not joined and tells them once a minute', async () => {
    const { group, ada, bob, news } = await requireNews('en');
    const first = ada.send(group, 'hello');
    const second = ada.send(group, 'hello?');
    await group.waitForDeletion(first);
    await group.waitForDeletion(second);
    const [notice] = await group.waitForMessages(1);
    expect(notice?.text).toBe('Ada, join the required chats to write here.');
    expect(notice?.entities?.[0]).toMatchObject({ type: 'text_mention', offset: 0, length: 3 });
    expect(notice?.reply_markup?.inline_keyboard).toEqual([
      [{ text: 'Dana News', url: 'https://t.me/dana_news' }],
    ]);
    // Bob's own notice comes after Ada's second message was judged: Ada got one notice only.
    bob.send(group, 'hi');
    const [toBob] = await group.waitForMessages(1);
    expect(toBob?.text).toMatch(/^Bob, /);
    expect(group.entries().filter((entry) => 'bot' in entry.from && !entry.deleted)).toHaveLength(
      2,
    );

    news.join(ada);
    const member = ada.send(group, 'I joined');
    await group.waitForDeletion(bob.send(group, 'me not yet'));
    expect(isDeleted(group, member)).toBe(false);
  });

  it('writes the notice in the bot’s language', async () => {
    const { group, ada } = await requireNews('ru');
    ada.send(group, 'привет');
    const [notice] = await group.waitForMessages(1);
    expect(notice?.text).toBe('Ada, вступите в обязательные чаты, чтобы писать здесь.');
  });
});

describe('what Telegram refuses', () => {
  it('logs a deletion or ban without the right and goes on with the next message', async () => {
    const { group, ada, log } = await groupScene(links({ ban: true }), {
      rights: { can_delete_messages: false, can_restrict_members: false },
    });
    const kept = ada.send(group, 'spam.test');
    await expect
      .poll(() => log.filter((line) => line.includes('Telegram refused')))
      .toEqual([
        expect.stringContaining("message can't be deleted"),
        expect.stringContaining('not enough rights to restrict/unrestrict chat member'),
      ]);
    expect(isDeleted(group, kept)).toBe(false);

    group.promote(world.bot(FREE));
    await group.waitForDeletion(ada.send(group, 'spam.test'));
    await expect.poll(() => group.member(ada).status).toBe('kicked');
  });
});

describe('with webhooks', () => {
  it('deletes a forbidden link that came through the bot’s webhook', async () => {
    const log: string[] = [];
    world = await runtimeOnSandbox({ webhooks: true, runtime: { log: (line) => log.push(line) } });
    await world.store.write((tx) =>
      tx.settings.setAdvanced(FREE, {
        ...defaultAdvanced(),
        ...links({ allowed: ['example.com'] }),
      }),
    );
    const { group, ada } = sceneOn(world, log);
    const allowed = ada.send(group, 'example.com');
    await group.waitForDeletion(ada.send(group, 'spam.test'));
    expect(isDeleted(group, allowed)).toBe(false);
    expect(world.sandbox.deliveredUpdates(world.bot(FREE)).at(-1)).toMatchObject({
      via: 'webhook',
    });
  });

  it('keeps nothing for an idle bot: no poll, no client until its first update', async () => {
    const log: string[] = [];
    world = await runtimeOnSandbox({ webhooks: true, runtime: { log: (line) => log.push(line) } });
    expect(world.runtime.stats()).toMatchObject({ pollers: 0, clients: 0 });
    expect(world.sandbox.webhookInfo(world.bot(FREE)).url).toMatch(/\/tg\/\d+$/);
    expect(world.sandbox.calls(world.bot(FREE), 'getUpdates')).toEqual([]);

    await world.store.write((tx) =>
      tx.settings.setAdvanced(FREE, { ...defaultAdvanced(), ...links({ allowed: [] }) }),
    );
    const { group, ada } = sceneOn(world, log);
    await group.waitForDeletion(ada.send(group, 'spam.test'));
    expect(world.runtime.stats()).toMatchObject({ pollers: 0, clients: 1 });
  });
});
