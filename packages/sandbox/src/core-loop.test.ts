import { createHmac } from 'node:crypto';
import { Bot } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './sandbox';
import { startSandbox } from './start';
import type { SandboxBot } from './telegram-side';
import { callApi } from './testing';

/**
 * The core loop as a bot built on grammY lives it: long polling, a user writing /start with a
 * payload, an HTML answer with buttons, a press answered with a toast or an alert, a Mini App
 * button opened with initData the bot can check.
 */

let sandbox: Sandbox;
let shop: SandboxBot;
let bot: Bot;

beforeEach(async () => {
  sandbox = await startSandbox();
  shop = sandbox.createBot({ username: 'shop_bot', name: 'Shop' });
  bot = new Bot(shop.token, { client: { apiRoot: sandbox.url } });
});

afterEach(async () => {
  if (bot.isRunning()) await bot.stop();
  await sandbox.stop();
});

describe('the core loop through grammY', () => {
  it('answers /start with a payload, HTML and an inline keyboard the user sees', async () => {
    bot.command('start', (ctx) =>
      ctx.reply(`<b>Welcome</b>, payload <code>${ctx.match}</code>`, {
        parse_mode: 'HTML',
        reply_markup: {
          inline_keyboard: [
            [{ text: 'Menu A', callback_data: 'menu:a' }],
            [{ text: 'Shop', web_app: { url: 'https://botdeck.example/shop?bot=1' } }],
          ],
        },
      }),
    );
    void bot.start();
    const ada = sandbox.createUser({ first_name: 'Ada', username: 'ada', language_code: 'ar' });

    const sent = ada.send(shop, '/start sp-promo');
    expect(sent.entities).toEqual([{ type: 'bot_command', offset: 0, length: 6 }]);
    const [welcome] = await ada.chatWith(shop).waitForMessages(1);

    expect(welcome).toMatchObject({
      text: 'Welcome, payload sp-promo',
      entities: [
        { type: 'bold', offset: 0, length: 7 },
        { type: 'code', offset: 17, length: 8 },
      ],
      chat: { id: ada.id, type: 'private', first_name: 'Ada' },
      from: { id: shop.id, is_bot: true, username: 'shop_bot' },
    });
    expect(welcome?.reply_markup?.inline_keyboard).toHaveLength(2);
  });

  it('shows a toast and an alert: what answerCallbackQuery said', async () => {
    bot.command('start', (ctx) =>
      ctx.reply('Pick', {
        reply_markup: {
          inline_keyboard: [
            [
              { text: 'Popup', callback_data: 'popup' },
              { text: 'Alert', callback_data: 'alert' },
            ],
          ],
        },
      }),
    );
    bot.callbackQuery('popup', (ctx) => ctx.answerCallbackQuery({ text: 'Saved' }));
    bot.callbackQuery('alert', (ctx) =>
      ctx.answerCallbackQuery({ text: 'Careful', show_alert: true }),
    );
    void bot.start();
    const ada = sandbox.createUser({ first_name: 'Ada' });
    ada.send(shop, '/start');
    const [pick] = await ada.chatWith(shop).waitForMessages(1);

    expect(await ada.press(pick!, 'Popup')).toMatchObject({ shown: 'toast', text: 'Saved' });
    expect(await ada.press(pick!, 'Alert')).toMatchObject({ shown: 'alert', text: 'Careful' });
    expect(
      ada
        .chatWith(shop)
        .entry(pick!)
        .callbackAnswers.map((answer) => answer.shown),
    ).toEqual(['toast', 'alert']);
  });

  it('taps a button without waiting, and tells each answered call to whoever follows them', async () => {
    bot.command('start', (ctx) =>
      ctx.reply('Pick', {
        reply_markup: { inline_keyboard: [[{ text: 'Popup', callback_data: 'popup' }]] },
      }),
    );
    bot.callbackQuery('popup', (ctx) => ctx.answerCallbackQuery({ text: 'Saved' }));
    const followed: string[] = [];
    const stop = sandbox.onCall((from, call) => {
      if (call.method !== 'getUpdates') followed.push(`${from.username} ${call.method} ${call.ok}`);
    });
    void bot.start();
    const ada = sandbox.createUser({ first_name: 'Ada' });
    ada.send(shop, '/start');
    const [pick] = await ada.chatWith(shop).waitForMessages(1);

    const queryId = ada.tap(pick!, 'Popup');
    expect(ada.chatWith(shop).entry(pick!).callbackAnswers).toEqual([]);
    const answer = await sandbox.waitForCall(shop, 'answerCallbackQuery');
    expect(answer.params.callback_query_id).toBe(queryId);
    expect(ada.chatWith(shop).entry(pick!).callbackAnswers).toMatchObject([
      { queryId, shown: 'toast', text: 'Saved' },
    ]);
    // grammY's own start (getMe, deleteWebhook) comes first.
    expect(followed.slice(-2)).toEqual([
      'shop_bot sendMessage true',
      'shop_bot answerCallbackQuery true',
    ]);
    const seen = followed.length;

    stop();
    ada.tap(pick!, 'Popup');
    await sandbox.waitForCall(shop, 'answerCallbackQuery', { after: 1 });
    expect(followed).toHaveLength(seen);
  });

  it('fails a press the bot never answers, saying so', async () => {
    bot.command('start', (ctx) =>
      ctx.reply('Pick', {
        reply_markup: { inline_keyboard: [[{ text: 'Silent', callback_data: 's' }]] },
      }),
    );
    void bot.start();
    const ada = sandbox.createUser({ first_name: 'Ada' });
    ada.send(shop, '/start');
    const [pick] = await ada.chatWith(shop).waitForMessages(1);
    await expect(ada.press(pick!, 'Silent', { timeoutMs: 300 })).rejects.toThrow(
      /@shop_bot did not answer Ada's press of "Silent"/,
    );
  });

  it('opens a Mini App button with initData signed by that bot', async () => {
    bot.command('start', (ctx) =>
      ctx.reply('Shop', {
        reply_markup: {
          inline_keyboard: [
            [{ text: 'Open', web_app: { url: 'https://botdeck.example/shop?bot=7' } }],
          ],
        },
      }),
    );
    void bot.start();
    const ada = sandbox.createUser({ first_name: 'Ada', username: 'ada' });
    ada.send(shop, '/start');
    const [message] = await ada.chatWith(shop).waitForMessages(1);

    const url = new URL(ada.open(message!, 'Open'));
    expect(`${url.origin}${url.pathname}${url.search}`).toBe('https://botdeck.example/shop?bot=7');
    const initData = new URLSearchParams(url.hash.slice(1)).get('tgWebAppData')!;
    const fields = new URLSearchParams(initData);
    expect(JSON.parse(fields.get('user')!)).toMatchObject({
      id: ada.id,
      first_name: 'Ada',
      username: 'ada',
    });
    expect(fields.get('signature')).toMatch(/^[A-Za-z0-9_-]{86}$/);
    // Telegram's check (core.telegram.org/bots/webapps), done by hand with the bot's token.
    const hash = fields.get('hash');
    fields.delete('hash');
    const checkString = [...fields.entries()]
      .map(([key, value]) => `${key}=${value}`)
      .sort()
      .join('\n');
    const secret = createHmac('sha256', 'WebAppData').update(shop.token).digest();
    expect(createHmac('sha256', secret).update(checkString).digest('hex')).toBe(hash);
  });
});

