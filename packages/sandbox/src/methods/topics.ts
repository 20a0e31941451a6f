import type { ForumTopic } from '@grammyjs/types';
import { badRequest } from '../errors';
import { postServiceMessage } from '../groups';
import type { BotRecord, GroupRecord, TopicRecord, World } from '../world';
import type { Handlers } from './types';

/** Forum topics: a topic's id is the id of the service message that opened it, as in Telegram. */

/** The colours Telegram offers for a topic's icon. */
export const TOPIC_ICON_COLORS = [
  0x6fb9f0, 0xffd67e, 0xcb86db, 0x8eee98, 0xff93b2, 0xfb6f5f,
] as const;

function forum(world: World, bot: BotRecord, chatId: number | string): GroupRecord {
  const chat = world.chatForBot(bot, chatId, 'write');
  if (chat.kind !== 'supergroup' || !chat.isForum) throw badRequest('the chat is not a forum');
  return chat;
}

function topicOf(group: GroupRecord, threadId: number): TopicRecord {
  const topic = group.topics.get(threadId);
  if (!topic || topic.deleted) throw badRequest('TOPIC_ID_INVALID');
  return topic;
}

/** Opens a topic (for the bot's createForumTopic and a user's own). */
export function openTopic(
  world: World,
  group: GroupRecord,
  from: import('@grammyjs/types').User,
  name: string,
  iconColor: number,
): TopicRecord {
  const stored = postServiceMessage(world, group, from, {
    forum_topic_created: { name, icon_color: iconColor },
  });
  const topic: TopicRecord = {
    id: stored.message.message_id,
    name,
    iconColor,
    closed: false,
    deleted: false,
  };
  // The service message opens the topic it belongs to.
  stored.message = { ...stored.message, message_thread_id: topic.id, is_topic_message: true };
  group.topics.set(topic.id, topic);
  world.changed();
  return topic;
}

export const topicMethods: Handlers<
  'createForumTopic' | 'closeForumTopic' | 'reopenForumTopic' | 'deleteForumTopic'
> = {
  createForumTopic: ({ world, bot, params }): ForumTopic => {
    const group = forum(world, bot, params.chatId());
    if (!world.botHasRight(group, bot, 'can_manage_topics')) {
      throw badRequest('not enough rights to create a topic');
    }
    const name = [...params.text('name').trim()].slice(0, 128).join('');
    if (name === '') throw badRequest('name must be non-empty');
    const iconColor = params.integer('icon_color', TOPIC_ICON_COLORS[0]);
    if (!(TOPIC_ICON_COLORS as readonly number[]).includes(iconColor)) {
      throw badRequest('invalid icon color specified');
    }
    const topic = openTopic(world, group, bot.user, name, iconColor);
    return { message_thread_id: topic.id, name: topic.name, icon_color: topic.iconColor };
  },

  closeForumTopic: ({ world, bot, params }) => {
    const group = forum(world, bot, params.chatId());
    if (!world.botHasRight(group, bot, 'can_manage_topics')) {
      throw badRequest('not enough rights to close or open the topic');
    }
    const topic = topicOf(group, params.integer('message_thread_id'));
    if (topic.closed) throw badRequest('TOPIC_NOT_MODIFIED');
    topic.closed = true;
    postServiceMessage(world, group, bot.user, { forum_topic_closed: {} }, topic.id);
    return true;
  },

  reopenForumTopic: ({ world, bot, params }) => {
    const group = forum(world, bot, params.chatId());
    if (!world.botHasRight(group, bot, 'can_manage_topics')) {
      throw badRequest('not enough rights to close or open the topic');
    }
    const topic = topicOf(group, params.integer('message_thread_id'));
    if (!topic.closed) throw badRequest('TOPIC_NOT_MODIFIED');
    topic.closed = false;
    postServiceMessage(world, group, bot.user, { forum_topic_reopened: {} }, topic.id);
    return true;
  },

  deleteForumTopic: ({ world, bot, params }) => {
    const group = forum(world, bot, params.chatId());
    if (!world.botHasRight(group, bot, 'can_delete_messages')) {
      throw badRequest('not enough rights to delete the topic');
    }
    const topic = topicOf(group, params.integer('message_thread_id'));
    topic.deleted = true;
    const now = world.now();
    for (const stored of group.messages) {
      if (stored.message.message_thread_id === topic.id && !stored.deleted) {
        stored.deleted = true;
        stored.deletedAt = now;
      }
    }
    world.changed();
    return true;
  },
};
