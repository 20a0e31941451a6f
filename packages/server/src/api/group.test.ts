import { describe, expect, it } from 'vitest';
import { captchaTargets } from '../captcha/grid';
import { DEMO_USER_ID, OTHER_OWNER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore, type MemoryStore } from '../store/memory';
import { TEXT } from '../texts';
import { groupCommand, newcomerJoins } from './group';
import { call, NOW } from './testing';

/** Saves the bot's advanced settings as they are, with topic mode on. */
async function saveTopicMode(store: MemoryStore, botId: number) {
  const { body } = await call(store, 'advanced', { id: DEMO_USER_ID, bot_id: botId });
  const adv = body.adv as Record<string, Record<string, unknown>>;
  return call(store, 'saveAdvanced', {
    id: DEMO_USER_ID,
    bot_id: botId,
    advanced: {
      captcha: adv.captcha,
      chatMode: { ...adv.chat_mode, enable: true, topic: true },
      links: adv.links,
      langs: adv.langs,
      antiSpam: adv.antispam,
      cur: true,
      jr: body.jr_enable,
    },
  });
}

describe('a newcomer in the group', () => {
  const newcomer = 900010;

  it("gets a pending captcha of the bot for them, with the bot's message and a link to the page", async () => {
    const store = createMemoryStore();
    const answer = await newcomerJoins(store, SEED_BOTS.pro, newcomer, NOW);
    expect(answer).toMatchObject({
      success: true,
      text: 'Welcome! Tap below to join.',
      button: 'Verify',
    });
    if (!answer.success) return;
    expect(answer.path).toBe(`/captcha?id=${answer.id}&msg=${answer.msg_id}`);
    const stored = await store.read((tx) => tx.captchas.get(answer.id));
    expect(stored).toMatchObject({
      id: answer.id,
      bot_id: SEED_BOTS.pro,
      user_id: newcomer,
      message_id: Number(answer.msg_id),
      status: 'pending',
    });
  });

  it('gets a captcha id nobody else has', async () => {
    const store = createMemoryStore();
    const first = await newcomerJoins(store, SEED_BOTS.pro, newcomer, NOW);
    const second = await newcomerJoins(store, SEED_BOTS.pro, newcomer, NOW);
    if (!first.success || !second.success) throw new Error('captcha is on for Pixel Store');
    expect(second.id).not.toBe(first.id);
  });

  it('passes the captcha on the page its link opens, as the newcomer only', async () => {
    const store = createMemoryStore();
    const answer = await newcomerJoins(store, SEED_BOTS.pro, newcomer, NOW);
    const query = new URLSearchParams(answer.success ? answer.path.split('?')[1] : '');
    const id = query.get('id') as string;
    const captcha = await store.read((tx) => tx.captchas.get(id));
    const body = {
      id,
      msg_id: query.get('msg'),
      correct: true,
      picks: captcha ? captchaTargets(captcha) : [],
    };
    const stranger = await call(store, 'captcha', body, OTHER_OWNER_ID);
    expect(stranger.body).toMatchObject({ success: false, msg: TEXT.captchaInvalid });
    const reply = await call(store, 'captcha', body, newcomer);
    expect(reply.body).toMatchObject({ success: true, msg: TEXT.captchaSuccess });
  });

  it('is asked nothing when the bot has its captcha off', async () => {
    const store = createMemoryStore();
    expect(await newcomerJoins(store, SEED_BOTS.free, newcomer, NOW)).toEqual({
      success: false,
      msg: 'Captcha is off for this bot: nobody is asked.',
    });
    expect((await store.snapshot()).captchas).toHaveLength(3);
  });

  it('is refused for a bot that does not exist', async () => {
    expect(await newcomerJoins(createMemoryStore(), 99, newcomer, NOW)).toEqual({
      success: false,
      msg: 'No bot has this bot_id.',
    });
  });
});

describe('a command in the group', () => {
  it("makes /enable's group the bot's topic-mode group, which topic mode then accepts", async () => {
    const store = createMemoryStore();
    expect((await saveTopicMode(store, SEED_BOTS.free)).body).toMatchObject({
      success: false,
      msg: 'Set up topic mode first: add the bot to a group, turn on topics there, then type /enable in the group.',
    });

    expect(await groupCommand(store, SEED_BOTS.free, '/enable', '-1009876543210')).toEqual({
      success: true,
      group_id: '-1009876543210',
    });

    const advanced = await store.read((tx) => tx.settings.advanced(SEED_BOTS.free));
    expect(advanced.chat_mode.group_id).toBe('-1009876543210');
    expect((await saveTopicMode(store, SEED_BOTS.free)).body).toMatchObject({ success: true });
  });

  it.each([
    ['a private chat', '1234567'],
    ['a basic group', '-1234567'],
    ['-100 alone', '-100'],
    ['letters', '-100abc'],
    ['an empty id', ''],
    ['no id', null],
  ])('refuses /enable in %s, leaving the group as it was', async (_what, groupId) => {
    const store = createMemoryStore();
    const answer = await groupCommand(store, SEED_BOTS.pro, '/enable', groupId);
    expect(answer).toEqual({
      success: false,
      msg: "group_id must be a supergroup's id: -100 followed by digits, like -1001234567890.",
    });
    const advanced = await store.read((tx) => tx.settings.advanced(SEED_BOTS.pro));
    expect(advanced.chat_mode.group_id).toBe('-1001234567890');
  });

  it.each(['/disable', 'enable', '/ENABLE', '/start'])(
    'refuses the unknown command %s',
    async (command) => {
      const answer = await groupCommand(
        createMemoryStore(),
        SEED_BOTS.pro,
        command,
        '-1009876543210',
      );
      expect(answer).toEqual({
        success: false,
        msg: `The bot knows no group command "${command}"; only /enable.`,
      });
    },
  );

  it('is refused for a bot that does not exist', async () => {
    expect(await groupCommand(createMemoryStore(), 99, '/enable', '-1009876543210')).toEqual({
      success: false,
      msg: 'No bot has this bot_id.',
    });
  });
});
