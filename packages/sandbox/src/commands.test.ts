import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './sandbox';
import { startSandbox } from './start';
import type { SandboxBot } from './telegram-side';
import { callApi } from './testing';

/** setMyCommands, getMyCommands and deleteMyCommands with Telegram's checks. */

let sandbox: Sandbox;
let shop: SandboxBot;

beforeEach(async () => {
  sandbox = await startSandbox();
  shop = sandbox.createBot({ username: 'shop_bot', name: 'Shop' });
});

afterEach(async () => {
  await sandbox.stop();
});

const set = (commands: unknown, extra: Record<string, unknown> = {}) =>
  callApi(sandbox, shop.token, 'setMyCommands', { commands, ...extra });

describe('bot commands', () => {
  it('keeps commands per scope and language', async () => {
    await set([{ command: 'start', description: 'Begin' }]);
    await set([{ command: 'start', description: 'ابدأ' }], { language_code: 'ar' });
    await set([{ command: 'ban', description: 'Ban' }], {
      scope: { type: 'all_chat_administrators' },
    });
    expect((await callApi(sandbox, shop.token, 'getMyCommands')).result).toEqual([
      { command: 'start', description: 'Begin' },
    ]);
    expect(sandbox.commands(shop, undefined, 'ar')).toEqual([
      { command: 'start', description: 'ابدأ' },
    ]);
    expect(sandbox.commands(shop, { type: 'all_chat_administrators' })).toEqual([
      { command: 'ban', description: 'Ban' },
    ]);
    await callApi(sandbox, shop.token, 'deleteMyCommands');
    expect((await callApi(sandbox, shop.token, 'getMyCommands')).result).toEqual([]);
  });

  it('takes a command of 32 characters and refuses 33', async () => {
    expect((await set([{ command: 'c'.repeat(32), description: 'd' }])).ok).toBe(true);
    expect(await set([{ command: 'c'.repeat(33), description: 'd' }])).toMatchObject({
      description: 'Bad Request: command length must not exceed 32',
    });
  });

  it('refuses anything but a-z, 0-9 and _, and drops a leading slash', async () => {
    expect(await set([{ command: 'Menu', description: 'd' }])).toMatchObject({
      description: 'Bad Request: BOT_COMMAND_INVALID',
    });
    expect(await set([{ command: 'my-menu', description: 'd' }])).toMatchObject({
      description: 'Bad Request: BOT_COMMAND_INVALID',
    });
    await set([{ command: '/menu_2', description: 'd' }]);
    expect(sandbox.commands(shop)).toEqual([{ command: 'menu_2', description: 'd' }]);
  });

  it('takes a description of 256 characters and refuses 257 or none', async () => {
    expect((await set([{ command: 'a', description: 'd'.repeat(256) }])).ok).toBe(true);
    expect(await set([{ command: 'a', description: 'd'.repeat(257) }])).toMatchObject({
      description: 'Bad Request: command description length must not exceed 256',
    });
    expect(await set([{ command: 'a', description: ' ' }])).toMatchObject({
      description: 'Bad Request: command description must be non-empty',
    });
  });

  it('takes 100 commands and refuses 101', async () => {
    const commands = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ command: `c${index}`, description: 'd' }));
    expect((await set(commands(100))).ok).toBe(true);
    expect(await set(commands(101))).toMatchObject({
      description: 'Bad Request: BOT_COMMANDS_TOO_MUCH',
    });
  });

  it('refuses a language code that is not two letters', async () => {
    expect(await set([{ command: 'a', description: 'd' }], { language_code: 'eng' })).toMatchObject(
      {
        description: 'Bad Request: invalid language code specified',
      },
    );
  });
});
