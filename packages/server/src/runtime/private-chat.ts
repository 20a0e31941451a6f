import { isItemLocked } from '@botdeck/core';
import { Composer, GrammyError } from 'grammy';
import type { Message as TelegramMessage, User } from 'grammy/types';
import type { ListItemRecord } from '../store/types';
import { tierOf } from '../views';
import { commandOf } from './bot-command';
import { decodeCallback, type SetRef } from './callback-data';
import { relayInChatMode } from './chat-mode';
import type { DeckContext } from './deck-context';
import { AWAITS_A_FILE, answerWithFileId, askForAFile, FILE_ID_PAYLOAD } from './file-ids';
import { answerCaptchaStart } from './group-captcha';
import { isTeam, joinButtons, missingChats } from './memberships';
import { type OutgoingSet, sendMessageSet } from './message-sets';
import { nameOf, teamWithReplies, tellTeam, whoIs } from './team';
import { relayToUserTopic } from './topic-mode';

/**
 * What a bot does in a private chat (SERVER.md section 4): it records everyone who writes,
 * answers nobody banned, asks for the required chats first, and answers /start, start payloads,
 * commands, buttons and Q&A with the owner's message sets; anything else a user writes goes to
 * the team, through their topic (topic-mode.ts) or as chat mode (chat-mode.ts).
 */
export const privateChat = new Composer<DeckContext>();
const chat = privateChat.chatType('private');

chat.use(async (ctx, next) => {
  const from = ctx.from;
  if (!from || from.is_bot) return;
  const { store, bot } = ctx.deck;
  const { isNew, banned, photoless } = await store.write(async (tx) => {
    const known = await tx.people.get(from.id);
    await tx.people.put({
      id: from.id,
      name: nameOf(from),
      username: from.username ?? null,
      photo: known?.photo ?? null,
    });
    const member = await tx.members.isMember(bot.id, from.id);
    if (!member) await tx.members.add(bot.id, from.id);
    return {
      isNew: !member,
      banned: await tx.members.isBanned(bot.id, from.id),
      photoless: !known?.photo,
    };
  });
  // Their photo for the /users list, asked once per bot they start (not on every message).
  if (isNew && photoless) ctx.deck.rememberPhoto(from.id);
  if (isNew && bot.notice) await tellTeam(ctx, ctx.deck.texts.newUser(whoIs(from)));
  // A banned user gets no answer at all, not even to a button.
  if (banned) return;
  await next();
});

// Join requirements come before anything else, for everyone but the bot's own team.
chat.use(async (ctx, next) => {
  const from = ctx.from as User;
  if (!ctx.deck.bot.jr_enable || (await isTeam(ctx, from.id))) return next();
  const missing = await missingChats(ctx, from.id);
  const pressed = ctx.callbackQuery?.data;
  if (pressed !== undefined && decodeCallback(pressed)?.kind === 'checkJoined') {
    const { texts } = ctx.deck;
    if (missing.length > 0) {
      await ctx.answerCallbackQuery({ text: texts.stillMissing });
      return;
    }
    await ctx.answerCallbackQuery({ text: texts.allJoined });
    await ctx.editMessageText(texts.allJoined).catch(() => {});
    return;
  }
  if (missing.length === 0) return next();
  if (ctx.callbackQuery) await ctx.answerCallbackQuery();
  await ctx.reply(ctx.deck.texts.joinFirst, {
    reply_markup: {
      inline_keyboard: [
        ...joinButtons(missing),
        [{ text: ctx.deck.texts.checkAgain, callback_data: 'j' }],
      ],
    },
  });
});

chat.on('callback_query:data', async (ctx) => {
  const action = decodeCallback(ctx.callbackQuery.data);
  const { store, bot, texts } = ctx.deck;
  switch (action?.kind) {
    case 'menu':
    case 'question': {
      const item = await store.read((tx) => tx.lists.byId(bot.id, action.id));
      if (!item || item.kind !== action.kind || isLocked(ctx, item)) {
        await ctx.answerCallbackQuery({ text: texts.unavailable });
        return;
      }
      await ctx.answerCallbackQuery();
      if (item.kind === 'menu') {
        await sendSet(ctx, { ref: { kind: 'item', id: item.id }, ...item });
        return;
      }
      // A Q&A: its first message asks, and the user's next message is the answer.
      await sendSet(ctx, {
        ref: { kind: 'item', id: item.id },
        ...item,
        messages: item.messages.slice(0, 1),
      });
      await store.write((tx) => tx.runtime.awaitAnswer(bot.id, ctx.from.id, item.id));
      return;
    }
    case 'popup': {
      const button = await storedButton(ctx, action.set, action.message, action.button);
      if (!button || (button.type !== 'Popup' && button.type !== 'Alert')) {
        await ctx.answerCallbackQuery({ text: texts.unavailable });
        return;
      }
      await ctx.answerCallbackQuery({
        // Telegram shows at most 200 characters of a callback answer.
        text: button.value.slice(0, 200),
        show_alert: button.type === 'Alert',
      });
      return;
    }
    default:
      // Data this bot never sent (or a Check again once the requirements are off).
      await ctx.answerCallbackQuery();
  }
});

