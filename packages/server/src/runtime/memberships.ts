import type { JoinRequirement } from '@botdeck/api';
import { GrammyError } from 'grammy';
import type { DeckContext } from './deck-context';

/**
 * Who a bot's rules leave alone and which required chats someone has not joined: shared by the
 * private chat (SERVER.md section 4) and groups (section 5).
 */

/** The chats of the join requirements the user is not a member of (those the bot can read). */
export async function missingChats(ctx: DeckContext, userId: number): Promise<JoinRequirement[]> {
  const requirements = await ctx.deck.store.read((tx) =>
    tx.settings.joinRequirements(ctx.deck.bot.id),
  );
  const missing: JoinRequirement[] = [];
  for (const requirement of requirements) {
    if (requirement.notActive) continue;
    try {
      const member = await ctx.api.getChatMember(`@${requirement.username}`, userId);
      const inside =
        member.status === 'member' ||
        member.status === 'administrator' ||
        member.status === 'creator' ||
        (member.status === 'restricted' && member.is_member);
      if (!inside) missing.push(requirement);
    } catch (error) {
      // A chat the bot can no longer read cannot be required: it is skipped, not a wall.
      if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
    }
  }
  return missing;
}

/** The owner and the admins: exempt from join requirements and from every group filter. */
export async function isTeam(ctx: DeckContext, userId: number): Promise<boolean> {
  const { store, bot } = ctx.deck;
  if (userId === bot.owner) return true;
  return (await store.read((tx) => tx.admins.get(bot.id, userId))) !== null;
}

/** One join button per missing chat, as the private prompt and the group notice show them. */
export function joinButtons(missing: readonly JoinRequirement[]) {
  return missing.map((requirement) => [
    { text: requirement.name, url: `https://t.me/${requirement.username}` },
  ]);
}
