import { ENDPOINTS } from '@botdeck/api';
import {
  canAddItem,
  normalizeJoinRequirement,
  validateAllowedLinks,
  validateAntiSpam,
  validateCaptchaSettings,
  validateChatMode,
  validateJoinRequirement,
} from '@botdeck/core';
import { TEXT, validationText } from '../texts';
import { effectivePro, languageOf, tierOf } from '../views';
import { access, define, fail, failIssue, ok } from './kit';

/** Advanced protection: captcha, chat and topic mode, links, languages, anti-spam, join requirements. */

const advanced = define(ENDPOINTS.advanced, (input, ctx) =>
  ctx.store.read(async (tx) => {
    const { bot } = await access(tx, ctx, input.bot_id);
    return ok(ENDPOINTS.advanced, {
      adv: await tx.settings.advanced(bot.id),
      jr_enable: bot.jr_enable,
      join_req: await tx.settings.joinRequirements(bot.id),
      username: bot.username,
      lang: await languageOf(tx, ctx.userId),
      pro: effectivePro(bot.plan, ctx.now),
    });
  }),
);

const saveAdvanced = define(ENDPOINTS.saveAdvanced, { carries: ['advanced'] }, (input, ctx) =>
  ctx.store.write(async (tx) => {
    const { bot } = await access(tx, ctx, input.bot_id, 'changeAdvanced');
    const sent = input.advanced;
    failIssue(validateCaptchaSettings(sent.captcha));
    failIssue(validateAntiSpam(sent.antiSpam));
    // The topic group is set by typing /enable in the group, never by this call.
    const groupId = (await tx.settings.advanced(bot.id)).chat_mode.group_id;
    failIssue(validateChatMode({ ...sent.chatMode, group_id: groupId }));
    // Each link is checked against those before it, so a repeat is refused like on the page.
    const links = validateAllowedLinks(sent.links.allowed);
    if (links.issue) fail(validationText(links.issue));
    await tx.settings.setAdvanced(bot.id, {
      captcha: sent.captcha,
      chat_mode: { ...sent.chatMode, group_id: groupId },
      links: { ...sent.links, allowed: links.allowed },
      langs: sent.langs,
      antispam: sent.antiSpam,
    });
    await tx.bots.update(bot.id, { jr_enable: sent.jr });
    return ok(ENDPOINTS.saveAdvanced, { msg: TEXT.settingsSaved });
  }),
);

/** "my_news_channel" -> "My News Channel": what getChat would call a channel in the demo. */
function titleFromUsername(username: string): string {
  return username
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join(' ');
}

const addRequirement = define(ENDPOINTS.addRequirement, { carries: ['add_req'] }, (input, ctx) =>
  ctx.store.write(async (tx) => {
    const { bot } = await access(tx, ctx, input.bot_id, 'changeAdvanced');
    failIssue(validateJoinRequirement(input.add_req));
    const handle = normalizeJoinRequirement(input.add_req) as string;
    const username = handle.slice(1);
    const requirements = await tx.settings.joinRequirements(bot.id);
    if (requirements.some((r) => r.username.toLowerCase() === username.toLowerCase())) {
      fail(TEXT.requirementDuplicate);
    }
    // The demo's stand-in for "the bot is not an admin there": any name with "missing" in it.
    if (username.toLowerCase().includes('missing')) fail(TEXT.joinRequirementInactive);
    if (!canAddItem(tierOf(bot, ctx.now), 'joinRequirement', requirements.length)) {
      fail(TEXT.limitReached);
    }
    const added = { name: titleFromUsername(username), username, photo: null, notActive: false };
    await tx.settings.addJoinRequirement(bot.id, added);
    return ok(ENDPOINTS.addRequirement, {
      join_req: [...requirements, added],
      msg: TEXT.requirementAdded,
    });
  }),
);

const removeRequirement = define(
  ENDPOINTS.removeRequirement,
  { carries: ['rem_req'] },
  (input, ctx) =>
    ctx.store.write(async (tx) => {
      const { bot } = await access(tx, ctx, input.bot_id, 'changeAdvanced');
      const requirements = await tx.settings.joinRequirements(bot.id);
      if (input.rem_req >= requirements.length) fail(TEXT.itemMissing);
      await tx.settings.removeJoinRequirement(bot.id, input.rem_req);
      return ok(ENDPOINTS.removeRequirement, {
        join_req: requirements.filter((_, index) => index !== input.rem_req),
        msg: TEXT.requirementRemoved,
      });
    }),
);

export const advancedHandlers = { advanced, saveAdvanced, addRequirement, removeRequirement };
