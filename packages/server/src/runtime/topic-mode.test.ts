import type { Language } from '@botdeck/core';
import type { SandboxGroup, SandboxUser } from '@botdeck/sandbox';
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { createBotRuntime } from './bot-runtime';
import { BOT_TEXTS } from './bot-texts';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './testing';

/**
 * Topic mode (SERVER.md section 4), through the sandbox: the bot's owner types /enable in a
 * group with topics, users write to the bot, and the assertions are on what the group's topics
 * and the users' chats show. In long polling a bot's updates are handled one after the other in
 * the order they came, so once the bot has answered a later message, an earlier one was handled.
 */

let world: RuntimeOnSandbox;
let log: string[];
afterEach(() => world?.stop());

const FREE = SEED_BOTS.free;
const BOT_USERNAME = 'dana_helper_bot';
/** Dana, the free bot's owner. */
const OWNER = DEMO_USER_ID;
/** Elif Fischer (@elif_fischer_44), a user of the free bot. */
const CUSTOMER = 100000203;
/** The free bot's Botdeck admin with manage_msg and get_reply, not adv_and_media. */
const REPLY_ADMIN = 100000201;
/** The free bot's banned user. */
const BANNED = 100000206;

const CONNECTED =
  'Topic mode is on: everyone who writes to the bot gets a topic of their own here, and what you write in their topic goes back to them.';

async function start(options: { lang?: Language } = {}) {
  log = [];
  world = await runtimeOnSandbox({ runtime: { log: (line) => log.push(line) } });
  if (options.lang) {
    const lang = options.lang;
    await world.store.write((tx) => tx.bots.update(FREE, { lang }));
  }
}

/**
 * Dana's support group: a supergroup with topics (or without), the bot added as an admin with
 * Telegram's rights (managing topics among them) unless told otherwise.
 */
function supportGroup(
  options: { forum?: boolean; bot?: 'admin' | 'member' | 'admin without topics' } = {},
): SandboxGroup {
  const group = world.sandbox.createGroup({
    title: 'Bakery support',
    owner: world.user(OWNER),
    forum: options.forum ?? true,
  });
  const bot = options.bot ?? 'admin';
  group.addBot(world.bot(FREE), {
    admin: bot !== 'member',
    ...(bot === 'admin without topics' ? { rights: { can_manage_topics: false } } : {}),
  });
  return group;
}

/** Dana types /enable in the group; the bot's answer. */
async function enable(group: SandboxGroup, text = '/enable'): Promise<Message> {
  const command = world.user(OWNER).send(group, text);
  const [answer] = await group.waitForMessages(1);
  expect(answer?.reply_to_message?.message_id).toBe(command.message_id);
  return answer as Message;
}

const chatMode = () => world.store.read(async (tx) => (await tx.settings.advanced(FREE)).chat_mode);

/** A user writes to the bot for the first time in topic mode: the topic's opening, intro and copy. */
async function firstMessage(group: SandboxGroup, user: SandboxUser, text: string) {
  user.send(world.bot(FREE), text);
  const [opening, intro, copy] = (await group.waitForMessages(3)) as [Message, Message, Message];
  return { opening, intro, copy, threadId: opening.message_thread_id as number };
}

