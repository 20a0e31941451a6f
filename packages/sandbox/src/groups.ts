import type { ChatMember, ChatMemberUpdated, Message, User } from '@grammyjs/types';
import { isServiceMessage } from './compose';
import type { BotRecord, GroupRecord, MemberRecord, StoredMessage, World } from './world';
import { isInChat } from './world';

/**
 * What happens in a group, as Telegram tells its bots: a member's status changing
 * (`my_chat_member` to the bot it concerns, `chat_member` to the administrator bots that asked
 * for it), service messages, and which bots see a message (privacy mode).
 */

/** Sets a member's record and tells the bots, as Telegram does for every status change. */
export function changeMember(
  world: World,
  group: GroupRecord,
  next: MemberRecord,
  actor: User,
  extra: { viaJoinRequest?: boolean } = {},
): void {
  const before = world.member(group, next.user.id);
  const oldMember = world.chatMember(group, before);
  group.members.set(next.user.id, next);
  const newMember = world.chatMember(group, next);
  world.changed();
  if (JSON.stringify(oldMember) === JSON.stringify(newMember)) return;

  const update = (viewer: BotRecord): ChatMemberUpdated => ({
    chat: world.chatObject(group) as ChatMemberUpdated['chat'],
    from: actor,
    date: world.now(),
    old_chat_member: world.chatMember(group, before, viewer) as ChatMember,
    new_chat_member: world.chatMember(group, next, viewer) as ChatMember,
    ...(extra.viaJoinRequest ? { via_join_request: true } : {}),
  });

  const concerned = world.bots.get(next.user.id);
  if (concerned && next.user.is_bot) world.deliver(concerned, 'my_chat_member', update(concerned));
  // Bots hear of other members' changes only as administrators (and only if they asked).
  const admins = new Set<BotRecord>(
    [...world.botsIn(group)].filter((bot) => isAdmin(world, group, bot)),
  );
  if (concerned && !isAdmin(world, group, concerned)) admins.delete(concerned);
  for (const bot of admins) {
    if (bot === concerned) continue;
    world.deliver(bot, 'chat_member', update(bot));
  }
}

function isAdmin(world: World, group: GroupRecord, bot: BotRecord): boolean {
  const status = world.member(group, bot.id).status;
  return status === 'administrator' || status === 'creator';
}

/** Posts a service message (joins, leaves, topics) and hands it to the group's bots. */
export function postServiceMessage(
  world: World,
  group: GroupRecord,
  from: User,
  content: Partial<Message>,
  threadId?: number,
): StoredMessage {
  const stored = world.addMessage(
    group,
    (messageId) =>
      ({
        message_id: messageId,
        from,
        date: world.now(),
        chat: world.chatObject(group),
        ...(threadId !== undefined ? { message_thread_id: threadId, is_topic_message: true } : {}),
        ...content,
      }) as Message,
    from.is_bot
      ? { sender: { kind: 'bot', botId: from.id } }
      : { sender: { kind: 'user', userId: from.id } },
  );
  deliverGroupMessage(world, group, stored, 'message');
  return stored;
}

/**
 * Hands a group message to the bots that see it. A bot never sees another bot's messages. With
 * privacy mode on (Telegram's default) a bot that is not an administrator sees only service
 * messages, commands, replies to its own messages and messages that mention it.
 */
export function deliverGroupMessage(
  world: World,
  group: GroupRecord,
  stored: StoredMessage,
  kind: 'message' | 'edited_message',
): void {
  const { message } = stored;
  for (const bot of world.botsIn(group)) {
    if (
      stored.sender.kind === 'bot' &&
      (stored.sender.botId === bot.id || !isServiceMessage(message))
    ) {
      continue;
    }
    if (!seesMessage(world, group, bot, message)) continue;
    world.deliverMessage(bot, kind, message);
  }
}

function seesMessage(world: World, group: GroupRecord, bot: BotRecord, message: Message): boolean {
  if (bot.canReadAllGroupMessages || isAdmin(world, group, bot)) return true;
  const text = message.text ?? message.caption ?? '';
  const entities = message.entities ?? message.caption_entities ?? [];
  if (isServiceMessage(message)) return true;
  if (message.reply_to_message?.from?.id === bot.id) return true;
  return entities.some((entity) => {
    const part = text.slice(entity.offset, entity.offset + entity.length).toLowerCase();
    const username = bot.user.username.toLowerCase();
    if (entity.type === 'mention') return part === `@${username}`;
    if (entity.type === 'bot_command') return !part.includes('@') || part.endsWith(`@${username}`);
    return false;
  });
}

/** A user or bot joining: their record, the bots told, the "joined" service message. */
export function joinGroup(
  world: World,
  group: GroupRecord,
  user: User,
  options: { actor?: User; viaJoinRequest?: boolean; silent?: boolean } = {},
): void {
  const current = world.member(group, user.id);
  const next: MemberRecord =
    current.status === 'restricted'
      ? { ...current, isMember: true }
      : { user, status: 'member', untilDate: 0, isMember: true };
  changeMember(world, group, next, options.actor ?? user, {
    ...(options.viaJoinRequest ? { viaJoinRequest: true } : {}),
  });
  if (!options.silent)
    postServiceMessage(world, group, options.actor ?? user, { new_chat_members: [user] });
}

/** A member leaving or removed: their record, the bots told, the "left" service message. */
export function leaveGroup(
  world: World,
  group: GroupRecord,
  user: User,
  next: MemberRecord,
  actor: User,
): void {
  const wasIn = isInChat(world.member(group, user.id));
  changeMember(world, group, next, actor);
  if (wasIn) postServiceMessage(world, group, actor, { left_chat_member: user });
}
