import { ENDPOINTS } from '@botdeck/api';
import { referralStanding } from '@botdeck/core';
import type { StoreTx } from '../store/types';
import { REFERRAL_REWARD_TEXT, TEXT } from '../texts';
import { languageOf } from '../views';
import { access, define, fail, ok, type Reply } from './kit';
import { grantPlan, setPlan, soldTierOf } from './plans';

/** A bot's referral link and count, and collecting the rewards its milestones unlock. */

const referral = define(ENDPOINTS.referral, async (input, ctx) => {
  // Asked before the transaction (a Bot API call, once per process): the real bot's username.
  const username = await ctx.telegram.botdeckUsername();
  const run = (work: (tx: StoreTx) => Promise<Reply>) =>
    input.collect ? ctx.store.write(work) : ctx.store.read(work);
  const reply = await run(async (tx) => {
    const { bot } = await access(
      tx,
      ctx,
      input.botId,
      input.collect ? 'collectReferral' : undefined,
    );
    const answer = async (collected: number, msg?: string) =>
      ok(ENDPOINTS.referral, {
        ref: {
          link: `https://t.me/${username}?start=ref-${bot.id}`,
          joined: bot.referral.joined,
          collected,
        },
        lang: await languageOf(tx, ctx.userId),
        ...(msg ? { msg } : {}),
      });
    if (!input.collect) return answer(bot.referral.collected);

    // Rewards are collected one at a time, in milestone order (core's referralStanding).
    const standing = referralStanding(bot.referral.joined, bot.referral.collected);
    if (standing.kind === 'complete') fail(TEXT.referralAllCollected);
    if (standing.kind === 'short') fail(TEXT.referralNotYet(standing.missing));
    const next = standing.milestone;
    const reward = REFERRAL_REWARD_TEXT[bot.referral.collected] ?? `${next.days} days`;
    const collected = bot.referral.collected + 1;
    await setPlan(tx, bot.id, grantPlan(bot.plan, soldTierOf(next.tier), next.days, ctx.now));
    await tx.bots.update(bot.id, { referral: { ...bot.referral, collected } });
    return answer(collected, TEXT.referralCollected(reward));
  });
  // A reward collected changed the plan: Telegram's command list follows it.
  if (input.collect) await ctx.telegram.botChanged({ kind: 'commands', botId: input.botId });
  return reply;
});

export const referralHandlers = { referral };
