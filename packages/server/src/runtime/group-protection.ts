import type { JoinRequirement, ModerationItem, ModerationReason } from '@botdeck/api';
import { firstForbiddenLink, moderationTypeOf, type Script, scriptsIn } from '@botdeck/core';
import { type Api, Composer, GrammyError } from 'grammy';
import type { ChatPermissions, Message, User } from 'grammy/types';
import type { DevAdvanced } from '../data';
import type { DeckContext } from './deck-context';
import { isTeam, joinButtons, missingChats } from './memberships';

/**
 * What a bot does in groups where it is an admin (SERVER.md section 5), but the captcha: it
 * deletes a message with a link the owner does not allow, with letters of a filtered script, of
 * a moderated media type, or past the anti-spam's limit, and a message of a member who has not
 * joined the required chats; it bans or mutes the sender as the settings say. The group's
 * admins and creator, and the bot's owner and admins, are exempt from all of it.
 *
 * An edited message is read again for links, scripts and media (an edit that adds a link must
 * not slip through); it is not counted again by the anti-spam, and the join requirements were
 * asked when it was first sent.
 */
export const groupProtection = new Composer<DeckContext>();
const groups = groupProtection.chatType(['group', 'supergroup']);

/** How long the anti-spam mutes a person who wrote past its limit. */
const ANTI_SPAM_MUTE_SECONDS = 10 * 60;
/** How long the anti-spam's records are kept: well past its longest window (20 s). */
const ANTI_SPAM_MEMORY_SECONDS = 60;
/** A member who has not joined gets one notice a minute at most. */
const JOIN_NOTICE_INTERVAL_SECONDS = 60;
/**
 * How long a group's admin list read from Telegram is trusted. This cache decides nothing that
 * must hold across processes: it is Telegram's answer, a few seconds old at most, and a
 * `chat_member` change seen by this process drops it at once (another process may lag the
 * cache's life behind a promotion or demotion).
 */
const ADMINS_CACHE_MS = 30_000;

/** What a muted person may do: nothing. */
const MUTED: ChatPermissions = {
  can_send_messages: false,
  can_send_audios: false,
  can_send_documents: false,
  can_send_photos: false,
  can_send_videos: false,
  can_send_video_notes: false,
  can_send_voice_notes: false,
  can_send_polls: false,
  can_send_other_messages: false,
  can_add_web_page_previews: false,
};

/** What happens to the sender of a deleted message, mildest first. */
const PENALTIES = ['none', 'mute', 'ban'] as const;
type Penalty = (typeof PENALTIES)[number];

/** One rule a message broke: why, and what it costs the sender. */
interface Breach {
  reason: ModerationReason;
  penalty: Penalty;
}

/** A reason as the log writes it. */
function reasonText(reason: ModerationReason): string {
  switch (reason.rule) {
    case 'link':
      return `link to ${reason.link}`;
    case 'script':
      return `${reason.script} letters`;
    case 'media':
      return `${reason.type.toLowerCase()} (media moderation)`;
    case 'antispam':
      return `anti-spam: message ${reason.sent} within ${reason.seconds} s (${reason.allowed} allowed)`;
    case 'join':
      return `not in ${reason.chats.map((chat) => `@${chat}`).join(', ')}`;
    default:
      return reason satisfies never;
  }
}

// A change of a member's status (a promotion, a demotion) makes the cached admin list stale.
groups.on(['chat_member', 'my_chat_member'], async (ctx, next) => {
  adminListsOf(ctx.api).delete(ctx.chat.id);
  await next();
});

groups.on(['message', 'edited_message'], async (ctx, next) => {
  const message = ctx.msg;
  const sender = message.from;
  const edited = ctx.editedMessage !== undefined;
  if (!sender || !hasContent(message) || sentByTheGroup(message)) return next();
  const { store, bot } = ctx.deck;
  const { advanced, media } = await store.read(async (tx) => ({
    advanced: await tx.settings.advanced(bot.id),
    media: await tx.settings.media(bot.id),
  }));
  const joinRequired = bot.jr_enable && !edited;
  if (!anyFilterOn(advanced, media) && !joinRequired) return next();
  if (await isExempt(ctx, sender.id)) return next();

  const breaches = contentBreaches(message, advanced, media);
  if (advanced.antispam.enable && !edited) {
    const breach = await countForAntiSpam(ctx, message, sender, advanced.antispam);
    if (breach) breaches.push(breach);
  }
  if (breaches.length > 0) {
    await enforce(ctx, message, sender, breaches);
    return;
  }
  if (joinRequired) {
    const missing = await missingChats(ctx, sender.id);
    if (missing.length > 0) {
      await enforce(ctx, message, sender, [
        {
          reason: { rule: 'join', chats: missing.map((chat) => chat.username) },
          penalty: 'none',
        },
      ]);
      await sendJoinNotice(ctx, message, sender, missing);
      return;
    }
  }
  await next();
});

