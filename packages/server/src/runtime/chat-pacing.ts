import type { Transformer } from 'grammy';

/**
 * Keeps a bot within Telegram's sending limits before Telegram has to say 429 (its FAQ: about
 * one message a second in a chat, 20 a minute in a group, 30 a second in all): each send waits
 * for its chat's next free slot. Slots are reserved when a call arrives, so calls to one chat
 * queue in order. This is one process's view; a 429 that still comes (another process sent
 * too) is waited out by the auto-retry transformer beneath it.
 */

/** The Bot API methods that put a message into a chat. */
const SENDING = new Set([
  'sendMessage',
  'sendPhoto',
  'sendVideo',
  'sendAudio',
  'sendDocument',
  'sendAnimation',
  'sendVoice',
  'sendVideoNote',
  'sendSticker',
  'sendLocation',
  'sendContact',
  'sendPoll',
  'sendDice',
  'sendMediaGroup',
  'sendInvoice',
  'copyMessage',
  'forwardMessage',
]);

export interface PacingLimits {
  /** Least time between two messages to one private chat, in ms. */
  privateGapMs: number;
  /** At most this many messages to one group… */
  groupMessages: number;
  /** …within this many ms. */
  groupWindowMs: number;
  /** Least time between two messages of the bot to any chat, in ms. */
  botGapMs: number;
}

export const TELEGRAM_LIMITS: PacingLimits = {
  privateGapMs: 1_000,
  groupMessages: 20,
  groupWindowMs: 60_000,
  botGapMs: Math.ceil(1_000 / 30),
};

interface ChatSlots {
  /** When the chat's sends were (or are reserved to be), oldest first; a group keeps its window. */
  times: number[];
}

export function chatPacing(
  limits: PacingLimits = TELEGRAM_LIMITS,
  now: () => number = Date.now,
): Transformer {
  const chats = new Map<string, ChatSlots>();
  let botNext = 0;

  function reserve(chat: string, isGroup: boolean): number {
    const time = now();
    const slots = chats.get(chat) ?? { times: [] };
    chats.set(chat, slots);
    let at = Math.max(time, botNext);
    const last = slots.times.at(-1);
    if (last !== undefined) at = Math.max(at, last + limits.privateGapMs);
    if (isGroup && slots.times.length >= limits.groupMessages) {
      const oldest = slots.times[slots.times.length - limits.groupMessages] as number;
      at = Math.max(at, oldest + limits.groupWindowMs);
    }
    slots.times.push(at);
    const keep = isGroup ? limits.groupMessages : 1;
    if (slots.times.length > keep) slots.times.splice(0, slots.times.length - keep);
    botNext = at + limits.botGapMs;
    if (chats.size > 10_000) forgetIdle(time);
    return at - time;
  }

  /** Chats with no send in the last group window can start afresh: their slots go. */
  function forgetIdle(time: number): void {
    for (const [chat, slots] of chats) {
      if ((slots.times.at(-1) ?? 0) < time - limits.groupWindowMs) chats.delete(chat);
    }
  }

  return async (prev, method, payload, signal) => {
    const chatId = (payload as { chat_id?: number | string } | undefined)?.chat_id;
    if (SENDING.has(method) && chatId !== undefined) {
      // Private chats have positive ids; groups, supergroups and channels negative ones or @names.
      const isGroup = typeof chatId === 'string' || chatId < 0;
      const wait = reserve(String(chatId), isGroup);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return prev(method, payload, signal);
  };
}
