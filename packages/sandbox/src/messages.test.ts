import type { Message } from '@grammyjs/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './sandbox';
import { startSandbox } from './start';
import type { SandboxBot, SandboxUser } from './telegram-side';
import { callApi } from './testing';

/** Telegram's rules for what a bot sends, each at its boundary, through the HTTP API. */

let sandbox: Sandbox;
let shop: SandboxBot;
let ada: SandboxUser;

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimits: false });
  shop = sandbox.createBot({ username: 'shop_bot', name: 'Shop' });
  ada = sandbox.createUser({ first_name: 'Ada' });
  ada.send(shop, '/start');
});

afterEach(async () => {
  await sandbox.stop();
});

const send = (params: Record<string, unknown>) =>
  callApi(sandbox, shop.token, 'sendMessage', { chat_id: ada.id, ...params });

const keyboard = (rows: Record<string, unknown>[][]) => ({
  reply_markup: { inline_keyboard: rows },
});

describe('message text', () => {
  it('takes 4,096 characters and refuses 4,097', async () => {
    expect((await send({ text: 'a'.repeat(4096) })).ok).toBe(true);
    expect(await send({ text: 'a'.repeat(4097) })).toMatchObject({
      status: 400,
      description: 'Bad Request: message is too long',
    });
  });

  it('counts characters, not UTF-16 units: 4,096 emoji pass', async () => {
    expect((await send({ text: '😀'.repeat(4096) })).ok).toBe(true);
    expect((await send({ text: '😀'.repeat(4097) })).ok).toBe(false);
  });

  it('counts the text after HTML is parsed', async () => {
    expect((await send({ text: `<b>${'a'.repeat(4096)}</b>`, parse_mode: 'HTML' })).ok).toBe(true);
  });

  it('refuses an empty text, and one that is only spaces', async () => {
    expect(await send({ text: '' })).toMatchObject({
      status: 400,
      description: 'Bad Request: message text is empty',
    });
    expect(await send({ text: '  \n ' })).toMatchObject({
      status: 400,
      description: 'Bad Request: text must be non-empty',
    });
  });

  it('passes on HTML it cannot parse as Telegram words it', async () => {
    expect(await send({ text: '<b>bold', parse_mode: 'HTML' })).toMatchObject({
      status: 400,
      description: `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "b"`,
    });
  });

  it('keeps entities given directly, and adds the ones Telegram finds', async () => {
    const answer = await send({
      text: 'Hi there see example.com',
      entities: [{ type: 'italic', offset: 0, length: 2 }],
    });
    expect((answer.result as Message).entities).toEqual([
      { type: 'italic', offset: 0, length: 2 },
      { type: 'url', offset: 13, length: 11 },
    ]);
  });

  it('trims the text as Telegram does, moving the entities with it', async () => {
    const answer = await send({ text: '  <b>x</b> y  ', parse_mode: 'HTML' });
    expect(answer.result).toMatchObject({
      text: 'x y',
      entities: [{ type: 'bold', offset: 0, length: 1 }],
    });
  });
});

describe('captions', () => {
  const photo = async () => {
    const first = await callApi(sandbox, shop.token, 'sendPhoto', {
      chat_id: ada.id,
      photo: sandbox.world.files.idFor(
        shop.id,
        sandbox.world.files.add('photo', Buffer.from('x'), { width: 1, height: 1 }),
      ),
    });
    return first;
  };

  it('takes 1,024 characters and refuses 1,025', async () => {
    const fileId = ((await photo()).result as Message.PhotoMessage).photo[0]!.file_id;
    const withCaption = (caption: string) =>
      callApi(sandbox, shop.token, 'sendPhoto', { chat_id: ada.id, photo: fileId, caption });
    expect((await withCaption('c'.repeat(1024))).ok).toBe(true);
    expect(await withCaption('c'.repeat(1025))).toMatchObject({
      status: 400,
      description: 'Bad Request: message caption is too long',
    });
  });
});

