import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './testing';

/** Chat mode (SERVER.md section 4), through the sandbox. */

let world: RuntimeOnSandbox;
afterEach(() => world?.stop());

const FREE = SEED_BOTS.free;
const CUSTOMER = 100000202;
/** The free bot's admin with get_reply. */
const ADMIN = 100000201;

async function withChatMode(enable: boolean) {
  world = await runtimeOnSandbox();
  await world.store.write(async (tx) => {
    const advanced = await tx.settings.advanced(FREE);
    await tx.settings.setAdvanced(FREE, {
      ...advanced,
      chat_mode: { enable, topic: false, group_id: null },
    });
  });
  // The team started the bot, so it may write to them.
  for (const member of [DEMO_USER_ID, ADMIN]) {
    const person = world.user(member);
    person.send(world.bot(FREE), '/help');
    await person.chatWith(world.bot(FREE)).waitForMessages(1);
  }
}

describe('chat mode', () => {
  it('brings a user’s message to the team, and a reply to it back to the user', async () => {
    await withChatMode(true);
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), 'Is the shop open on Sunday?');
    const owner = world.user(DEMO_USER_ID);
    const [from, copy] = await owner.chatWith(world.bot(FREE)).waitForMessages(2);
    expect(from?.text).toMatch(/^Message from Dmitri Costa \(id 100000202\)/);
    expect(copy?.text).toBe('Is the shop open on Sunday?');
    const [, adminsCopy] = await world.user(ADMIN).chatWith(world.bot(FREE)).waitForMessages(2);
    expect(adminsCopy?.text).toBe('Is the shop open on Sunday?');

    owner.send(world.bot(FREE), 'No, closed on Sundays.', {
      replyTo: (copy as Message).message_id,
    });
    const [answer] = await user.chatWith(world.bot(FREE)).waitForMessages(1);
    expect(answer?.text).toBe('No, closed on Sundays.');
  });

  it('is quiet when off, and a team member’s message that answers nothing goes nowhere', async () => {
    await withChatMode(false);
    const user = world.user(CUSTOMER);
    user.send(world.bot(FREE), 'Hello?');
    const owner = world.user(DEMO_USER_ID);
    owner.send(world.bot(FREE), 'Just a note');
    // Updates are handled in order: once /about is answered, the two above were handled.
    owner.send(world.bot(FREE), '/about');
    expect((await owner.chatWith(world.bot(FREE)).waitForMessages(1))[0]?.text).toBe(
      'A bakery bot made with Botdeck.',
    );
    expect(user.chatWith(world.bot(FREE)).received()).toEqual([]);
  });
});
