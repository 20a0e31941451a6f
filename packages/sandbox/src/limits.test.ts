import { afterEach, describe, expect, it } from 'vitest';
import type { TelegramError } from './errors';
import { SendLimiter, TELEGRAM_RATE_LIMITS } from './limits';
import type { Sandbox } from './sandbox';
import { startSandbox } from './start';
import { callApi } from './testing';

/** Flood limits and injected faults. */

let started: Sandbox | undefined;

afterEach(async () => {
  await started?.stop();
  started = undefined;
});

async function setUp(options: Parameters<typeof startSandbox>[0] = {}) {
  const sandbox = await startSandbox(options);
  started = sandbox;
  const shop = sandbox.createBot({ username: 'shop_bot', name: 'Shop' });
  const ada = sandbox.createUser({ first_name: 'Ada' });
  ada.send(shop, '/start');
  const send = (chatId: number = ada.id) =>
    callApi(sandbox, shop.token, 'sendMessage', { chat_id: chatId, text: 'x' });
  return { sandbox, shop, ada, send };
}

/** A limiter on a clock the test moves by hand. */
function limiter(settings = TELEGRAM_RATE_LIMITS) {
  let now = 1_000_000;
  const limits = new SendLimiter(settings, () => now);
  const admit = (chatId: number, isGroup = false) => {
    try {
      limits.admit(chatId, isGroup);
      return 'sent';
    } catch (error) {
      return (error as TelegramError).parameters?.retry_after;
    }
  };
  return { admit, wait: (ms: number) => (now += ms) };
}

describe("Telegram's flood limits", () => {
  it('are about 1 message a second in a chat with short bursts, 20 a minute in a group, 30 a second per bot', () => {
    expect(TELEGRAM_RATE_LIMITS).toEqual({
      perChatPerSecond: 1,
      perChatBurst: 3,
      perGroupPerMinute: 20,
      perBotPerSecond: 30,
    });
  });

  it('let a burst of 3 into one chat, refuse the 4th for a second, then admit one a second', () => {
    const { admit, wait } = limiter();
    expect([admit(1), admit(1), admit(1)]).toEqual(['sent', 'sent', 'sent']);
    expect(admit(1)).toBe(1);
    expect(admit(2)).toBe('sent');
    wait(999);
    expect(admit(1)).toBe(1);
    wait(1);
    expect(admit(1)).toBe('sent');
    expect(admit(1)).toBe(1);
  });

  it('let 20 messages a minute into a group and refuse the 21st for 3 seconds', () => {
    const { admit, wait } = limiter({
      ...TELEGRAM_RATE_LIMITS,
      perChatBurst: 100,
      perChatPerSecond: 100,
    });
    for (let index = 0; index < 20; index += 1) expect(admit(-100, true)).toBe('sent');
    expect(admit(-100, true)).toBe(3);
    wait(3_000);
    expect(admit(-100, true)).toBe('sent');
  });

  it('let 30 messages a second out of one bot, to any chats, and refuse the 31st', () => {
    const { admit, wait } = limiter();
    for (let index = 0; index < 30; index += 1) expect(admit(index)).toBe('sent');
    expect(admit(30)).toBe(1);
    wait(34);
    expect(admit(30)).toBe('sent');
  });
});

describe('flood limits over HTTP', () => {
  it('answer 429 with retry_after in parameters, as Telegram does', async () => {
    const { send } = await setUp({ rateLimits: { perChatBurst: 1, perChatPerSecond: 0.1 } });
    expect((await send()).ok).toBe(true);
    expect(await send()).toEqual({
      status: 429,
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 10',
      parameters: { retry_after: 10 },
    });
  });

  it('are off with rateLimits: false', async () => {
    const { send } = await setUp({ rateLimits: false });
    for (let index = 0; index < 10; index += 1) expect((await send()).ok).toBe(true);
  });
});

describe('faults', () => {
  it('answers the next calls of a method with 429 and retry_after, then normally', async () => {
    const { sandbox, shop, send } = await setUp({ rateLimits: false });
    sandbox.fault(shop, { method: 'sendMessage', status: 429, retryAfter: 2, times: 2 });
    expect(await send()).toMatchObject({ status: 429, parameters: { retry_after: 2 } });
    expect((await callApi(sandbox, shop.token, 'getMe')).ok).toBe(true);
    expect((await send()).status).toBe(429);
    expect((await send()).ok).toBe(true);
  });

  it('answers 500 for every method while a fault of all calls holds', async () => {
    const { sandbox, shop } = await setUp({ rateLimits: false });
    sandbox.fault(shop, { status: 500, times: Number.POSITIVE_INFINITY });
    expect(await callApi(sandbox, shop.token, 'getMe')).toEqual({
      status: 500,
      ok: false,
      error_code: 500,
      description: 'Internal Server Error',
    });
    sandbox.clearFaults(shop);
    expect((await callApi(sandbox, shop.token, 'getMe')).ok).toBe(true);
  });

  it('delays a call by the given milliseconds', async () => {
    const { sandbox, shop } = await setUp({ rateLimits: false });
    sandbox.fault(shop, { method: 'getMe', delayMs: 150 });
    const started = Date.now();
    expect((await callApi(sandbox, shop.token, 'getMe')).ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('logs every call with its answer, faults included', async () => {
    const { sandbox, shop, send } = await setUp({ rateLimits: false });
    sandbox.fault(shop, { method: 'sendMessage', status: 429, retryAfter: 1 });
    await send();
    await send();
    expect(
      sandbox.calls(shop, 'sendMessage').map((call) => [call.ok, call.error?.error_code]),
    ).toEqual([
      [false, 429],
      [true, undefined],
    ]);
    expect(sandbox.calls(shop, 'sendMessage')[1]?.params).toMatchObject({
      chat_id: expect.any(String),
      text: 'x',
    });
  });
});
