import { mayDo, roleOf, topicModeGroupId, topicModeIn } from '@botdeck/core';
import { Composer, GrammyError } from 'grammy';
import type { Message, User } from 'grammy/types';
import { type BotCommand, commandOf } from './bot-command';
import type { DeckContext } from './deck-context';
import { hasContent } from './group-protection';
import { nameOf, whoIs } from './team';

/**
 * Topic mode (SERVER.md section 4): chat mode through a group, so the bot's team answers
 * together. The owner (or an admin who may change the bot's settings) sends /enable in a
 * supergroup with topics where the bot manages topics; from then on every user who writes to
 * the bot has a forum topic of their own there, opened on their first message and kept in the
 * store (a restart or another process finds it), their messages are copied into it, and what
 * anyone writes in it is copied back to them. A topic deleted in the group is opened again on
 * the user's next message; one the group closed is reopened.
 */
export const topicMode = new Composer<DeckContext>();
const groups = topicMode.chatType(['group', 'supergroup']);

/** Telegram's longest topic name. */
const TOPIC_NAME_LIMIT = 128;

groups.on('message', async (ctx, next) => {
  const message = ctx.message;
  const command = commandOf(message, ctx.me.username);
  if (command?.name === 'enable') {
    await connectGroup(ctx, message, command);
    return;
  }
  const threadId = message.is_topic_message ? message.message_thread_id : undefined;
  if (threadId === undefined) return next();
  const { store, bot } = ctx.deck;
  const settings = await store.read((tx) => tx.settings.advanced(bot.id));
  if (topicModeGroupId(settings.chat_mode) !== ctx.chat.id) return next();

  if (message.forum_topic_closed || message.forum_topic_reopened) {
    // A closed topic is opened again when its user writes (the team sees the conversation is back).
    const closed = message.forum_topic_closed !== undefined;
    await store.write((tx) => tx.runtime.markTopicClosed(bot.id, ctx.chat.id, threadId, closed));
    return;
  }
  // Service messages (a topic renamed, someone joined) are nobody's words to pass on.
  if (!hasContent(message)) return next();
  const userId = await store.read((tx) => tx.runtime.topicUser(bot.id, ctx.chat.id, threadId));
  if (userId === null) return next();
  await deliverToUser(ctx, message, userId);
});

/**
 * `/enable` (or `/enable@bot`) in a group: the bot's owner, or an admin who may change its
 * settings (the dashboard's rule for chat mode), connects it for topic mode if it has topics and
 * the bot may manage them there. A bare `/enable` from anyone else is left alone (it reaches
 * every bot in the group and may be another's); `/enable@bot` from them is refused politely.
 */
async function connectGroup(ctx: DeckContext, message: Message, command: BotCommand) {
  const { store, bot, texts, log } = ctx.deck;
  const chat = message.chat;
  const where = `bot ${bot.id}: /enable in ${chat.id}`;
  const sender = message.from;
  if (!sender || !(await mayChangeSettings(ctx, sender.id))) {
    log(
      `${where} by ${sender?.id ?? 'nobody'} refused: not the owner nor an admin with adv_and_media`,
    );
    if (command.addressed) await answerInGroup(ctx, message, texts.topicNotAllowed);
    return;
  }
  if (chat.type !== 'supergroup' || !chat.is_forum) {
    log(`${where} refused: the group has no topics`);
    await answerInGroup(ctx, message, texts.topicNeedsTopics);
    return;
  }
  const me = await ctx.api.getChatMember(chat.id, ctx.me.id);
  if (me.status !== 'creator' && !(me.status === 'administrator' && me.can_manage_topics)) {
    log(`${where} refused: the bot may not manage topics there (${me.status})`);
    await answerInGroup(ctx, message, texts.topicNeedsRights);
    return;
  }
  await store.write(async (tx) => {
    const advanced = await tx.settings.advanced(bot.id);
    await tx.settings.setAdvanced(bot.id, { ...advanced, chat_mode: topicModeIn(String(chat.id)) });
  });
  log(`${where}: connected for topic mode by user ${sender.id}`);
  await answerInGroup(ctx, message, texts.topicConnected);
}

/** The owner, or a Botdeck admin of the bot with the permission to change its settings. */
async function mayChangeSettings(ctx: DeckContext, userId: number): Promise<boolean> {
  const { store, bot } = ctx.deck;
  const admin = await store.read((tx) => tx.admins.get(bot.id, userId));
  return mayDo(roleOf(userId, bot.owner, admin ?? undefined), 'changeAdvanced');
}