describe('/enable in a group', () => {
  it('connects a group with topics for the owner: chat mode and topic mode on, the group’s id kept', async () => {
    await start();
    const group = supportGroup();
    const answer = await enable(group);
    expect(answer.text).toBe(CONNECTED);
    // The dashboard reads the id as Telegram's chat id in text, "-100…" for a supergroup.
    expect(await chatMode()).toEqual({ enable: true, topic: true, group_id: String(group.id) });
    expect(String(group.id)).toMatch(/^-100\d+$/);
  });

  it.each([
    ['ar', BOT_TEXTS.ar.topicConnected],
    ['tr', BOT_TEXTS.tr.topicConnected],
  ] as const)('answers /enable@bot too, in the bot’s language (%s)', async (lang, text) => {
    await start({ lang });
    const group = supportGroup();
    const answer = await enable(group, `/enable@${BOT_USERNAME}`);
    expect(answer.text).toBe(text);
    expect((await chatMode()).group_id).toBe(String(group.id));
  });

  it.each([
    [
      'a group admin outside the bot’s team',
      (group: SandboxGroup) => {
        const gus = world.sandbox.createUser({ first_name: 'Gus', username: 'gus_admin' });
        group.join(gus);
        group.promote(gus, { can_manage_topics: true });
        return gus;
      },
    ],
    [
      'a Botdeck admin who may not change the bot’s settings',
      (group: SandboxGroup) => {
        group.join(world.user(REPLY_ADMIN));
        return world.user(REPLY_ADMIN);
      },
    ],
  ])(
    'refuses %s: /enable@bot politely, a bare /enable (maybe another bot’s) not at all',
    async (_who, arrive) => {
      await start();
      const group = supportGroup();
      const person = arrive(group);
      person.send(group, '/enable');
      const addressed = person.send(group, `/enable@${BOT_USERNAME}`);
      const [answer] = await group.waitForMessages(1);
      expect(answer?.text).toBe(
        "Only the bot's owner or an admin who may change its settings can connect a group (writing as themselves, not anonymously).",
      );
      expect(answer?.reply_to_message?.message_id).toBe(addressed.message_id);
      expect(group.view().received()).toHaveLength(1);
      expect(await chatMode()).toEqual({ enable: false, topic: false, group_id: null });
    },
  );

  it('asks for topics in a group without them, in the bot’s language (Russian)', async () => {
    await start({ lang: 'ru' });
    const group = supportGroup({ forum: false });
    const answer = await enable(group);
    expect(answer.text).toBe(
      'Включите темы в настройках этой группы, затем снова отправьте /enable.',
    );
    expect(await chatMode()).toEqual({ enable: false, topic: false, group_id: null });
  });

  it.each(['member', 'admin without topics'] as const)(
    'asks for the right to manage topics where the bot is a %s',
    async (bot) => {
      await start();
      const group = supportGroup({ bot });
      const answer = await enable(group);
      expect(answer.text).toBe(
        'Make the bot an admin here with the right to manage topics, then send /enable again.',
      );
      expect((await chatMode()).group_id).toBeNull();
    },
  );
});