describe('inline keyboards', () => {
  it('takes callback data of 64 bytes and refuses 65, counting bytes not characters', async () => {
    expect(
      (await send({ text: 'x', ...keyboard([[{ text: 'b', callback_data: 'd'.repeat(64) }]]) })).ok,
    ).toBe(true);
    expect(
      await send({ text: 'x', ...keyboard([[{ text: 'b', callback_data: 'd'.repeat(65) }]]) }),
    ).toMatchObject({
      status: 400,
      description: 'Bad Request: BUTTON_DATA_INVALID',
    });
    // "é" is two bytes: 32 of them are 64 bytes, 33 are 66.
    expect(
      (await send({ text: 'x', ...keyboard([[{ text: 'b', callback_data: 'é'.repeat(32) }]]) })).ok,
    ).toBe(true);
    expect(
      (await send({ text: 'x', ...keyboard([[{ text: 'b', callback_data: 'é'.repeat(33) }]]) })).ok,
    ).toBe(false);
  });

  it('takes 8 buttons in a row and refuses 9', async () => {
    const row = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        text: `${index}`,
        callback_data: `${index}`,
      }));
    expect((await send({ text: 'x', ...keyboard([row(8)]) })).ok).toBe(true);
    expect(await send({ text: 'x', ...keyboard([row(9)]) })).toMatchObject({
      status: 400,
      description: 'Bad Request: REPLY_MARKUP_INVALID',
    });
  });

  it('takes 100 buttons in all and refuses 101', async () => {
    const rows = (count: number) =>
      Array.from({ length: count }, (_, index) => [
        { text: `${index}`, callback_data: `${index}` },
      ]);
    expect((await send({ text: 'x', ...keyboard(rows(100)) })).ok).toBe(true);
    expect(await send({ text: 'x', ...keyboard(rows(101)) })).toMatchObject({
      status: 400,
      description: 'Bad Request: reply markup is too long',
    });
  });

  it('refuses a button with nothing to do, and a URL Telegram would not open', async () => {
    expect(await send({ text: 'x', ...keyboard([[{ text: 'plain' }]]) })).toMatchObject({
      description:
        "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
    });
    expect(
      await send({ text: 'x', ...keyboard([[{ text: 'u', url: 'not a url' }]]) }),
    ).toMatchObject({
      description: 'Bad Request: BUTTON_URL_INVALID',
    });
  });

  it('refuses a Mini App button outside a private chat, and accepts it in one', async () => {
    const webApp = keyboard([[{ text: 'Shop', web_app: { url: 'https://botdeck.example/shop' } }]]);
    expect((await send({ text: 'x', ...webApp })).ok).toBe(true);
    const group = sandbox.createGroup({ title: 'Fans', owner: ada });
    group.addBot(shop, { admin: true });
    expect(
      await callApi(sandbox, shop.token, 'sendMessage', {
        chat_id: group.id,
        text: 'x',
        ...webApp,
      }),
    ).toMatchObject({ status: 400, description: 'Bad Request: BUTTON_TYPE_INVALID' });
  });

  it('shows a reply keyboard in the input, not on the message, and removes it', async () => {
    await send({
      text: 'pick',
      reply_markup: { keyboard: [['Yes', 'No']], resize_keyboard: true },
    });
    await send({ text: 'done', reply_markup: { remove_keyboard: true } });
    const [pick, done] = ada.chatWith(shop).entries().slice(1);
    expect(pick?.message.reply_markup).toBeUndefined();
    expect(pick?.replyKeyboard).toEqual([[{ text: 'Yes' }, { text: 'No' }]]);
    expect(done?.removeKeyboard).toBe(true);
  });
});

describe('message effects', () => {
  it('keeps the effect sent in a private chat', async () => {
    const answer = await send({ text: 'x', message_effect_id: '5046509860389126442' });
    expect(answer.result).toMatchObject({ effect_id: '5046509860389126442' });
    expect(ada.chatWith(shop).entries().at(-1)?.effectId).toBe('5046509860389126442');
  });

  it('refuses an effect in a group, and one Telegram does not have', async () => {
    expect(await send({ text: 'x', message_effect_id: '123' })).toMatchObject({
      description: 'Bad Request: EFFECT_ID_INVALID',
    });
    const group = sandbox.createGroup({ title: 'Fans', owner: ada });
    group.addBot(shop, { admin: true });
    expect(
      await callApi(sandbox, shop.token, 'sendMessage', {
        chat_id: group.id,
        text: 'x',
        message_effect_id: '5046509860389126442',
      }),
    ).toMatchObject({ status: 400, description: 'Bad Request: EFFECT_ID_INVALID' });
  });
});

