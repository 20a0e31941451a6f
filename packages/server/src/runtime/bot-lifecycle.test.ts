import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../api/testing';
import { message, SEED_BOTS } from '../seed';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './testing';

/** Stopping, starting and Telegram's refusals (SERVER.md section 3), through the sandbox. */

let world: RuntimeOnSandbox;
afterEach(() => world?.stop());

const FREE = SEED_BOTS.free;
const CUSTOMER = 100000202;

/** What the bot page's Stop does: the row, then the runtime told. */
async function stop() {
  await world.store.write((tx) => tx.bots.update(FREE, { status: 'Suspended' }));
  await world.runtime.botChanged({ kind: 'stopped', botId: FREE });
  await world.runtime.settled();
}

async function start(dropPending: boolean) {
  await world.store.write((tx) => tx.bots.update(FREE, { status: 'Active' }));
  await world.runtime.botChanged({ kind: 'running', botId: FREE, dropPending });
  await world.runtime.settled();
}

describe('a stopped bot', () => {
  it('takes no updates; they wait at Telegram and are answered when it starts again', async () => {
    world = await runtimeOnSandbox({ pace: 'telegram' });
    await stop();
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), '/about');
    await expect.poll(() => world.sandbox.pendingUpdateCount(world.bot(FREE))).toBe(1);
    expect(world.sandbox.isPolling(world.bot(FREE))).toBe(false);
    await start(false);
    expect((await user.chatWith(world.bot(FREE)).waitForMessages(1))[0]?.text).toBe(
      'A bakery bot made with Botdeck.',
    );
  });

  it('started with drop on, forgets what waited and answers what comes after', async () => {
    world = await runtimeOnSandbox({ pace: 'telegram' });
    await stop();
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), '/about');
    await expect.poll(() => world.sandbox.pendingUpdateCount(world.bot(FREE))).toBe(1);
    await start(true);
    await expect.poll(() => world.sandbox.pendingUpdateCount(world.bot(FREE))).toBe(0);
    user.send(world.bot(FREE), '/help');
    const [answer] = await user.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(answer?.text).toBe('Send /menu to see what I can do.');
    expect(user.chatWith(world.bot(FREE)).received()).toHaveLength(1);
  });
});

describe('a deleted bot', () => {
  it('stops taking updates, its webhook is deleted, and its rows are gone', async () => {
    world = await runtimeOnSandbox({ pace: 'telegram' });
    const owner = (await world.store.read((tx) => tx.bots.get(FREE)))?.owner;
    // Polling began by clearing any webhook a webhook-mode run left.
    await expect.poll(() => world.sandbox.isPolling(world.bot(FREE))).toBe(true);
    const before = world.sandbox.calls(world.bot(FREE), 'deleteWebhook').length;
    const deleted = await call(
      world.store,
      'botAction',
      { id: owner, bot_id: FREE, delete_bot: true },
      owner,
      { telegram: world.runtime },
    );
    expect(deleted.body).toMatchObject({ success: true });
    await world.runtime.settled();
    expect(world.sandbox.isPolling(world.bot(FREE))).toBe(false);
    expect(world.sandbox.calls(world.bot(FREE), 'deleteWebhook')).toHaveLength(before + 1);
    expect(await world.store.read((tx) => tx.bots.get(FREE))).toBeNull();
    // What a user writes now waits at Telegram: nobody takes it.
    world.user(CUSTOMER).send(world.bot(FREE), '/about');
    await expect.poll(() => world.sandbox.pendingUpdateCount(world.bot(FREE))).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(world.sandbox.pendingUpdateCount(world.bot(FREE))).toBe(1);
  });
});

describe('a slow Bot API', () => {
  it('never holds the owner’s Stop: the dashboard answers, the webhook goes after', async () => {
    world = await runtimeOnSandbox({ webhooks: true, pace: 'telegram' });
    const owner = (await world.store.read((tx) => tx.bots.get(FREE)))?.owner;
    world.sandbox.fault(world.bot(FREE), { method: 'deleteWebhook', delayMs: 3_000 });
    const stopped = await call(
      world.store,
      'botAction',
      { id: owner, bot_id: FREE, stop: true },
      owner,
      { telegram: world.runtime },
    );
    expect(stopped.body).toMatchObject({ success: true });
    // Answered while Telegram still holds the call (a call is logged once it is answered).
    expect(world.sandbox.calls(world.bot(FREE), 'deleteWebhook')).toHaveLength(0);
    await world.runtime.settled();
    expect(world.sandbox.calls(world.bot(FREE), 'deleteWebhook')).toHaveLength(1);
    expect(world.sandbox.webhookInfo(world.bot(FREE)).url).toBe('');
  });
});

