import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Message, Update } from '@grammyjs/types';
import { Api, InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPLEMENTED_METHODS, type ImplementedMethod } from './methods';
import type { Sandbox } from './sandbox';
import {
  BOT_COMMAND,
  CHAT_FULL_INFO,
  CHAT_MEMBER,
  driftOf,
  type Expected,
  FILE,
  FORUM_TOPIC,
  GET_ME,
  MESSAGE,
  MESSAGE_ID,
  PROFILE_PHOTOS,
  STAR_TRANSACTIONS,
  UPDATE,
  WEBHOOK_INFO,
} from './shapes.testing';
import { startSandbox } from './start';
import type { SandboxBot, SandboxGroup, SandboxUser } from './telegram-side';

/**
 * The drift test: every method the sandbox implements, called through grammY's own Api client
 * (its JSON and multipart encoding), answers what Telegram's published types say it answers:
 * no field the types do not have, no required field missing. Every update handed out on the way
 * is checked too. A method added to IMPLEMENTED_METHODS without a case here does not compile.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR42mP8z8DwnwEJMOIAAI+eB/5h0SwUAAAAAElFTkSuQmCC',
  'base64',
);

let sandbox: Sandbox;
let shop: SandboxBot;
let api: Api;
let ada: SandboxUser;
let bob: SandboxUser;
let forum: SandboxGroup;
let offset = 0;
const handedOut: Update[] = [];

/** The updates the bot has not read yet (confirmed as read). */
async function newUpdates(): Promise<Update[]> {
  const updates = await api.getUpdates({
    offset,
    allowed_updates: [
      'message',
      'edited_message',
      'callback_query',
      'my_chat_member',
      'chat_member',
      'chat_join_request',
      'pre_checkout_query',
    ],
  });
  if (updates.length > 0) offset = updates.at(-1)!.update_id + 1;
  handedOut.push(...updates);
  return updates;
}

async function lastBotMessage(): Promise<Message> {
  return api.sendMessage(ada.id, 'a message to work on');
}

async function invoiceLink(): Promise<string> {
  return api.createInvoiceLink('Pack', 'Stickers', 'item:1', '', 'XTR', [
    { label: 'Pack', amount: 5 },
  ]);
}

/** Pays an invoice as Ada, answering the pre-checkout query as the bot; returns the charge id. */
async function paid(): Promise<string> {
  const paying = ada.pay(await invoiceLink());
  const query = await waitForUpdate((update) => update.pre_checkout_query);
  await api.answerPreCheckoutQuery(query.id, true);
  const outcome = await paying;
  if (outcome.status !== 'paid') throw new Error(outcome.status);
  return outcome.chargeId;
}

