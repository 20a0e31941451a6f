import { GrammyError } from 'grammy';
import type { Message, User } from 'grammy/types';
import type { DeckContext } from './deck-context';
import { isTeam } from './memberships';
import { teamWithReplies, whoIs } from './team';

/**
 * Chat mode (SERVER.md section 4): what users write to the bot reaches the owner and the admins
 * with get_reply, as a copy under a line saying who wrote it; a team member's reply to that
 * copy goes back to the user. Which copy came from whom is kept in the store (chat_relays), so
 * a restart or another process still routes the reply.
 */

/** How long a relayed message can still be replied to. */
const RELAY_DAYS = 30;

/**
 * Handles a private message that is no command and no awaited answer; false when chat mode is
 * off (or is topic mode, which goes through a group) and the message is not the mode's.
 */
export async function relayInChatMode(ctx: DeckContext, message: Message): Promise<boolean> {
  const { store, bot, texts } = ctx.deck;
  const chatMode = (await store.read((tx) => tx.settings.advanced(bot.id))).chat_mode;
  if (!chatMode.enable || chatMode.topic) return false;
  const from = ctx.from as User;

  if (await isTeam(ctx, from.id)) {
    // A team member answers by replying to a user's copied message.
    const repliedTo = message.reply_to_message?.message_id;
    if (repliedTo === undefined) return false;
    const userId = await store.read((tx) =>
      tx.runtime.relayedFrom(bot.id, message.chat.id, repliedTo),
    );
    if (userId === null) return false;
    await ctx.api.copyMessage(userId, message.chat.id, message.message_id);
    return true;
  }

  const now = Date.now();
  for (const member of await teamWithReplies(ctx)) {
    try {
      await ctx.api.sendMessage(member, texts.messageFrom(whoIs(from)));
      const copy = await ctx.api.copyMessage(member, message.chat.id, message.message_id);
      await store.write((tx) =>
        tx.runtime.rememberRelay({
          botId: bot.id,
          teamChatId: member,
          messageId: copy.message_id,
          userId: from.id,
          at: now,
          forgetBefore: now - RELAY_DAYS * 86_400_000,
        }),
      );
    } catch (error) {
      // A member who never started the bot (or blocked it) cannot be written to.
      if (!(error instanceof GrammyError && [400, 403].includes(error.error_code))) throw error;
    }
  }
  return true;
}