/** A message a person wrote (not a service message: someone joined, a title changed…). */
export function hasContent(message: Message): boolean {
  return (
    message.text !== undefined ||
    message.caption !== undefined ||
    moderationTypeOf(message) !== null ||
    message.dice !== undefined ||
    message.game !== undefined ||
    message.story !== undefined
  );
}

/**
 * Written as the group itself (an anonymous admin) or forwarded there from its linked channel:
 * the group's own voice, exempt like its admins.
 */
function sentByTheGroup(message: Message): boolean {
  return message.sender_chat?.id === message.chat.id || message.is_automatic_forward === true;
}

function anyFilterOn(advanced: DevAdvanced, media: readonly ModerationItem[]): boolean {
  return (
    advanced.links.enable ||
    advanced.langs.enable ||
    advanced.antispam.enable ||
    media.some((item) => item.enabled)
  );
}

/** The group's admins and creator, the bot's owner and its Botdeck admins. */
async function isExempt(ctx: DeckContext, userId: number): Promise<boolean> {
  if (await isTeam(ctx, userId)) return true;
  const admins = await groupAdmins(ctx);
  // An admin list the bot may not read: it cannot tell, so it punishes nobody.
  return admins === null || admins.has(userId);
}

/** The cached admin lists, one map per bot client (a new token or a new runtime: a new one). */
const adminLists = new WeakMap<Api, Map<number, { ids: Set<number>; until: number }>>();

function adminListsOf(api: Api): Map<number, { ids: Set<number>; until: number }> {
  let lists = adminLists.get(api);
  if (!lists) {
    lists = new Map();
    adminLists.set(api, lists);
  }
  return lists;
}

async function groupAdmins(ctx: DeckContext): Promise<Set<number> | null> {
  const chatId = (ctx.chat as { id: number }).id;
  const lists = adminListsOf(ctx.api);
  const now = Date.now();
  const known = lists.get(chatId);
  if (known && known.until > now) return known.ids;
  try {
    const admins = await ctx.api.getChatAdministrators(chatId);
    const ids = new Set(admins.map((admin) => admin.user.id));
    if (lists.size > 1_000) {
      for (const [chat, list] of lists) if (list.until <= now) lists.delete(chat);
    }
    lists.set(chatId, { ids, until: now + ADMINS_CACHE_MS });
    return ids;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    ctx.deck.log(
      `bot ${ctx.deck.bot.id}: group ${chatId}: admins unreadable: ${error.description}`,
    );
    return null;
  }
}

/** The rules a message's own content breaks: links, scripts, media type. */
function contentBreaches(
  message: Message,
  advanced: DevAdvanced,
  media: readonly ModerationItem[],
): Breach[] {
  const breaches: Breach[] = [];
  const texts = [
    { text: message.text ?? '', entities: message.entities },
    { text: message.caption ?? '', entities: message.caption_entities },
  ];
  const { links, langs } = advanced;
  if (links.enable) {
    const rules = { allowed: links.allowed, telegramAllowed: links.telegram_allowed };
    const link = texts
      .map(({ text, entities }) => firstForbiddenLink(text, entities, rules))
      .find((found) => found !== null);
    if (link)
      breaches.push({ reason: { rule: 'link', link }, penalty: links.ban ? 'ban' : 'none' });
  }
  if (langs.enable) {
    const script = texts
      .flatMap(({ text }) => scriptsIn(text))
      .find((found: Script) => langs[found]);
    if (script) {
      breaches.push({ reason: { rule: 'script', script }, penalty: langs.ban ? 'ban' : 'none' });
    }
  }
  const type = moderationTypeOf(message);
  const rule = media.find((item) => item.enabled && item.name === type);
  if (rule) {
    breaches.push({
      reason: { rule: 'media', type: rule.name },
      penalty: rule.selectedAction === 'Ban' ? 'ban' : 'none',
    });
  }
  return breaches;
}

/**
 * Counts the message in the store (every process sees the same count) and judges it: more than
 * `msgs` messages from one person within `time` seconds, by Telegram's dates, break the rule.
 */
