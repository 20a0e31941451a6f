import { ENDPOINTS } from '@botdeck/api';
import { DEFAULT_MODERATION_ACTION, MODERATION_TYPES } from '@botdeck/core';
import { TEXT } from '../texts';
import { languageOf } from '../views';
import { access, define, ok, withData } from './kit';

/** Media moderation: what the bot does with each type of media members send. */

const media = define(ENDPOINTS.media, (input, ctx) =>
  withData(ctx, input.media !== undefined, (data) => {
    const { bot } = access(data, ctx, input.bot_id, input.media ? 'changeMedia' : undefined);
    if (input.media) {
      const sent = input.media;
      // The list keeps every type in its fixed order, whatever subset or order was sent.
      bot.media = MODERATION_TYPES.map((name) => {
        const stored = bot.media.find((m) => m.name === name);
        const update = sent.find((m) => m.name === name);
        return {
          name,
          icon: stored?.icon ?? update?.icon ?? name.toLowerCase(),
          enabled: update?.enabled ?? stored?.enabled ?? false,
          selectedAction:
            update?.selectedAction ?? stored?.selectedAction ?? DEFAULT_MODERATION_ACTION,
        };
      });
    }
    return ok(ENDPOINTS.media, {
      media: bot.media,
      lang: languageOf(data, ctx.userId),
      ...(input.media ? { msg: TEXT.mediaSaved } : {}),
    });
  }),
);

export const mediaHandlers = { media };
