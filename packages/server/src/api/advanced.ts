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
import type { StoreTx } from '../store/types';
import { TEXT, validationText } from '../texts';
import { effectivePro, languageOf, tierOf } from '../views';
import { access, type Context, define, fail, failIssue, ok } from './kit';
import type { RequiredChat } from './telegram-port';

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

/** What may refuse a requirement before Telegram is asked, and again when it is stored. */
async function checkRequirement(tx: StoreTx, ctx: Context, botId: number, username: string) {
  const { bot } = await access(tx, ctx, botId, 'changeAdvanced');
  const requirements = await tx.settings.joinRequirements(bot.id);
  if (requirements.some((r) => r.username.toLowerCase() === username.toLowerCase())) {
    fail(TEXT.requirementDuplicate);
  }
  if (!canAddItem(tierOf(bot, ctx.now), 'joinRequirement', requirements.length)) {
    fail(TEXT.limitReached);
  }
  return { bot, requirements };
}

/**
 * A join requirement by username or link (SERVER.md section 5): the chat resolved with getChat
 * as the bot sees it, outside the write (a slow Bot API must not hold the bot's row). A chat
 * Telegram does not know is refused with SPEC's text; one the bot cannot check is kept, not
 * active, and the page says why.
 */
const addRequirement = define(
  ENDPOINTS.addRequirement,
  { carries: ['add_req'] },
  async (input, ctx) => {
    failIssue(validateJoinRequirement(input.add_req));
    const username = (normalizeJoinRequirement(input.add_req) as string).slice(1);
    await ctx.store.read((tx) => checkRequirement(tx, ctx, input.bot_id, username));
    let chat: RequiredChat | null;
    try {
      chat = await ctx.telegram.requiredChat(input.bot_id, username);
    } catch {
      fail(TEXT.telegramUnreachable);
    }
    if (!chat) fail(TEXT.joinRequirementInactive);
    const photo = chat.photo ? await ctx.store.uploads.put(input.bot_id, chat.photo) : null;
    try {
      return await ctx.store.write(async (tx) => {
        const { bot, requirements } = await checkRequirement(tx, ctx, input.bot_id, username);
        const added = {
          name: chat.name,
          username: chat.username,
          photo,
          notActive: !chat.botCanCheck,
        };
        await tx.settings.addJoinRequirement(bot.id, added);
        return ok(ENDPOINTS.addRequirement, {
          join_req: [...requirements, added],
          msg: TEXT.requirementAdded,
        });
      });
    } catch (error) {
      // Refused after all (added twice at once, the plan's limit met meanwhile): no stray file.
      if (photo) await ctx.store.uploads.remove(photo);
      throw error;
    }
  },
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
