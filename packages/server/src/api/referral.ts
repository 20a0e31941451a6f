import { ENDPOINTS } from '@botdeck/api';
import { referralStanding } from '@botdeck/core';
import { BOTDECK_BOT_USERNAME } from '../seed';
import { REFERRAL_REWARD_TEXT, TEXT } from '../texts';
import { languageOf } from '../views';
import { access, define, fail, ok, withData } from './kit';
import { grantPlan, soldTierOf } from './upgrade';

/** A bot's referral link and count, and collecting the rewards its milestones unlock. */

const referral = define(ENDPOINTS.referral, (input, ctx) =>
  withData(ctx, input.collect, (data) => {
    const { bot } = access(data, ctx, input.botId, input.collect ? 'collectReferral' : undefined);
    const answer = (msg?: string) =>
      ok(ENDPOINTS.referral, {
        ref: {
          link: `https://t.me/${BOTDECK_BOT_USERNAME}?start=ref-${bot.id}`,
          joined: bot.referral.joined,
          collected: bot.referral.collected,
        },
        lang: languageOf(data, ctx.userId),
        ...(msg ? { msg } : {}),
      });
    if (!input.collect) return answer();

    // Rewards are collected one at a time, in milestone order (core's referralStanding).
    const standing = referralStanding(bot.referral.joined, bot.referral.collected);
    if (standing.kind === 'complete') fail(TEXT.referralAllCollected);
    if (standing.kind === 'short') fail(TEXT.referralNotYet(standing.missing));
    const next = standing.milestone;
    bot.plan = grantPlan(bot.plan, soldTierOf(next.tier), next.days, ctx.now);
    const reward = REFERRAL_REWARD_TEXT[bot.referral.collected] ?? `${next.days} days`;
    bot.referral.collected += 1;
    return answer(TEXT.referralCollected(reward));
  }),
);

export const referralHandlers = { referral };