describe('a user’s messages', () => {
  it('go into one topic of their own, named after them, opened by who they are; each user has theirs', async () => {
    await start();
    const group = supportGroup();
    await enable(group);
    const bea = world.user(CUSTOMER);
    const first = await firstMessage(group, bea, 'Is the shop open on Sunday?');
    expect(first.opening.forum_topic_created?.name).toBe('Elif Fischer (@elif_fischer_44)');
    expect(first.intro).toMatchObject({
      message_thread_id: first.threadId,
      text: 'Elif Fischer (@elif_fischer_44, id 100000203) wrote to the bot. What you write in this topic goes to them.',
      // Her name opens her profile (and Telegram finds her @username).
      entities: [
        { type: 'text_mention', offset: 0, length: 'Elif Fischer'.length, user: { id: CUSTOMER } },
        { type: 'mention', offset: 'Elif Fischer ('.length, length: '@elif_fischer_44'.length },
      ],
    });
    expect(first.copy).toMatchObject({
      message_thread_id: first.threadId,
      is_topic_message: true,
      text: 'Is the shop open on Sunday?',
    });

    bea.send(world.bot(FREE), { photo: true, caption: 'This cake, please' });
    const [second] = await group.waitForMessages(1);
    expect(second).toMatchObject({
      message_thread_id: first.threadId,
      caption: 'This cake, please',
    });
    expect(second?.photo).toBeDefined();

    // Someone without a username: their topic is named with their id.
    const zeynep = world.sandbox.createUser({ first_name: 'Zeynep' });
    const theirs = await firstMessage(group, zeynep, 'Merhaba');
    expect(theirs.opening.forum_topic_created?.name).toBe(`Zeynep (${zeynep.id})`);
    expect(theirs.threadId).not.toBe(first.threadId);
    expect(world.sandbox.calls(world.bot(FREE), 'createForumTopic')).toHaveLength(2);
    expect(await world.store.read((tx) => tx.runtime.userTopic(FREE, group.id, CUSTOMER))).toEqual({
      threadId: first.threadId,
      closed: false,
    });
  });

  it('reach the same topic after a restart (the topic is in the store, not the process)', async () => {
    await start();
    const group = supportGroup();
    await enable(group);
    const bea = world.user(CUSTOMER);
    const { threadId } = await firstMessage(group, bea, 'Before the restart');
    await world.runtime.stop();
    const restarted = createBotRuntime({
      store: world.store,
      apiRoot: world.sandbox.url,
      publicUrl: null,
      appUrl: () => 'https://app.botdeck.test',
      secret: new Uint8Array(32).fill(7),
      log: (line) => log.push(line),
      pollSeconds: 1,
    });
    await restarted.start();
    try {
      bea.send(world.bot(FREE), 'After the restart');
      const [copy] = await group.waitForMessages(1);
      expect(copy).toMatchObject({ message_thread_id: threadId, text: 'After the restart' });
      expect(world.sandbox.calls(world.bot(FREE), 'createForumTopic')).toHaveLength(1);
    } finally {
      await restarted.stop();
    }
  });

  it('keep their place behind commands and awaited Q&A answers, as in chat mode', async () => {
    await start();
    const group = supportGroup();
    await enable(group);
    const bea = world.user(CUSTOMER);
    const chat = bea.chatWith(world.bot(FREE));
    bea.send(world.bot(FREE), '/about');
    expect((await chat.waitForMessage()).text).toBe('A bakery bot made with Botdeck.');
    bea.send(world.bot(FREE), '/start');
    const welcome = await chat.waitForMessage();
    await bea.press(welcome, 'Do you deliver?');
    expect((await chat.waitForMessage()).text).toBe('Do you deliver?');
    bea.send(world.bot(FREE), 'To the old town?');
    expect((await chat.waitForMessage()).text).toBe('Yes, within the city, every day before noon.');
    // Nothing of that reached the group; what follows does.
    const { copy } = await firstMessage(group, bea, 'Thanks!');
    expect(copy.text).toBe('Thanks!');
  });

  it('open a new topic when the group deleted theirs', async () => {
    await start();
    const group = supportGroup();
    await enable(group);
    const bea = world.user(CUSTOMER);
    const before = await firstMessage(group, bea, 'First');
    group.deleteTopic(before.threadId);
    const after = await firstMessage(group, bea, 'Second');
    expect(after.threadId).not.toBe(before.threadId);
    expect(after.opening.forum_topic_created?.name).toBe('Elif Fischer (@elif_fischer_44)');
    expect(after.copy).toMatchObject({ message_thread_id: after.threadId, text: 'Second' });
    expect(await world.store.read((tx) => tx.runtime.userTopic(FREE, group.id, CUSTOMER))).toEqual({
      threadId: after.threadId,
      closed: false,
    });
  });

  it('try a new topic once when the deleted one cannot be replaced, and log why', async () => {
    await start();
    const group = supportGroup();
    await enable(group);
    const bea = world.user(CUSTOMER);
    const { threadId } = await firstMessage(group, bea, 'First');
    group.deleteTopic(threadId);
    group.promote(world.bot(FREE), { can_manage_topics: false });
    bea.send(world.bot(FREE), 'Second');
    bea.send(world.bot(FREE), '/about');
    await bea.chatWith(world.bot(FREE)).waitForMessages(1);
    const calls = (method: string) =>
      world.sandbox.calls(world.bot(FREE), method).map((call) => call.error?.description ?? 'ok');
    expect(calls('createForumTopic')).toEqual([
      'ok',
      'Bad Request: not enough rights to create a topic',
    ]);
    expect(calls('copyMessage')).toEqual(['ok', 'Bad Request: message thread not found']);
    expect(log).toContainEqual(
      expect.stringMatching(
        /message \d+ of user 100000203 not brought to group .*not enough rights/,
      ),
    );
  });

  it('reopen their topic the group closed', async () => {
    await start();
    const group = supportGroup();
    await enable(group);
    const bea = world.user(CUSTOMER);
    const { threadId } = await firstMessage(group, bea, 'First');
    group.closeTopic(threadId);
    await expect
      .poll(() => world.store.read((tx) => tx.runtime.userTopic(FREE, group.id, CUSTOMER)))
      .toEqual({ threadId, closed: true });
    bea.send(world.bot(FREE), 'Back again');
    const [reopened, copy] = await group.waitForMessages(2);
    expect(reopened).toMatchObject({ message_thread_id: threadId, forum_topic_reopened: {} });
    expect(copy).toMatchObject({ message_thread_id: threadId, text: 'Back again' });
    expect(await world.store.read((tx) => tx.runtime.userTopic(FREE, group.id, CUSTOMER))).toEqual({
      threadId,
      closed: false,
    });
    // The group's closing was no message for her.
    expect(bea.chatWith(world.bot(FREE)).received()).toEqual([]);
  });
});

