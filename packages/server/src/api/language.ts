import { ENDPOINTS } from '@botdeck/api';
import { FALLBACK_LANGUAGE } from '@botdeck/core';
import { TEXT } from '../texts';
import { languageOf } from '../views';
import { access, define, ok, withData } from './kit';

/** The caller's settings language and the language of the bot's own texts. */

const language = define(ENDPOINTS.language, (input, ctx) =>
  withData(ctx, input.set !== undefined || input.bot_lang !== undefined, (data) => {
    const { bot } = access(
      data,
      ctx,
      input.bot_id,
      input.bot_lang ? 'changeBotLanguage' : undefined,
    );
    if (input.set) {
      const account = data.accounts[ctx.userId] ?? { lang: FALLBACK_LANGUAGE, balance: null };
      data.accounts[ctx.userId] = { ...account, lang: input.set };
    }
    if (input.bot_lang) bot.lang = input.bot_lang;
    const changed = input.set !== undefined || input.bot_lang !== undefined;
    return ok(ENDPOINTS.language, {
      bot_lang: bot.lang,
      lang: languageOf(data, ctx.userId),
      ...(changed ? { msg: TEXT.languageSaved } : {}),
    });
  }),
);

export const languageHandlers = { language };