async function waitForUpdate<T>(pick: (update: Update) => T | undefined): Promise<T> {
  for (let tries = 0; tries < 50; tries += 1) {
    for (const update of await newUpdates()) {
      const found = pick(update);
      if (found !== undefined) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the update did not come');
}

type Case = () => Promise<{ answer: unknown; expected: Expected }>;

const CASES: Record<ImplementedMethod, Case> = {
  getMe: async () => ({ answer: await api.getMe(), expected: GET_ME }),
  getUpdates: async () => {
    ada.send(shop, 'an update');
    return { answer: await newUpdates(), expected: [UPDATE] };
  },
  setWebhook: async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const answer = await api.setWebhook(`http://127.0.0.1:${port}/tg`, { secret_token: 'secret' });
    return { answer, expected: true };
  },
  deleteWebhook: async () => ({ answer: await api.deleteWebhook(), expected: true }),
  getWebhookInfo: async () => ({ answer: await api.getWebhookInfo(), expected: WEBHOOK_INFO }),
  setMyCommands: async () => ({
    answer: await api.setMyCommands([{ command: 'start', description: 'Begin' }], {
      language_code: 'en',
    }),
    expected: true,
  }),
  getMyCommands: async () => ({
    answer: await api.getMyCommands({ language_code: 'en' }),
    expected: [BOT_COMMAND],
  }),
  deleteMyCommands: async () => ({ answer: await api.deleteMyCommands(), expected: true }),
  sendMessage: async () => ({
    answer: await api.sendMessage(ada.id, '<b>Hi</b> see https://example.com', {
      parse_mode: 'HTML',
      message_effect_id: '5046509860389126442',
      link_preview_options: { is_disabled: true },
      reply_markup: {
        inline_keyboard: [
          [
            { text: 'A', callback_data: 'a' },
            { text: 'Site', url: 'https://example.com' },
          ],
          [{ text: 'Shop', web_app: { url: 'https://botdeck.example/shop' } }],
        ],
      },
    }),
    expected: MESSAGE,
  }),
  sendPhoto: async () => ({
    answer: await api.sendPhoto(ada.id, new InputFile(PNG, 'p.png'), { caption: 'photo' }),
    expected: MESSAGE,
  }),
  sendVideo: async () => ({
    answer: await api.sendVideo(ada.id, new InputFile(Buffer.from('v'), 'v.mp4'), { duration: 1 }),
    expected: MESSAGE,
  }),
  sendAudio: async () => ({
    answer: await api.sendAudio(ada.id, new InputFile(Buffer.from('a'), 'a.mp3')),
    expected: MESSAGE,
  }),
  sendDocument: async () => ({
    answer: await api.sendDocument(ada.id, new InputFile(Buffer.from('d'), 'd.pdf'), {
      caption: 'doc',
    }),
    expected: MESSAGE,
  }),
  sendAnimation: async () => ({
    answer: await api.sendAnimation(ada.id, new InputFile(Buffer.from('g'), 'g.mp4')),
    expected: MESSAGE,
  }),
  sendVoice: async () => ({
    answer: await api.sendVoice(ada.id, new InputFile(Buffer.from('o'), 'o.ogg')),
    expected: MESSAGE,
  }),
  sendVideoNote: async () => ({
    answer: await api.sendVideoNote(ada.id, new InputFile(Buffer.from('n'), 'n.mp4')),
    expected: MESSAGE,
  }),
  forwardMessage: async () => {
    const said = ada.send(shop, 'forward me');
    return { answer: await api.forwardMessage(ada.id, ada.id, said.message_id), expected: MESSAGE };
  },
  copyMessage: async () => {
    const said = ada.send(shop, 'copy me');
    return { answer: await api.copyMessage(ada.id, ada.id, said.message_id), expected: MESSAGE_ID };
  },
  editMessageText: async () => {
    const message = await lastBotMessage();
    return {
      answer: await api.editMessageText(ada.id, message.message_id, '<i>edited</i>', {
        parse_mode: 'HTML',
      }),
      expected: MESSAGE,
    };
  },
  editMessageCaption: async () => {
    const photo = await api.sendPhoto(ada.id, new InputFile(PNG), { caption: 'old' });
    return {
      answer: await api.editMessageCaption(ada.id, photo.message_id, { caption: 'new' }),
      expected: MESSAGE,
    };
  },
  editMessageReplyMarkup: async () => {
    const message = await lastBotMessage();
    return {
      answer: await api.editMessageReplyMarkup(ada.id, message.message_id, {
        reply_markup: { inline_keyboard: [[{ text: 'B', callback_data: 'b' }]] },
      }),
      expected: MESSAGE,
    };
  },
  deleteMessage: async () => {
    const message = await lastBotMessage();
    return { answer: await api.deleteMessage(ada.id, message.message_id), expected: true };
  },
  deleteMessages: async () => {
    const one = await lastBotMessage();
    const two = await lastBotMessage();
    return {
      answer: await api.deleteMessages(ada.id, [one.message_id, two.message_id]),
      expected: true,
    };
  },
  sendChatAction: async () => ({
    answer: await api.sendChatAction(ada.id, 'typing'),
    expected: true,
  }),
  answerCallbackQuery: async () => {
    const message = await api.sendMessage(ada.id, 'press', {
      reply_markup: { inline_keyboard: [[{ text: 'Press', callback_data: 'pressed' }]] },
    });
    const pressing = ada.press(message, 'Press');
    const query = await waitForUpdate((update) => update.callback_query);
    const answer = await api.answerCallbackQuery(query.id, { text: 'Done', show_alert: true });
    await pressing;
    return { answer, expected: true };
  },
  getChat: async () => {
    expect(driftOf(await api.getChat(ada.id), CHAT_FULL_INFO)).toEqual([]);
    return { answer: await api.getChat(forum.id), expected: CHAT_FULL_INFO };
  },
  getChatMember: async () => ({
    answer: await api.getChatMember(forum.id, shop.id),
    expected: CHAT_MEMBER,
  }),
  getChatAdministrators: async () => ({
    answer: await api.getChatAdministrators(forum.id),
    expected: [CHAT_MEMBER],
  }),
  getChatMemberCount: async () => ({
    answer: await api.getChatMemberCount(forum.id),
    expected: 'number',
  }),
  restrictChatMember: async () => {
    const answer = await api.restrictChatMember(forum.id, bob.id, { can_send_messages: false });
    expect(driftOf(await api.getChatMember(forum.id, bob.id), CHAT_MEMBER)).toEqual([]);
    return { answer, expected: true };
  },
  banChatMember: async () => {
    const answer = await api.banChatMember(forum.id, bob.id);
    expect(driftOf(await api.getChatMember(forum.id, bob.id), CHAT_MEMBER)).toEqual([]);
    return { answer, expected: true };
  },
  unbanChatMember: async () => {
    const answer = await api.unbanChatMember(forum.id, bob.id, { only_if_banned: true });
    expect(driftOf(await api.getChatMember(forum.id, bob.id), CHAT_MEMBER)).toEqual([]);
    return { answer, expected: true };
  },
  approveChatJoinRequest: async () => {
    forum.join(bob, { request: true });
    return { answer: await api.approveChatJoinRequest(forum.id, bob.id), expected: true };
  },
  declineChatJoinRequest: async () => {
    const cy = sandbox.createUser({ first_name: 'Cy' });
    forum.join(cy, { request: true, bio: 'hello' });
    return { answer: await api.declineChatJoinRequest(forum.id, cy.id), expected: true };
  },
  leaveChat: async () => {
    const other = sandbox.createGroup({ title: 'Other', owner: ada });
    other.addBot(shop);
    return { answer: await api.leaveChat(other.id), expected: true };
  },
  getUserProfilePhotos: async () => {
    ada.setProfilePhoto(PNG);
    return { answer: await api.getUserProfilePhotos(ada.id), expected: PROFILE_PHOTOS };
  },
  getFile: async () => {
    const photo = await api.sendPhoto(ada.id, new InputFile(PNG));
    return { answer: await api.getFile(photo.photo[0]!.file_id), expected: FILE };
  },
  createForumTopic: async () => ({
    answer: await api.createForumTopic(forum.id, 'Ada · 1'),
    expected: FORUM_TOPIC,
  }),
  closeForumTopic: async () => {
    const topic = await api.createForumTopic(forum.id, 'to close');
    await api.sendMessage(forum.id, 'in the topic', { message_thread_id: topic.message_thread_id });
    return { answer: await api.closeForumTopic(forum.id, topic.message_thread_id), expected: true };
  },
  reopenForumTopic: async () => {
    const topic = await api.createForumTopic(forum.id, 'to reopen');
    await api.closeForumTopic(forum.id, topic.message_thread_id);
    return {
      answer: await api.reopenForumTopic(forum.id, topic.message_thread_id),
      expected: true,
    };
  },
  deleteForumTopic: async () => {
    const topic = await api.createForumTopic(forum.id, 'to delete');
    return {
      answer: await api.deleteForumTopic(forum.id, topic.message_thread_id),
      expected: true,
    };
  },
  createInvoiceLink: async () => ({ answer: await invoiceLink(), expected: 'string' }),
  sendInvoice: async () => ({
    answer: await api.sendInvoice(ada.id, 'Pack', 'Stickers', 'item:2', 'XTR', [
      { label: 'Pack', amount: 3 },
    ]),
    expected: MESSAGE,
  }),
  answerPreCheckoutQuery: async () => {
    const paying = ada.pay(await invoiceLink());
    const query = await waitForUpdate((update) => update.pre_checkout_query);
    const answer = await api.answerPreCheckoutQuery(query.id, true);
    await paying;
    return { answer, expected: true };
  },
  refundStarPayment: async () => ({
    answer: await api.refundStarPayment(ada.id, await paid()),
    expected: true,
  }),
  getStarTransactions: async () => ({
    answer: await api.getStarTransactions(),
    expected: STAR_TRANSACTIONS,
  }),
};

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false });
  shop = sandbox.createBot({ username: 'shop_bot', name: 'Shop' });
  api = new Api(shop.token, { apiRoot: sandbox.url });
  ada = sandbox.createUser({
    first_name: 'Ada',
    last_name: 'L',
    username: 'ada',
    language_code: 'en',
    is_premium: true,
  });
  bob = sandbox.createUser({ first_name: 'Bob' });
  ada.send(shop, '/start');
  forum = sandbox.createGroup({ title: 'Help', owner: ada, forum: true, username: 'help_group' });
  forum.addBot(shop, { admin: true });
  forum.join(bob);
});