describe('who may call', () => {
  it('answers 401 Unauthorized to an unknown token', async () => {
    expect(await callApi(sandbox, '123:nope', 'getMe')).toEqual({
      status: 401,
      ok: false,
      error_code: 401,
      description: 'Unauthorized',
    });
  });

  it('answers 401 once the token is revoked', async () => {
    expect((await callApi(sandbox, shop.token, 'getMe')).ok).toBe(true);
    sandbox.revoke(shop);
    expect(await callApi(sandbox, shop.token, 'getMe')).toMatchObject({
      status: 401,
      description: 'Unauthorized',
    });
  });

  it('answers 404 Not Found to a method it does not have', async () => {
    expect(await callApi(sandbox, shop.token, 'sendGift')).toEqual({
      status: 404,
      ok: false,
      error_code: 404,
      description: 'Not Found',
    });
  });

  it('reads method names in any case, as Telegram does', async () => {
    expect(await callApi(sandbox, shop.token, 'GETME')).toMatchObject({
      ok: true,
      result: { id: shop.id, is_bot: true, username: 'shop_bot', can_join_groups: true },
    });
  });

  it("refuses a missing required parameter in Telegram's words", async () => {
    expect(await callApi(sandbox, shop.token, 'sendMessage', { text: 'x' })).toMatchObject({
      status: 400,
      description: 'Bad Request: chat_id is empty',
    });
  });

  it('reads parameters from the query string of a GET, and from a form body', async () => {
    const ada = sandbox.createUser({ first_name: 'Ada' });
    ada.send(shop, '/start');
    const markup = JSON.stringify({ inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] });
    const viaGet = await fetch(
      `${sandbox.url}/bot${shop.token}/sendMessage?chat_id=${ada.id}&text=${encodeURIComponent('<b>get</b>')}&parse_mode=HTML`,
    );
    expect(await viaGet.json()).toMatchObject({
      ok: true,
      result: { text: 'get', entities: [{ type: 'bold' }] },
    });
    const viaForm = await fetch(`${sandbox.url}/bot${shop.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        chat_id: String(ada.id),
        text: 'form',
        reply_markup: markup,
      }).toString(),
    });
    expect(await viaForm.json()).toMatchObject({
      ok: true,
      result: {
        text: 'form',
        reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] },
      },
    });
  });
});