describe('Telegram says 429', () => {
  it('waits out retry_after and sends again: the answer is not dropped', async () => {
    world = await runtimeOnSandbox({ pace: 'telegram' });
    world.sandbox.fault(world.bot(FREE), { method: 'sendMessage', status: 429, retryAfter: 1 });
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), '/about');
    const [answer] = await user.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(answer?.text).toBe('A bakery bot made with Botdeck.');
    const sends = world.sandbox.calls(world.bot(FREE), 'sendMessage');
    expect(sends.map((call) => call.error?.error_code ?? 'ok')).toEqual([429, 'ok']);
    expect((sends[1]?.at ?? 0) - (sends[0]?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
  });
});

describe('pacing', () => {
  it('keeps a chat within Telegram’s limit, so Telegram never has to refuse', async () => {
    world = await runtimeOnSandbox({ pace: 'telegram' });
    const user = world.user(CUSTOMER);
    // Five answers in a row: past the sandbox's burst of three, as past Telegram's.
    const commands = ['/help', '/about', '/menu', '/help', '/about'];
    for (const command of commands) user.send(world.bot(FREE), command);
    await user.chatWith(world.bot(FREE)).waitForMessages(commands.length, { timeoutMs: 15_000 });
    // Without pacing the fourth would meet a 429 (and be sent again after it).
    const sends = world.sandbox.calls(world.bot(FREE), 'sendMessage');
    expect(sends.map((call) => call.error?.error_code ?? 'ok')).toEqual(commands.map(() => 'ok'));
  });
});

describe('a message Telegram refuses', () => {
  it('is skipped, the rest of the set still goes, and the owner reads why in their language', async () => {
    world = await runtimeOnSandbox({ pace: 'telegram' });
    await world.store.write(async (tx) => {
      // Stored behind the editor's back: the editor itself refuses an unclosed tag.
      await tx.lists.setMessages(FREE, 'startMessage', 0, [
        message('<b>Welcome', { parse: true }),
        message('The rest still comes.'),
      ]);
      await tx.accounts.setLanguage((await tx.bots.get(FREE))?.owner ?? 0, 'tr');
    });
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), '/start');
    const [only] = await user.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(only?.text).toBe('The rest still comes.');
    await expect
      .poll(async () => (await world.store.read((tx) => tx.bots.get(FREE)))?.popup)
      .toEqual({
        title: 'Bir mesaj gönderilemedi',
        text: expect.stringMatching(
          /^Telegram “Start message” içindeki 1\. mesajı reddetti: HTML’inde/,
        ),
        btn: null,
      });
    // Not retried: one refused call, one sent.
    expect(world.sandbox.calls(world.bot(FREE), 'sendMessage').map((call) => call.ok)).toEqual([
      false,
      true,
    ]);
  });
});

describe('an update Telegram sends again', () => {
  it('on webhooks, sent again because its answer came late, is answered once', async () => {
    // Half a second for the webhook's answer: a three-message set takes two (a chat's pacing).
    world = await runtimeOnSandbox({
      webhooks: true,
      pace: 'telegram',
      sandbox: { webhook: { timeoutMs: 500, retryMs: 20, maxRetryMs: 100 } },
    });
    await world.store.write((tx) =>
      tx.lists.setMessages(FREE, 'startMessage', 0, [
        message('One'),
        message('Two'),
        message('Three'),
      ]),
    );
    const user = world.user(CUSTOMER);
    const chat = user.chatWith(world.bot(FREE));
    user.send(world.bot(FREE), '/start');
    await chat.waitForMessages(3);
    // Telegram saw the first delivery time out and sent the update again; the second was taken.
    expect(world.sandbox.webhookInfo(world.bot(FREE)).last_error_message).toBeTruthy();
    await expect.poll(() => world.sandbox.pendingUpdateCount(world.bot(FREE))).toBe(0);
    await world.runtime.settled();
    expect(chat.received().map((message) => message.text)).toEqual(['One', 'Two', 'Three']);
    expect(world.sandbox.calls(world.bot(FREE), 'sendMessage')).toHaveLength(3);
  });

  it('with long polling, taken by a process killed before it kept its offset, is not answered again', async () => {
    world = await runtimeOnSandbox({ pace: 'telegram' });
    await stop();
    const user = world.user(CUSTOMER);
    const chat = user.chatWith(world.bot(FREE));
    user.send(world.bot(FREE), '/about');
    await expect.poll(() => world.sandbox.pendingUpdateCount(world.bot(FREE))).toBe(1);
    // What the killed process left: the update taken (the sandbox numbers a bot's updates from
    // 1), the offset not kept, so Telegram hands it over again.
    await world.store.write((tx) => tx.runtime.takeUpdate(FREE, 1, Date.now()));
    await start(false);
    user.send(world.bot(FREE), '/help');
    const [answer] = await chat.waitForMessages(1);
    expect(answer?.text).toBe('Send /menu to see what I can do.');
    expect(
      world.sandbox.deliveredUpdates(world.bot(FREE)).map(({ update }) => update.update_id),
    ).toEqual([1, 2]);
    expect(chat.received()).toHaveLength(1);
    await expect.poll(() => world.store.read((tx) => tx.runtime.pollOffset(FREE))).toBe(3);
  });
});
