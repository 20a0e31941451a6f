import { badRequest } from '../errors';
import { characterCount } from '../text';
import type { Handlers } from './types';

/** answerCallbackQuery: what a person sees after pressing a callback button. */

/** Telegram's limit on the toast or alert text. */
export const CALLBACK_ANSWER_LIMIT = 200;

export const callbackMethods: Handlers<'answerCallbackQuery'> = {
  answerCallbackQuery: ({ world, bot, params }) => {
    const id = params.text('callback_query_id');
    const pending = world.callbacks.get(id);
    const tooOld =
      pending !== undefined && Date.now() - pending.at > world.settings.callbackQueryTimeoutMs;
    if (!pending || pending.botId !== bot.id || pending.answered || tooOld) {
      throw badRequest('query is too old and response timeout expired or query ID is invalid');
    }
    const text = params.text('text');
    if (characterCount(text) > CALLBACK_ANSWER_LIMIT) throw badRequest('MESSAGE_TOO_LONG');
    const url = params.optionalText('url');
    // Outside games Telegram opens only the bot's own start links (t.me/<bot>?start=…).
    if (url !== undefined) {
      const own = new RegExp(`^https?://t\\.me/${bot.user.username}\\?start=`, 'i');
      if (!own.test(url)) throw badRequest('URL_INVALID');
    }
    pending.answered = true;
    pending.message.callbackAnswers.push({
      queryId: id,
      shown: text === '' ? 'nothing' : params.boolean('show_alert') ? 'alert' : 'toast',
      ...(text !== '' ? { text } : {}),
      ...(url !== undefined ? { url } : {}),
      ...(params.has('cache_time') ? { cacheTime: params.integer('cache_time') } : {}),
    });
    world.changed();
    return true;
  },
};