async function countForAntiSpam(
  ctx: DeckContext,
  message: Message,
  sender: User,
  antispam: DevAdvanced['antispam'],
): Promise<Breach | null> {
  const sent = await ctx.deck.store.write((tx) =>
    tx.runtime.countGroupMessage({
      botId: ctx.deck.bot.id,
      chatId: message.chat.id,
      messageId: message.message_id,
      userId: sender.id,
      sentAt: message.date,
      // Dates are whole seconds: `time` seconds are this second and the `time - 1` before it.
      since: message.date - antispam.time + 1,
      forgetBefore: message.date - ANTI_SPAM_MEMORY_SECONDS,
    }),
  );
  if (sent <= antispam.msgs) return null;
  return {
    reason: { rule: 'antispam', sent, allowed: antispam.msgs, seconds: antispam.time },
    penalty: antispam.ban ? 'ban' : 'mute',
  };
}

/** Deletes the message and bans or mutes its sender (the heaviest penalty of the breaches). */
async function enforce(
  ctx: DeckContext,
  message: Message,
  sender: User,
  breaches: readonly Breach[],
): Promise<void> {
  const chatId = message.chat.id;
  const penalty = breaches
    .map((breach) => breach.penalty)
    .reduce((heaviest, next) =>
      PENALTIES.indexOf(next) > PENALTIES.indexOf(heaviest) ? next : heaviest,
    );
  const why = breaches.map((breach) => reasonText(breach.reason)).join('; ');
  ctx.deck.moderated({
    botId: ctx.deck.bot.id,
    chatId,
    messageId: message.message_id,
    userId: sender.id,
    reasons: breaches.map((breach) => breach.reason),
    penalty,
  });
  await attempt(ctx, `deleted message ${message.message_id} of user ${sender.id}: ${why}`, () =>
    deleteForbiddenMessage(ctx.api, message),
  );
  // A message written for a channel (sender_chat) names Telegram's placeholder user as sender:
  // no person to ban or mute.
  if (message.sender_chat) return;
  if (penalty === 'ban') {
    await attempt(ctx, `banned user ${sender.id}: ${why}`, () =>
      banSender(ctx.api, chatId, sender),
    );
  } else if (penalty === 'mute') {
    await attempt(ctx, `muted user ${sender.id} for 10 minutes: ${why}`, () =>
      muteSender(ctx.api, chatId, sender),
    );
  }
}

function deleteForbiddenMessage(api: Api, message: Message): Promise<true> {
  return api.deleteMessage(message.chat.id, message.message_id);
}

function banSender(api: Api, chatId: number, sender: User): Promise<true> {
  return api.banChatMember(chatId, sender.id);
}

function muteSender(api: Api, chatId: number, sender: User): Promise<true> {
  return api.restrictChatMember(chatId, sender.id, MUTED, {
    use_independent_chat_permissions: true,
    until_date: Math.floor(Date.now() / 1000) + ANTI_SPAM_MUTE_SECONDS,
  });
}

/**
 * Runs one action on the group and logs it with its reason. What Telegram refuses (the bot
 * lacks the right, the message is gone, the sender is an admin Telegram knows and we did not)
 * is logged and skipped: the next action and the next update go on.
 */
async function attempt(ctx: DeckContext, done: string, action: () => Promise<unknown>) {
  const where = `bot ${ctx.deck.bot.id}: group ${(ctx.chat as { id: number }).id}`;
  try {
    await action();
    ctx.deck.log(`${where}: ${done}`);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    ctx.deck.log(`${where}: not ${done} (Telegram refused: ${error.description})`);
  }
}

/** Telegram's "no" to this action (400, 403), not to the token (401) nor a pause (429). */
function isRefusal(error: unknown): error is GrammyError {
  return error instanceof GrammyError && (error.error_code === 400 || error.error_code === 403);
}

/**
 * One short notice to a member who has not joined the required chats, in the bot's language,
 * with a button per chat; one a minute at most, counted in the store so that every process
 * holds to it.
 */
async function sendJoinNotice(
  ctx: DeckContext,
  message: Message,
  sender: User,
  missing: readonly JoinRequirement[],
): Promise<void> {
  const at = Math.floor(Date.now() / 1000);
  const claimed = await ctx.deck.store.write((tx) =>
    tx.runtime.claimGroupNotice({
      botId: ctx.deck.bot.id,
      chatId: message.chat.id,
      userId: sender.id,
      at,
      notAfter: at - JOIN_NOTICE_INTERVAL_SECONDS,
    }),
  );
  if (!claimed) return;
  const name = sender.first_name;
  const text = ctx.deck.texts.groupJoinFirst(name);
  const offset = text.indexOf(name);
  await attempt(ctx, `told user ${sender.id} to join the required chats`, () =>
    ctx.reply(text, {
      // The name mentions the member, so Telegram tells them even in a busy group.
      ...(offset >= 0
        ? { entities: [{ type: 'text_mention', offset, length: name.length, user: sender }] }
        : {}),
      reply_markup: { inline_keyboard: joinButtons(missing) },
    }),
  );
}
