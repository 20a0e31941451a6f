import { ENDPOINTS } from '@botdeck/api';
import { REFERRAL_MILESTONES } from '@botdeck/core';
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

    // Rewards are collected one at a time, in milestone order.
    const next = REFERRAL_MILESTONES[bot.referral.collected];
    if (!next) fail(TEXT.referralAllCollected);
    if (bot.referral.joined < next.joined)
      fail(TEXT.referralNotYet(next.joined - bot.referral.joined));
    bot.plan = grantPlan(bot.plan, soldTierOf(next.tier), next.days, ctx.now);
    const reward = REFERRAL_REWARD_TEXT[bot.referral.collected] ?? `${next.days} days`;
    bot.referral.collected += 1;
    return answer(TEXT.referralCollected(reward));
  }),
);

export const referralHandlers = { referral };