describe('chats a bot cannot write to', () => {
  it('refuses a user who blocked the bot with 403', async () => {
    ada.block(shop);
    expect(await send({ text: 'x' })).toEqual({
      status: 403,
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
  });

  it('refuses a user who never wrote to the bot, and a chat that does not exist', async () => {
    const bob = sandbox.createUser({ first_name: 'Bob' });
    expect(
      await callApi(sandbox, shop.token, 'sendMessage', { chat_id: bob.id, text: 'x' }),
    ).toMatchObject({
      status: 403,
      description: "Forbidden: bot can't initiate conversation with a user",
    });
    expect(
      await callApi(sandbox, shop.token, 'sendMessage', { chat_id: 42, text: 'x' }),
    ).toMatchObject({
      status: 400,
      description: 'Bad Request: chat not found',
    });
  });

  it('refuses a group the bot is not in', async () => {
    const group = sandbox.createGroup({ title: 'Fans', owner: ada });
    expect(
      await callApi(sandbox, shop.token, 'sendMessage', { chat_id: group.id, text: 'x' }),
    ).toMatchObject({
      status: 403,
      description: 'Forbidden: bot is not a member of the supergroup chat',
    });
  });
});

describe('replies, edits and deletions', () => {
  it('replies to a message, and refuses one that is not there', async () => {
    const answer = await send({ text: 'answer', reply_parameters: { message_id: 1 } });
    expect((answer.result as Message).reply_to_message).toMatchObject({
      message_id: 1,
      text: '/start',
    });
    expect(await send({ text: 'x', reply_parameters: { message_id: 999 } })).toMatchObject({
      description: 'Bad Request: message to be replied not found',
    });
    expect(
      (
        await send({
          text: 'x',
          reply_parameters: { message_id: 999, allow_sending_without_reply: true },
        })
      ).ok,
    ).toBe(true);
  });

  it('edits its own text, refuses an edit that changes nothing, and drops the keyboard it is not given', async () => {
    const sent = (await send({ text: 'v1', ...keyboard([[{ text: 'b', callback_data: 'b' }]]) }))
      .result as Message;
    const edit = (params: Record<string, unknown>) =>
      callApi(sandbox, shop.token, 'editMessageText', {
        chat_id: ada.id,
        message_id: sent.message_id,
        ...params,
      });
    const edited = await edit({ text: 'v2' });
    expect(edited.result).toMatchObject({ text: 'v2', edit_date: expect.any(Number) });
    expect((edited.result as Message).reply_markup).toBeUndefined();
    expect(await edit({ text: 'v2' })).toMatchObject({
      description:
        'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
    });
    expect(
      await callApi(sandbox, shop.token, 'editMessageText', {
        chat_id: ada.id,
        message_id: 1,
        text: 'x',
      }),
    ).toMatchObject({ description: "Bad Request: message can't be edited" });
  });

  it('deletes a message once; then it is not found, and stays in the chat marked deleted', async () => {
    const sent = (await send({ text: 'bye' })).result as Message;
    const remove = () =>
      callApi(sandbox, shop.token, 'deleteMessage', {
        chat_id: ada.id,
        message_id: sent.message_id,
      });
    expect((await remove()).result).toBe(true);
    expect(await remove()).toMatchObject({
      description: 'Bad Request: message to delete not found',
    });
    expect(ada.chatWith(shop).entry(sent).deleted).toBe(true);
  });

  it("refuses to delete someone else's group message without can_delete_messages", async () => {
    const group = sandbox.createGroup({ title: 'Fans', owner: ada });
    group.addBot(shop, { admin: true, rights: { can_delete_messages: false } });
    const said = ada.send(group, 'hello');
    const remove = () =>
      callApi(sandbox, shop.token, 'deleteMessage', {
        chat_id: group.id,
        message_id: said.message_id,
      });
    expect(await remove()).toMatchObject({ description: "Bad Request: message can't be deleted" });
    group.promote(shop, { can_delete_messages: true });
    expect((await remove()).ok).toBe(true);
  });
});