chat.on('message', async (ctx) => {
  const { store, bot } = ctx.deck;
  const command = commandOf(ctx.message, ctx.me.username);
  if (command) {
    // A command ends any wait for an answer: the user moved on.
    await store.write((tx) => tx.runtime.awaitAnswer(bot.id, ctx.from.id, null));
    if (command.name === 'start') return answerStart(ctx, command.argument);
    const item = await findOpenItem(ctx, 'command', command.name);
    if (item) await sendSet(ctx, { ref: { kind: 'item', id: item.id }, ...item });
    return;
  }
  const awaited = await store.read((tx) => tx.runtime.awaitedAnswer(bot.id, ctx.from.id));
  if (awaited === AWAITS_A_FILE) {
    await answerWithFileId(ctx, ctx.message);
    return;
  }
  if (awaited !== null) {
    await deliverAnswer(ctx, awaited);
    return;
  }
  // What is no command and no answer is the team's: through the user's topic or as chat mode.
  if (await relayToUserTopic(ctx, ctx.message)) return;
  await relayInChatMode(ctx, ctx.message);
});

/**
 * /start, /start sp-NAME (that payload's set; an unknown one: the start message), /start
 * cap-<id> (a group's newcomer comes for their captcha) and /start fileid (file-ids.ts).
 */
async function answerStart(ctx: DeckContext, argument: string): Promise<void> {
  const { store, bot } = ctx.deck;
  if (argument.startsWith('cap-')) {
    await answerCaptchaStart(ctx, argument.slice(4));
    return;
  }
  // The dashboard's link for a file ID: the team's; anyone else gets the start message.
  if (argument === FILE_ID_PAYLOAD && (await askForAFile(ctx))) return;
  if (argument.startsWith('sp-')) {
    const payload = await findOpenItem(ctx, 'startPayload', argument.slice(3));
    if (payload) {
      await sendSet(ctx, { ref: { kind: 'item', id: payload.id }, ...payload });
      return;
    }
  }
  const start = await store.read((tx) => tx.lists.messageSet(bot.id, 'startMessage', 0));
  if (start) await sendSet(ctx, { ref: { kind: 'start' }, ...start });
}

/** The user's message answers a Q&A: the team gets it, with who sent it; the user, the responses. */
async function deliverAnswer(ctx: DeckContext, itemId: number): Promise<void> {
  const { store, bot, texts } = ctx.deck;
  const message = ctx.message as TelegramMessage;
  const from = ctx.from as User;
  await store.write((tx) => tx.runtime.awaitAnswer(bot.id, from.id, null));
  const item = await store.read((tx) => tx.lists.byId(bot.id, itemId));
  if (!item) return;
  for (const member of await teamWithReplies(ctx)) {
    try {
      await ctx.api.sendMessage(member, texts.answerFrom(whoIs(from), item.name));
      await ctx.api.copyMessage(member, message.chat.id, message.message_id);
    } catch (error) {
      // A member who never started the bot (or blocked it) cannot be written to: the others still are.
      if (!(error instanceof GrammyError && [400, 403].includes(error.error_code))) throw error;
    }
  }
  await sendSet(ctx, {
    ref: { kind: 'item', id: item.id },
    name: item.name,
    messages: item.messages.slice(1),
    firstIndex: 1,
  });
}

async function sendSet(ctx: DeckContext, set: OutgoingSet): Promise<void> {
  const { store, bot, appUrl } = ctx.deck;
  await sendMessageSet(
    {
      api: ctx.api,
      store,
      botId: bot.id,
      botUsername: bot.username,
      appUrl,
      chatId: (ctx.chat as { id: number }).id,
      effects: true,
    },
    set,
    (refusal) => ctx.deck.reportRefused(refusal),
  );
}

/**
 * A command or start payload by name that the plan leaves open. A locked one answers as if
 * absent; the runtime's listener is told (a test drive says why nothing came).
 */
async function findOpenItem(
  ctx: DeckContext,
  kind: 'command' | 'startPayload',
  name: string,
): Promise<ListItemRecord | null> {
  const item = await ctx.deck.store.read((tx) => tx.lists.find(ctx.deck.bot.id, kind, name));
  if (!item) return null;
  if (!isLocked(ctx, item)) return item;
  const userId = ctx.from?.id;
  if (userId !== undefined) {
    ctx.deck.lockedItem({ botId: ctx.deck.bot.id, userId, kind, name: item.name });
  }
  return null;
}

function isLocked(ctx: DeckContext, item: ListItemRecord): boolean {
  return isItemLocked(tierOf(ctx.deck.bot, Date.now()), item.kind, item.index);
}

async function storedButton(ctx: DeckContext, set: SetRef, message: number, button: number) {
  const { store, bot } = ctx.deck;
  const messages = await store.read(async (tx) =>
    set.kind === 'start'
      ? (await tx.lists.messageSet(bot.id, 'startMessage', 0))?.messages
      : (await tx.lists.byId(bot.id, set.id))?.messages,
  );
  return messages?.[message]?.buttons[button] ?? null;
}
