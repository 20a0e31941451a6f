import type {
  AcceptedGiftTypes,
  ChatFullInfo,
  ChatMember,
  ChatPermissions,
  UserProfilePhotos,
} from '@grammyjs/types';
import { photoSizes } from '../compose';
import { badRequest } from '../errors';
import { changeMember, joinGroup, leaveGroup } from '../groups';
import type { Params } from '../params';
import type { BotRecord, GroupRecord, MemberRecord, World } from '../world';
import { isInChat } from '../world';
import type { Handlers } from './types';

/** Chats and their members: reading them, restricting, banning, join requests, leaving. */

const NO_GIFTS: AcceptedGiftTypes = {
  unlimited_gifts: false,
  limited_gifts: false,
  unique_gifts: false,
  premium_subscription: false,
  gifts_from_channels: false,
};

/** Every permission a member can be given; ChatPermissions' fields left out mean false. */
const PERMISSION_KEYS = [
  'can_send_messages',
  'can_send_audios',
  'can_send_documents',
  'can_send_photos',
  'can_send_videos',
  'can_send_video_notes',
  'can_send_voice_notes',
  'can_send_polls',
  'can_send_other_messages',
  'can_add_web_page_previews',
  'can_change_info',
  'can_invite_users',
  'can_pin_messages',
  'can_manage_topics',
] as const satisfies readonly (keyof ChatPermissions)[];

const MEDIA_PERMISSIONS = [
  'can_send_audios',
  'can_send_documents',
  'can_send_photos',
  'can_send_videos',
  'can_send_video_notes',
  'can_send_voice_notes',
  'can_send_polls',
  'can_send_other_messages',
  'can_add_web_page_previews',
] as const;

function groupOnly(
  world: World,
  bot: BotRecord,
  chatId: number | string,
  purpose: 'read' | 'write',
): GroupRecord {
  const chat = world.chatForBot(bot, chatId, purpose);
  if (chat.kind !== 'supergroup') throw badRequest('method is available only for supergroups');
  return chat;
}

function readUserId(params: Params<'getChatMember'>): number {
  const userId = params.integer('user_id');
  if (userId <= 0) throw badRequest('invalid user_id specified');
  return userId;
}

/** Checks the bot may restrict or ban this member, with Telegram's refusals. */
function checkRestrictable(
  world: World,
  group: GroupRecord,
  bot: BotRecord,
  userId: number,
): MemberRecord {
  const target = world.member(group, userId);
  if (userId === bot.id) throw badRequest("can't restrict self");
  if (!world.botHasRight(group, bot, 'can_restrict_members')) {
    throw badRequest('not enough rights to restrict/unrestrict chat member');
  }
  if (target.status === 'creator') throw badRequest("can't remove chat owner");
  if (target.status === 'administrator') throw badRequest('user is an administrator of the chat');
  return target;
}

/** until_date as Telegram reads it: under 30 seconds or over 366 days from now is forever. */
function readUntilDate(world: World, value: number): number {
  const now = world.now();
  if (value - now < 30 || value - now > 366 * 24 * 3600) return 0;
  return value;
}

/** restrictChatMember's permissions: fields left out are false; without independent
 * permissions, no text message means no media either (Telegram's old dependent rule). */
function readPermissions(params: Params<'restrictChatMember'>): ChatPermissions {
  const value = params.json('permissions', "can't parse chat permissions JSON object");
  if (typeof value !== 'object' || value === null)
    throw badRequest('parameter "permissions" is required');
  const given = value as Record<string, unknown>;
  const permissions: ChatPermissions = {};
  for (const key of PERMISSION_KEYS) permissions[key] = given[key] === true;
  if (!params.boolean('use_independent_chat_permissions')) {
    if (given.can_send_media_messages === true) {
      for (const key of MEDIA_PERMISSIONS.slice(0, 6)) permissions[key] = true;
    }
    if (!permissions.can_send_messages)
      for (const key of MEDIA_PERMISSIONS) permissions[key] = false;
  }
  return permissions;
}