/** Answers a message in the group (in its topic, if it was in one); a refusal is logged. */
async function answerInGroup(ctx: DeckContext, message: Message, text: string): Promise<void> {
  try {
    await ctx.reply(text, {
      reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    ctx.deck.log(
      `bot ${ctx.deck.bot.id}: could not answer in ${message.chat.id}: ${error.description}`,
    );
  }
}

/** A message written in a user's topic goes to that user, unless the bot's team banned them. */
async function deliverToUser(ctx: DeckContext, message: Message, userId: number): Promise<void> {
  const { store, bot, texts, log } = ctx.deck;
  const where = `bot ${bot.id}: topic mode: message ${message.message_id} of ${ctx.chat?.id}`;
  if (await store.read((tx) => tx.members.isBanned(bot.id, userId))) {
    log(`${where} not sent: user ${userId} is banned`);
    await answerInGroup(ctx, message, texts.topicUserBanned);
    return;
  }
  try {
    await ctx.api.copyMessage(userId, message.chat.id, message.message_id);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    log(`${where} not sent to user ${userId}: ${error.description}`);
    await answerInGroup(
      ctx,
      message,
      error.error_code === 403 ? texts.topicUserBlocked : texts.topicNotSent,
    );
  }
}

/**
 * A user's private message that is no command and no awaited answer, while topic mode runs:
 * copied into the user's topic in the connected group. False when topic mode is off (chat mode,
 * or nothing, takes the message then). A group that refuses (the bot removed, its rights taken)
 * is logged; the message is not brought anywhere else.
 */
export async function relayToUserTopic(ctx: DeckContext, message: Message): Promise<boolean> {
  const { store, bot, log } = ctx.deck;
  const chatMode = (await store.read((tx) => tx.settings.advanced(bot.id))).chat_mode;
  if (!chatMode.enable || !chatMode.topic) return false;
  const user = ctx.from as User;
  const groupId = topicModeGroupId(chatMode);
  if (groupId === null) {
    log(`bot ${bot.id}: topic mode is on with no group connected: user ${user.id}'s message stays`);
    return true;
  }
  try {
    await copyToUserTopic(ctx, groupId, user, message);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    log(
      `bot ${bot.id}: topic mode: message ${message.message_id} of user ${user.id} not brought to group ${groupId}: ${error.description}`,
    );
  }
  return true;
}

async function copyToUserTopic(
  ctx: DeckContext,
  groupId: number,
  user: User,
  message: Message,
): Promise<void> {
  const { store, bot, log } = ctx.deck;
  const copyInto = (threadId: number) =>
    ctx.api.copyMessage(groupId, message.chat.id, message.message_id, {
      message_thread_id: threadId,
    });
  const known = await store.read((tx) => tx.runtime.userTopic(bot.id, groupId, user.id));
  if (!known) {
    await copyInto(await openUserTopic(ctx, groupId, user, null));
    return;
  }
  if (known.closed) await reopenTopic(ctx, groupId, known.threadId);
  try {
    await copyInto(known.threadId);
  } catch (error) {
    if (!isTopicGone(error)) throw error;
    // Deleted in the group: a new topic, and one more try. A new topic refused too is an
    // error of its own, logged by the caller, never tried again here.
    log(`bot ${bot.id}: topic ${known.threadId} of user ${user.id} is gone (${error.description})`);
    await copyInto(await openUserTopic(ctx, groupId, user, known.threadId));
  }
}

/**
 * Opens the user's topic, named after them, and keeps it; its first message says who they are.
 * When another process opened one for them at the same moment, theirs is kept and this one goes.
 */
async function openUserTopic(
  ctx: DeckContext,
  groupId: number,
  user: User,
  replacing: number | null,
): Promise<number> {
  const { store, bot, texts, log } = ctx.deck;
  const opened = await ctx.api.createForumTopic(groupId, topicName(user));
  const threadId = opened.message_thread_id;
  const kept = await store.write((tx) =>
    tx.runtime.keepUserTopic({ botId: bot.id, groupId, userId: user.id, threadId, replacing }),
  );
  if (kept !== threadId) {
    await ctx.api.deleteForumTopic(groupId, threadId).catch((error: unknown) => {
      if (!isRefusal(error)) throw error;
      log(`bot ${bot.id}: spare topic ${threadId} in ${groupId} stays: ${error.description}`);
    });
    return kept;
  }
  log(`bot ${bot.id}: opened topic ${threadId} in ${groupId} for user ${user.id}`);
  const text = texts.topicIntro(whoIs(user));
  const name = nameOf(user);
  const offset = text.indexOf(name);
  await ctx.api
    .sendMessage(groupId, text, {
      message_thread_id: threadId,
      // The name opens the user's profile, also for someone without a username.
      ...(offset >= 0
        ? { entities: [{ type: 'text_mention', offset, length: name.length, user }] }
        : {}),
    })
    .catch((error: unknown) => {
      // The topic's name still says who it is: the user's message goes on.
      if (!isRefusal(error)) throw error;
      log(`bot ${bot.id}: topic ${threadId} opened without its intro: ${error.description}`);
    });
  return threadId;
}

/** Opens a topic the group closed; one already open or gone is left to the copy to find out. */
async function reopenTopic(ctx: DeckContext, groupId: number, threadId: number): Promise<void> {
  const { store, bot, log } = ctx.deck;
  try {
    await ctx.api.reopenForumTopic(groupId, threadId);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    if (!/TOPIC_NOT_MODIFIED/.test(error.description)) {
      log(`bot ${bot.id}: topic ${threadId} in ${groupId} not reopened: ${error.description}`);
      return;
    }
  }
  await store.write((tx) => tx.runtime.markTopicClosed(bot.id, groupId, threadId, false));
}

/** "Elif Fischer (@elif_fischer_44)", or "Dmitri Costa (100000202)" without a username: at most 128 characters. */
function topicName(user: User): string {
  const suffix = ` (${user.username ? `@${user.username}` : user.id})`;
  const name = [...nameOf(user)].slice(0, TOPIC_NAME_LIMIT - [...suffix].length).join('');
  return `${name}${suffix}`;
}

/** Telegram's answer for a topic deleted in the group (or one the bot may no longer write in). */
function isTopicGone(error: unknown): error is GrammyError {
  return (
    error instanceof GrammyError &&
    error.error_code === 400 &&
    /message thread not found|TOPIC_DELETED|TOPIC_ID_INVALID|TOPIC_CLOSED/i.test(error.description)
  );
}

/** Telegram's "no" (400, 403), not a refused token (401) nor a pause (429). */
function isRefusal(error: unknown): error is GrammyError {
  return error instanceof GrammyError && (error.error_code === 400 || error.error_code === 403);
}
