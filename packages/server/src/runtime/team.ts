import { GrammyError } from 'grammy';
import type { User } from 'grammy/types';
import type { DeckContext } from './deck-context';

/** The bot's team as users' messages reach it: who hears, and how a user is named to them. */

/** Who hears from users: the owner and the admins with get_reply. */
export async function teamWithReplies(ctx: DeckContext): Promise<number[]> {
  const { store, bot } = ctx.deck;
  const admins = await store.read((tx) => tx.admins.of(bot.id));
  return [bot.owner, ...admins.filter((a) => a.permissions.get_reply).map((a) => a.id)];
}

/** A text to the owner and the admins with get_reply; those the bot cannot reach are skipped. */
export async function tellTeam(ctx: DeckContext, text: string): Promise<void> {
  for (const member of await teamWithReplies(ctx)) {
    await ctx.api.sendMessage(member, text).catch((error: unknown) => {
      if (!(error instanceof GrammyError && [400, 403].includes(error.error_code))) throw error;
    });
  }
}

export function nameOf(user: User): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

/** "Ada Lovelace (@ada, id 42)": the new-user notice's and the answers' header. */
export function whoIs(user: User): string {
  const handle = user.username ? `@${user.username}, ` : '';
  return `${nameOf(user)} (${handle}id ${user.id})`;
}