afterAll(async () => {
  await sandbox.stop();
});

describe("every implemented method answers what Telegram's types say", () => {
  it.each(IMPLEMENTED_METHODS.map((method) => [method]))('%s', async (method) => {
    const { answer, expected } = await CASES[method]();
    expect(driftOf(answer, expected)).toEqual([]);
  });

  it('and every update handed out on the way does too', async () => {
    forum.join(sandbox.createUser({ first_name: 'Dee' }));
    bob.send(forum, 'a group message');
    const said = ada.send(shop, 'to edit');
    ada.edit(said, 'edited by Ada');
    await newUpdates();
    const kinds = new Set(
      handedOut.map((update) => Object.keys(update).find((key) => key !== 'update_id')),
    );
    expect([...kinds].sort()).toEqual([
      'callback_query',
      'chat_join_request',
      'chat_member',
      'edited_message',
      'message',
      'my_chat_member',
      'pre_checkout_query',
    ]);
    expect(
      handedOut.flatMap((update, index) => driftOf(update, UPDATE, `update[${index}]`)),
    ).toEqual([]);
  });

  it('catches drift: a field Telegram does not have, a required one missing', () => {
    expect(driftOf({ id: 1, is_bot: true, first_name: 'x', username: 'y' }, GET_ME)).toContain(
      'result.can_join_groups: required by UserFromGetMe, missing',
    );
    expect(
      driftOf(
        { message_id: 1, date: 1, chat: { id: 1, type: 'private', first_name: 'A' }, txt: 'x' },
        MESSAGE,
      ),
    ).toEqual(["result.txt: not a field of Message in Telegram's types"]);
  });
});
