import type { Message } from '@grammyjs/types';
import type { ChatRecord, StoredMessage } from './world';

/**
 * Where a message in a supergroup belongs, as Telegram tells bots (Message.message_thread_id,
 * is_topic_message; tdlib/telegram-bot-api issue 356). A forum topic is the thread of the
 * service message that opened it: a message in it carries the topic's id with
 * is_topic_message, and replies to that opening message when it replies to nothing else (so a
 * bot that takes every reply for an answer to itself is caught here as on Telegram). Outside
 * topics (a plain supergroup, a forum's General) a reply carries the id of the message its
 * reply chain starts from, without is_topic_message: a thread, not a topic, and sending to it
 * as a topic is refused ("message thread not found").
 */
export function threadFields(
  chat: ChatRecord,
  topicId: number | undefined,
  replyTo: StoredMessage | undefined,
): Partial<Message> {
  const reply = replyTo ? { reply_to_message: withoutReply(replyTo.message) } : {};
  if (chat.kind !== 'supergroup') return reply;
  if (topicId !== undefined) {
    const opening = chat.byId.get(topicId);
    return {
      message_thread_id: topicId,
      is_topic_message: true,
      ...(opening && !replyTo ? { reply_to_message: withoutReply(opening.message) } : reply),
    };
  }
  if (!replyTo) return {};
  return {
    message_thread_id: replyTo.message.message_thread_id ?? replyTo.message.message_id,
    ...reply,
  };
}

/** The forum topic a reply lands in: the replied message's, when that one is in a topic. */
export function topicOfReply(replyTo: StoredMessage | undefined): number | undefined {
  return replyTo?.message.is_topic_message ? replyTo.message.message_thread_id : undefined;
}

/** A replied-to message as Telegram nests it: without its own reply. */
function withoutReply(message: Message): NonNullable<Message['reply_to_message']> {
  const { reply_to_message: _nested, ...rest } = message;
  return rest as NonNullable<Message['reply_to_message']>;
}
