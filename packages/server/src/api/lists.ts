import { ENDPOINTS, type Message } from '@botdeck/api';
import {
  canAddItem,
  LIST_ITEM_KINDS,
  LIST_ITEMS,
  type ListItemKind,
  validateItemName,
} from '@botdeck/core';
import { message } from '../seed';
import type { BotRecord, StoreTx } from '../store/types';
import { TEXT } from '../texts';
import { effectivePro, languageOf, listItems, tierOf } from '../views';
import { access, type Context, define, fail, failIssue, okLoose, type Reply } from './kit';

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
  const answerList = async (
    tx: StoreTx,
    bot: BotRecord,
    ctx: Context,
    extra: Record<string, unknown>,
  ) =>
    okLoose({
      [info.listField]: listItems(await tx.lists.names(bot.id, kind), kind, tierOf(bot, ctx.now)),
      lang: await languageOf(tx, ctx.userId),
      pro: effectivePro(bot.plan, ctx.now),
      ...extra,
    });

  const read = define(endpoints.read, (input, ctx) =>
    ctx.store.read(async (tx) => {
      const { bot } = await access(tx, ctx, input.bot_id);
      return answerList(tx, bot, ctx, {});
    }),
  );

  const create = define(endpoints.create, { carries: ['set'] }, (parsed, ctx) =>
    afterCommands(kind, ctx, parsed.bot_id, async (tx) => {
      // The name's field is computed per kind, which widens the parsed type; the schema checked it.
      const input = parsed as unknown as { bot_id: number } & Record<string, string>;
      const { bot } = await access(tx, ctx, input.bot_id, 'editContent');
      const name = (input[info.createField] ?? '').trim();
      failIssue(validateItemName(kind, name));
      const names = await tx.lists.names(bot.id, kind);
      if (names.some((taken) => taken.toLowerCase() === name.toLowerCase())) fail(TEXT.nameTaken);
      if (!canAddItem(tierOf(bot, ctx.now), kind, names.length)) fail(TEXT.limitReached);
      await tx.lists.add(bot.id, kind, { name, messages: newItemMessages(kind, name) });
      return answerList(tx, bot, ctx, { msg: TEXT.itemAdded });
    }),
  );

  // Deleting is allowed on locked items too: it is how an owner gets back under the limit.
  const remove = define(endpoints.remove, { carries: ['del'] }, (input, ctx) =>
    afterCommands(kind, ctx, input.bot_id, async (tx) => {
      const { bot } = await access(tx, ctx, input.bot_id, 'editContent');
      const names = await tx.lists.names(bot.id, kind);
      if (input.index >= names.length) fail(TEXT.itemMissing);
      await tx.lists.remove(bot.id, kind, input.index);
      return okLoose({
        msg: TEXT.itemDeleted,
        bvalue: true,
        [info.listField]: listItems(
          names.filter((_, index) => index !== input.index),
          kind,
          tierOf(bot, ctx.now),
        ),
      });
    }),
  );

  // remove before create: calls sharing a path are tried in this order, and a request that
  // carries both del and set deletes.
  return { read, remove, create };
}

/**
 * A write of a list; when it is the commands' and it succeeded, Telegram's command list
 * follows (setMyCommands) once the write committed.
 */
async function afterCommands(
  kind: ListItemKind,
  ctx: Context,
  botId: number,
  work: (tx: StoreTx) => Promise<Reply>,
) {
  const reply = await ctx.store.write(work);
  if (kind === 'command' && reply.body.success === true) {
    await ctx.telegram.botChanged({ kind: 'commands', botId });
  }
  return reply;
}

export const listHandlers = {
  lists: Object.fromEntries(LIST_ITEM_KINDS.map((kind) => [kind, handlersOf(kind)])) as {
    [K in ListItemKind]: ReturnType<typeof handlersOf>;
  },
};
