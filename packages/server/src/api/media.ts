import { ENDPOINTS } from '@botdeck/api';
import { DEFAULT_MODERATION_ACTION, MODERATION_TYPES } from '@botdeck/core';
import { TEXT } from '../texts';
import { languageOf } from '../views';
import { access, define, ok } from './kit';

/** Media moderation: what the bot does with each type of media members send. */

const media = define(ENDPOINTS.media, (input, ctx) => {
  const sent = input.media;
  if (!sent) {
    return ctx.store.read(async (tx) => {
      const { bot } = await access(tx, ctx, input.bot_id);
      return ok(ENDPOINTS.media, {
        media: await tx.settings.media(bot.id),
        lang: await languageOf(tx, ctx.userId),
      });
    });
  }
  return ctx.store.write(async (tx) => {
    const { bot } = await access(tx, ctx, input.bot_id, 'changeMedia');
    const stored = await tx.settings.media(bot.id);
    // The list keeps every type in its fixed order, whatever subset or order was sent.
    const next = MODERATION_TYPES.map((name) => {
      const kept = stored.find((m) => m.name === name);
      const update = sent.find((m) => m.name === name);
      return {
        name,
        icon: kept?.icon ?? update?.icon ?? name.toLowerCase(),
        enabled: update?.enabled ?? kept?.enabled ?? false,
        selectedAction: update?.selectedAction ?? kept?.selectedAction ?? DEFAULT_MODERATION_ACTION,
      };
    });
    await tx.settings.setMedia(bot.id, next);
    return ok(ENDPOINTS.media, {
      media: next,
      lang: await languageOf(tx, ctx.userId),
      msg: TEXT.mediaSaved,
    });
  });
});

export const mediaHandlers = { media };
