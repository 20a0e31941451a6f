import { ENDPOINTS } from '@botdeck/api';
import type { StoreTx } from '../store/types';
import { TEXT } from '../texts';
import { languageOf } from '../views';
import { access, define, ok, type Reply } from './kit';

/** The caller's settings language and the language of the bot's own texts. */

const language = define(ENDPOINTS.language, (input, ctx) => {
  const changes = input.set !== undefined || input.bot_lang !== undefined;
  const run = (work: (tx: StoreTx) => Promise<Reply>) =>
    changes ? ctx.store.write(work) : ctx.store.read(work);
  return run(async (tx) => {
    const { bot } = await access(
      tx,
      ctx,
      input.bot_id,
      input.bot_lang ? 'changeBotLanguage' : undefined,
    );
    if (input.set) await tx.accounts.setLanguage(ctx.userId, input.set);
    if (input.bot_lang) await tx.bots.update(bot.id, { lang: input.bot_lang });
    return ok(ENDPOINTS.language, {
      bot_lang: input.bot_lang ?? bot.lang,
      lang: await languageOf(tx, ctx.userId),
      ...(changes ? { msg: TEXT.languageSaved } : {}),
    });
  });
});

export const languageHandlers = { language };