describe('what is written in a user’s topic', () => {
  it('goes back to the user, whoever wrote it; nothing from elsewhere in the group does', async () => {
    await start();
    const group = supportGroup();
    const confirmation = await enable(group);
    const bea = world.user(CUSTOMER);
    const { threadId, copy } = await firstMessage(group, bea, 'Is the shop open on Sunday?');
    const dana = world.user(OWNER);
    const gus = world.sandbox.createUser({ first_name: 'Gus' });
    group.join(gus);

    dana.send(group, 'A note for the team, in General');
    dana.send(group, 'Thanks, bot', { replyTo: confirmation });
    const otherTopic = group.createTopic('Orders');
    gus.send(group, 'In another topic', { topic: otherTopic });
    gus.send(group, 'Hi Bea, Gus here.', { topic: threadId });
    dana.send(group, 'Yes, from 9 to 14.', { replyTo: copy });
    dana.send(group, { photo: true, caption: 'Our Sunday cakes' }, { topic: threadId });

    const received = await bea.chatWith(world.bot(FREE)).waitForMessages(3);
    expect(received.map((message) => message.text ?? message.caption)).toEqual([
      'Hi Bea, Gus here.',
      'Yes, from 9 to 14.',
      'Our Sunday cakes',
    ]);
    expect(received[2]?.photo).toBeDefined();
    expect(bea.chatWith(world.bot(FREE)).received()).toHaveLength(3);
  });

  it('does not reach a banned user, and the team reads why; a banned user’s messages reach nobody', async () => {
    await start();
    const group = supportGroup();
    await enable(group);
    const bea = world.user(CUSTOMER);
    const { threadId } = await firstMessage(group, bea, 'First');
    await world.store.write((tx) => tx.members.ban(FREE, CUSTOMER));
    bea.send(world.bot(FREE), 'Anyone there?');
    world.user(BANNED).send(world.bot(FREE), 'Let me in');
    const answer = world.user(OWNER).send(group, 'Hello Bea', { topic: threadId });
    const [notice] = await group.waitForMessages(1);
    expect(notice).toMatchObject({
      message_thread_id: threadId,
      text: 'Not sent: this user is banned from the bot.',
      reply_to_message: { message_id: answer.message_id },
    });
    expect(bea.chatWith(world.bot(FREE)).received()).toEqual([]);
    // Neither banned user's message was copied, nor a topic opened for them.
    expect(world.sandbox.calls(world.bot(FREE), 'createForumTopic')).toHaveLength(1);
    expect(world.sandbox.calls(world.bot(FREE), 'copyMessage')).toHaveLength(1);
  });

  it('tells the team in the topic when the user blocked the bot', async () => {
    await start();
    const group = supportGroup();
    await enable(group);
    const bea = world.user(CUSTOMER);
    const { threadId } = await firstMessage(group, bea, 'First');
    bea.block(world.bot(FREE));
    world.user(OWNER).send(group, 'Are you still there?', { topic: threadId });
    const [notice] = await group.waitForMessages(1);
    expect(notice).toMatchObject({
      message_thread_id: threadId,
      text: 'Not sent: this user has blocked the bot or deleted their account.',
    });
  });
});

describe('topic mode turned off in the dashboard', () => {
  it('leaves the group alone: users’ messages go to the team as chat mode, topics go nowhere', async () => {
    await start();
    const group = supportGroup();
    await enable(group);
    const bea = world.user(CUSTOMER);
    const { threadId } = await firstMessage(group, bea, 'First');
    await world.store.write(async (tx) => {
      const advanced = await tx.settings.advanced(FREE);
      await tx.settings.setAdvanced(FREE, {
        ...advanced,
        chat_mode: { ...advanced.chat_mode, topic: false },
      });
    });
    const dana = world.user(OWNER);
    // Dana started the bot, so it may write to her.
    dana.send(world.bot(FREE), '/help');
    await dana.chatWith(world.bot(FREE)).waitForMessages(1);
    dana.send(group, 'Still here?', { topic: threadId });
    bea.send(world.bot(FREE), 'Second');
    const [from, copy] = await dana.chatWith(world.bot(FREE)).waitForMessages(2);
    expect(from?.text).toMatch(/^Message from Elif Fischer/);
    expect(copy?.text).toBe('Second');
    expect(bea.chatWith(world.bot(FREE)).received()).toEqual([]);
    expect(
      group
        .view()
        .received()
        .filter((m) => m.message_thread_id === threadId),
    ).toHaveLength(3);
  });
});
