import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../api/testing';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './testing';

/**
 * A join requirement added on /advanced is the chat Telegram has under that name, as the bot
 * sees it (SERVER.md section 5), through the sandbox.
 */

let world: RuntimeOnSandbox;
afterEach(() => world?.stop());

/** Pixel Store: Pro, two requirements of its four. */
const PRO = SEED_BOTS.pro;

function add(addReq: string) {
  return call(
    world.store,
    'addRequirement',
    { id: DEMO_USER_ID, bot_id: PRO, add_req: addReq },
    DEMO_USER_ID,
    { telegram: world.runtime },
  );
}

describe('adding a join requirement', () => {
  it('takes the title Telegram gives the chat, active where the bot is a member', async () => {
    world = await runtimeOnSandbox();
    const group = world.sandbox.createGroup({
      title: 'Pixel Fans Club',
      owner: world.user(DEMO_USER_ID),
      username: 'pixel_fans',
    });
    group.addBot(world.bot(PRO));
    const reply = await add('https://t.me/Pixel_Fans');
    expect(reply.body).toMatchObject({ success: true, msg: 'Channel added.' });
    expect((reply.body.join_req as unknown[]).at(-1)).toEqual({
      name: 'Pixel Fans Club',
      username: 'pixel_fans',
      photo: null,
      notActive: false,
    });
  });

  it('keeps a chat the bot is not in, not active, so the page says why', async () => {
    world = await runtimeOnSandbox();
    world.sandbox.createGroup({
      title: 'Somewhere Else',
      owner: world.user(DEMO_USER_ID),
      username: 'somewhere_else',
    });
    const reply = await add('@somewhere_else');
    expect((reply.body.join_req as unknown[]).at(-1)).toMatchObject({
      name: 'Somewhere Else',
      notActive: true,
    });
    const stored = await world.store.read((tx) => tx.settings.joinRequirements(PRO));
    expect(stored.at(-1)).toMatchObject({ username: 'somewhere_else', notActive: true });
  });

  it('refuses a name Telegram knows no chat by, with SPEC’s text, and keeps nothing', async () => {
    world = await runtimeOnSandbox();
    const before = await world.store.read((tx) => tx.settings.joinRequirements(PRO));
    const reply = await add('@no_such_chat_here');
    expect(reply.body).toEqual({
      success: false,
      msg: 'Unable to fetch. The bot might have been removed from admins, or the channel/group no longer exists.',
    });
    expect(await world.store.read((tx) => tx.settings.joinRequirements(PRO))).toEqual(before);
    // A person's username is no chat to join either.
    expect((await add('@dana_demo')).body).toMatchObject({ success: false });
  });
});
