import type { Message } from 'grammy/types';

/**
 * A command at the start of a message (`/name@bot argument`), as the private chat and a group
 * read it. In a group one bare `/name` reaches every bot there, so whether it named this bot
 * (`addressed`) tells a command meant for it from one that may be another bot's.
 */
export interface BotCommand {
  name: string;
  argument: string;
  /** Written `/name@thisbot`, not `/name`. */
  addressed: boolean;
}

/** The command at the start of the message, for this bot; a command to another bot: null. */
export function commandOf(message: Message, username: string): BotCommand | null {
  const text = message.text;
  const entity = message.entities?.[0];
  if (!text || entity?.type !== 'bot_command' || entity.offset !== 0) return null;
  const [name = '', addressee] = text.slice(1, entity.length).split('@');
  if (addressee && addressee.toLowerCase() !== username.toLowerCase()) return null;
  return { name, argument: text.slice(entity.length).trim(), addressed: addressee !== undefined };
}
