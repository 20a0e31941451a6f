import { CAPTCHA_LIFETIME_MS } from '@botdeck/core';
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { madeUpTelegram } from '../api/made-up-telegram';
import { captchaTargets } from '../captcha/grid';
import { runEndpoint } from '../dispatch';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './testing';

/** The captcha in a group (SERVER.md section 5), through the sandbox and the server's handlers. */

let world: RuntimeOnSandbox;
afterEach(() => world?.stop());

const FREE = SEED_BOTS.free;

/** A group Dana owns with her bot as an admin that may restrict and delete; the captcha on. */
async function groupWithCaptcha(ban = false) {
  world = await runtimeOnSandbox();
  await world.store.write(async (tx) => {
    const advanced = await tx.settings.advanced(FREE);
    await tx.settings.setAdvanced(FREE, {
      ...advanced,
      captcha: { enable: true, text: 'Prove you are human, please.', button: 'Verify me', ban },
    });
  });
  const group = world.sandbox.createGroup({
    title: 'Bakery fans',
    owner: world.user(DEMO_USER_ID),
  });
  group.addBot(world.bot(FREE), { admin: true });
  const newcomer = world.sandbox.createUser({ first_name: 'Noor', username: 'noor' });
  return { group, newcomer };
}

/** The captcha a prompt's button links to, once the runtime has noted the prompt's message id. */
async function recordedCaptcha(prompt: Message | undefined) {
  const url = (prompt?.reply_markup?.inline_keyboard[0]?.[0] as { url?: string } | undefined)?.url;
  const id = /start=cap-([\w-]+)$/.exec(url ?? '')?.[1] ?? '';
  await expect
    .poll(async () => (await world.store.read((tx) => tx.captchas.get(id)))?.message_id)
    .toBe(prompt?.message_id);
}

/** The captcha's id and message id, read off the Mini App button the private chat answers with. */
function captchaAddressOf(url: string): { id: string; msg_id: string } {
  const address = new URL(url);
  return {
    id: address.searchParams.get('id') ?? '',
    msg_id: address.searchParams.get('msg') ?? '',
  };
}

