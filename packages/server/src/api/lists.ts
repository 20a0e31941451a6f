import { ENDPOINTS, type Message } from '@botdeck/api';
import {
  canAddItem,
  LIST_ITEM_KINDS,
  LIST_ITEMS,
  type ListItemKind,
  validateItemName,
} from '@botdeck/core';
import type { DevBot, DevData } from '../data';
import { message } from '../seed';
import { TEXT } from '../texts';
import { effectivePro, languageOf, listItems, tierOf } from '../views';
import { access, type Context, define, fail, failIssue, okLoose } from './kit';

/** The four lists of a bot: menus, Q&A replies, commands and start payloads. */

/** A new item starts with one message to edit; a Q&A with its question and one response. */
function newItemMessages(kind: ListItemKind, name: string): Message[] {
  if (kind === 'question') {
    return [message(`${name.replaceAll('_', ' ')}?`), message('Edit this response.')];
  }
  return [message('Edit this message.')];
}

function handlersOf(kind: ListItemKind) {
  const endpoints = ENDPOINTS.lists[kind];
  const info = LIST_ITEMS[kind];
  const answerList = (data: DevData, bot: DevBot, ctx: Context, extra: Record<string, unknown>) =>
    okLoose({
      [info.listField]: listItems(bot, kind, tierOf(bot, ctx.now)),
      lang: languageOf(data, ctx.userId),
      pro: effectivePro(bot.plan, ctx.now),
      ...extra,
    });

  const read = define(endpoints.read, async (input, ctx) => {
    const data = await ctx.store.read();
    const { bot } = access(data, ctx, input.bot_id);
    return answerList(data, bot, ctx, {});
  });

  const create = define(endpoints.create, { carries: ['set'] }, (parsed, ctx) =>
    ctx.store.write((data) => {
      // The name's field is computed per kind, which widens the parsed type; the schema checked it.
      const input = parsed as unknown as { bot_id: number } & Record<string, string>;
      const { bot } = access(data, ctx, input.bot_id, 'editContent');
      const name = (input[info.createField] ?? '').trim();
      failIssue(validateItemName(kind, name));
      if (bot.lists[kind].some((item) => item.name.toLowerCase() === name.toLowerCase())) {
        fail(TEXT.nameTaken);
      }
      if (!canAddItem(tierOf(bot, ctx.now), kind, bot.lists[kind].length)) fail(TEXT.limitReached);
      bot.lists[kind].push({ name, messages: newItemMessages(kind, name) });
      return answerList(data, bot, ctx, { msg: TEXT.itemAdded });
    }),
  );

  // Deleting is allowed on locked items too: it is how an owner gets back under the limit.
  const remove = define(endpoints.remove, { carries: ['del'] }, (input, ctx) =>
    ctx.store.write((data) => {
      const { bot } = access(data, ctx, input.bot_id, 'editContent');
      if (input.index >= bot.lists[kind].length) fail(TEXT.itemMissing);
      bot.lists[kind].splice(input.index, 1);
      return okLoose({
        msg: TEXT.itemDeleted,
        bvalue: true,
        [info.listField]: listItems(bot, kind, tierOf(bot, ctx.now)),
      });
    }),
  );

  // remove before create: calls sharing a path are tried in this order, and a request that
  // carries both del and set deletes.
  return { read, remove, create };
}

export const listHandlers = {
  lists: Object.fromEntries(LIST_ITEM_KINDS.map((kind) => [kind, handlersOf(kind)])) as {
    [K in ListItemKind]: ReturnType<typeof handlersOf>;
  },
};