export const chatMethods: Handlers<
  | 'getChat'
  | 'getChatMember'
  | 'getChatAdministrators'
  | 'getChatMemberCount'
  | 'restrictChatMember'
  | 'banChatMember'
  | 'unbanChatMember'
  | 'approveChatJoinRequest'
  | 'declineChatJoinRequest'
  | 'leaveChat'
  | 'getUserProfilePhotos'
  | 'getFile'
> = {
  getChat: ({ world, bot, params }): ChatFullInfo => {
    const chat = world.chatForBot(bot, params.chatId(), 'read');
    if (chat.kind === 'private') {
      const { user } = chat.user;
      return {
        id: user.id,
        type: 'private',
        first_name: user.first_name,
        ...(user.last_name ? { last_name: user.last_name } : {}),
        ...(user.username ? { username: user.username } : {}),
        accent_color_id: user.id % 7,
        max_reaction_count: 11,
        accepted_gift_types: NO_GIFTS,
      };
    }
    return {
      id: chat.id,
      type: 'supergroup',
      title: chat.title,
      ...(chat.username ? { username: chat.username, active_usernames: [chat.username] } : {}),
      ...(chat.isForum ? { is_forum: true } : {}),
      accent_color_id: Math.abs(chat.id) % 7,
      max_reaction_count: 11,
      accepted_gift_types: NO_GIFTS,
      permissions: chat.permissions,
    };
  },

  getChatMember: ({ world, bot, params }): ChatMember => {
    const chat = world.chatForBot(bot, params.chatId(), 'read');
    const userId = readUserId(params);
    if (chat.kind === 'private') {
      if (userId !== chat.user.user.id && userId !== bot.id) throw badRequest('user not found');
      return { status: 'member', user: userId === bot.id ? bot.user : chat.user.user };
    }
    return world.chatMember(chat, world.member(chat, userId), bot);
  },

  getChatAdministrators: ({ world, bot, params }) => {
    const chat = world.chatForBot(bot, params.chatId(), 'read');
    if (chat.kind === 'private') return [];
    return [...chat.members.values()]
      .filter((member) => member.status === 'creator' || member.status === 'administrator')
      .map((member) => world.chatMember(chat, member, bot)) as (
      | import('@grammyjs/types').ChatMemberOwner
      | import('@grammyjs/types').ChatMemberAdministrator
    )[];
  },

  getChatMemberCount: ({ world, bot, params }) => {
    const chat = world.chatForBot(bot, params.chatId(), 'read');
    if (chat.kind === 'private') return 2;
    return [...chat.members.keys()].filter((id) => isInChat(world.member(chat, id))).length;
  },

  restrictChatMember: ({ world, bot, params }) => {
    const group = groupOnly(world, bot, params.chatId(), 'write');
    const userId = readUserId(params as unknown as Params<'getChatMember'>);
    const target = checkRestrictable(world, group, bot, userId);
    const permissions = readPermissions(params);
    const untilDate = readUntilDate(world, params.integer('until_date'));
    const inChat = isInChat(target);
    // Permissions that take nothing away from the group's own lift the restriction.
    const liftsAll = PERMISSION_KEYS.every((key) => permissions[key] || !group.permissions[key]);
    const next: MemberRecord = liftsAll
      ? { user: target.user, status: inChat ? 'member' : 'left', untilDate: 0, isMember: inChat }
      : { user: target.user, status: 'restricted', permissions, untilDate, isMember: inChat };
    changeMember(world, group, next, bot.user);
    return true;
  },

  banChatMember: ({ world, bot, params }) => {
    const group = groupOnly(world, bot, params.chatId(), 'write');
    const userId = readUserId(params as unknown as Params<'getChatMember'>);
    const target = checkRestrictable(world, group, bot, userId);
    const untilDate = readUntilDate(world, params.integer('until_date'));
    leaveGroup(
      world,
      group,
      target.user,
      { user: target.user, status: 'kicked', untilDate, isMember: false },
      bot.user,
    );
    if (params.boolean('revoke_messages')) {
      for (const stored of group.messages) {
        if (stored.sender.kind === 'user' && stored.sender.userId === userId && !stored.deleted) {
          stored.deleted = true;
          stored.deletedAt = world.now();
        }
      }
      world.changed();
    }
    return true;
  },

  unbanChatMember: ({ world, bot, params }) => {
    const group = groupOnly(world, bot, params.chatId(), 'write');
    const userId = readUserId(params as unknown as Params<'getChatMember'>);
    const target = checkRestrictable(world, group, bot, userId);
    if (params.boolean('only_if_banned') && target.status !== 'kicked') return true;
    // Without only_if_banned, Telegram also removes a member who is in the chat.
    leaveGroup(
      world,
      group,
      target.user,
      { user: target.user, status: 'left', untilDate: 0, isMember: false },
      bot.user,
    );
    return true;
  },

  approveChatJoinRequest: ({ world, bot, params }) => {
    const group = groupOnly(world, bot, params.chatId(), 'write');
    const userId = readUserId(params as unknown as Params<'getChatMember'>);
    if (!world.botHasRight(group, bot, 'can_invite_users')) {
      throw badRequest('not enough rights to manage chat join requests');
    }
    const request = group.joinRequests.get(userId);
    if (!request) throw badRequest('HIDE_REQUESTER_MISSING');
    group.joinRequests.delete(userId);
    if (isInChat(world.member(group, userId))) throw badRequest('USER_ALREADY_PARTICIPANT');
    joinGroup(world, group, request.user, { viaJoinRequest: true });
    return true;
  },

  declineChatJoinRequest: ({ world, bot, params }) => {
    const group = groupOnly(world, bot, params.chatId(), 'write');
    const userId = readUserId(params as unknown as Params<'getChatMember'>);
    if (!world.botHasRight(group, bot, 'can_invite_users')) {
      throw badRequest('not enough rights to manage chat join requests');
    }
    if (!group.joinRequests.delete(userId)) throw badRequest('HIDE_REQUESTER_MISSING');
    world.changed();
    return true;
  },

  leaveChat: ({ world, bot, params }) => {
    const chat = world.chatForBot(bot, params.chatId(), 'read');
    if (chat.kind === 'private')
      throw badRequest("chat member status can't be changed in private chats");
    const member = world.member(chat, bot.id);
    if (!isInChat(member)) throw badRequest('USER_NOT_PARTICIPANT');
    leaveGroup(
      world,
      chat,
      bot.user,
      { user: bot.user, status: 'left', untilDate: 0, isMember: false },
      bot.user,
    );
    return true;
  },

  getUserProfilePhotos: ({ world, bot, params }): UserProfilePhotos => {
    const userId = params.integer('user_id');
    // Bots are users too: @BotFather's /setuserpic gives one its profile photo.
    const user = world.users.get(userId) ?? world.bots.get(userId);
    if (!user) throw badRequest('user not found');
    const offset = Math.max(0, params.integer('offset'));
    const limit = params.boundedInteger('limit', 100, 1, 100);
    return {
      total_count: user.profilePhotos.length,
      photos: user.profilePhotos
        .slice(offset, offset + limit)
        .map((file) => photoSizes(world, bot, file)),
    };
  },

  getFile: ({ world, bot, params }) => {
    const fileId = params.text('file_id').trim();
    if (fileId === '') throw badRequest('file_id is empty');
    const file = world.files.lookup(bot.id, fileId);
    if (!file) throw badRequest('wrong file_id or the file is temporarily unavailable');
    if (file.bytes.length > 20 * 1024 * 1024) throw badRequest('file is too big');
    return world.files.describe(bot.id, file);
  },
};
