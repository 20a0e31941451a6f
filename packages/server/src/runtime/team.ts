import type { DeckContext } from './deck-context';

/** The bot's owner and its Botdeck admins: exempt from join requirements and the captcha. */
export async function isTeamMember(ctx: DeckContext, userId: number): Promise<boolean> {
  const { store, bot } = ctx.deck;
  if (userId === bot.owner) return true;
  return (await store.read((tx) => tx.admins.get(bot.id, userId))) !== null;
}