describe('a newcomer in a group with the captcha on', () => {
  it('is restricted, gets the captcha through the private chat, passes and is let in', async () => {
    const { group, newcomer } = await groupWithCaptcha();
    group.join(newcomer);
    const [prompt] = await group.waitForMessages(1);
    expect(prompt?.text).toBe('Prove you are human, please.');
    expect(group.member(newcomer)).toMatchObject({
      status: 'restricted',
      can_send_messages: false,
    });

    // The button is a link to the bot's private chat, where the answer opens the Mini App.
    const button = prompt?.reply_markup?.inline_keyboard[0]?.[0];
    expect(button).toMatchObject({ text: 'Verify me' });
    expect((button as { url: string }).url).toMatch(
      /^https:\/\/t\.me\/dana_helper_bot\?start=cap-/,
    );
    newcomer.follow(prompt as Message, 'Verify me');
    const [open] = await newcomer.chatWith(world.bot(FREE)).waitForMessages(1);
    const url = newcomer.open(open as Message, 'Verify me');
    expect(url).toMatch(/^https:\/\/app\.botdeck\.test\/captcha\?id=[\w-]+&msg=\d+#tgWebAppData=/);
    const address = captchaAddressOf(url);
    expect(address.msg_id).toBe(String(prompt?.message_id));

    // The page sends the right picks; the server judges them and the runtime lets them in.
    const captcha = await world.store.read((tx) => tx.captchas.get(address.id));
    const reply = await runEndpoint(
      'captcha',
      {
        userId: newcomer.id,
        body: { ...address, correct: true, picks: captchaTargets(captcha!) },
      },
      world.store,
      { telegram: madeUpTelegram, onCaptchaPassed: world.runtime.captchaPassed },
    );
    expect(reply.body).toMatchObject({ success: true });
    await group.waitForDeletion(prompt as Message);
    expect(group.member(newcomer).status).toBe('member');
    newcomer.send(group, 'Hello everyone!');
  });

  it('is removed when the time runs out, and may join again; the message goes', async () => {
    const { group, newcomer } = await groupWithCaptcha();
    group.join(newcomer);
    const [prompt] = await group.waitForMessages(1);
    await recordedCaptcha(prompt);
    expect(await world.runtime.removeLateNewcomers(Date.now() + CAPTCHA_LIFETIME_MS - 1_000)).toBe(
      0,
    );
    expect(await world.runtime.removeLateNewcomers(Date.now() + CAPTCHA_LIFETIME_MS + 1)).toBe(1);
    await group.waitForDeletion(prompt as Message);
    expect(group.member(newcomer).status).toBe('left');
    // Handled once: another round removes nobody, also once any claim would have run out.
    expect(await world.runtime.removeLateNewcomers(Date.now() + CAPTCHA_LIFETIME_MS + 2)).toBe(0);
    expect(
      await world.runtime.removeLateNewcomers(Date.now() + CAPTCHA_LIFETIME_MS + 120_000),
    ).toBe(0);
  });

  // A 5xx or a lost connection is retried by the client itself (telegram-api.ts): what stops a
  // removal halfway is a crash.
  it('is removed after a crash between the claim and the removal (at least once)', async () => {
    const { group, newcomer } = await groupWithCaptcha();
    group.join(newcomer);
    const [prompt] = await group.waitForMessages(1);
    await recordedCaptcha(prompt);
    const late = Date.now() + CAPTCHA_LIFETIME_MS + 1;
    // A process claimed it and died before removing anyone.
    await world.store.write(async (tx) => {
      const [due] = await tx.captchas.due(late, 10);
      await tx.captchas.claim(due?.id ?? '', late + 60_000);
    });
    expect(await world.runtime.removeLateNewcomers(late)).toBe(0);
    expect(group.member(newcomer).status).toBe('restricted');
    expect(await world.runtime.removeLateNewcomers(late + 60_000)).toBe(1);
    expect(group.member(newcomer).status).toBe('left');
  });

  it('is given up on, not tried forever, when Telegram refuses the removal', async () => {
    const { group, newcomer } = await groupWithCaptcha();
    group.join(newcomer);
    const [prompt] = await group.waitForMessages(1);
    await recordedCaptcha(prompt);
    world.sandbox.fault(world.bot(FREE), { method: 'banChatMember', status: 400, times: 1 });
    const late = Date.now() + CAPTCHA_LIFETIME_MS + 1;
    expect(await world.runtime.removeLateNewcomers(late)).toBe(1);
    expect(await world.runtime.removeLateNewcomers(late + 120_000)).toBe(0);
  });

  it('is banned when the time runs out and ban is on', async () => {
    const { group, newcomer } = await groupWithCaptcha(true);
    group.join(newcomer);
    await group.waitForMessages(1);
    await world.runtime.removeLateNewcomers(Date.now() + CAPTCHA_LIFETIME_MS + 1);
    expect(group.member(newcomer).status).toBe('kicked');
  });

  it('answers someone else’s captcha link with the bot’s words, not a captcha', async () => {
    const { group, newcomer } = await groupWithCaptcha();
    group.join(newcomer);
    const [prompt] = await group.waitForMessages(1);
    const stranger = world.user(100000202);
    stranger.follow(prompt as Message, 'Verify me');
    const [answer] = await stranger.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(answer?.text).toBe('This captcha is not yours, or it is no longer open.');
    expect(answer?.reply_markup).toBeUndefined();
  });

  it('spares the bot’s owner, and asks nothing when the captcha is off', async () => {
    const { group } = await groupWithCaptcha();
    // Dana owns the group and the bot; Dmitri joins a group whose bot has the captcha off.
    const owner = world.sandbox.createGroup({ title: 'Other', owner: world.user(100000203) });
    owner.addBot(world.bot(FREE), { admin: true });
    await world.store.write(async (tx) => {
      const advanced = await tx.settings.advanced(FREE);
      await tx.settings.setAdvanced(FREE, {
        ...advanced,
        captcha: { ...advanced.captcha, enable: false },
      });
    });
    owner.join(world.user(100000202));
    group.join(world.user(100000204));
    // A bot handles its updates in order: once it has answered this, it has seen both joins.
    const dana = world.user(DEMO_USER_ID);
    dana.send(world.bot(FREE), '/help');
    await dana.chatWith(world.bot(FREE)).waitForMessages(1);
    // Nothing was posted in either group, and both newcomers may write.
    for (const chat of [owner, group]) {
      expect(chat.entries().filter((entry) => 'bot' in entry.from)).toEqual([]);
    }
    world.user(100000202).send(owner, 'hi');
    world.user(100000204).send(group, 'hi');
  });
});
