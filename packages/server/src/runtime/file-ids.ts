import { type FileIdKind, ownerFileIdOf } from '@botdeck/core';
import type { Message } from 'grammy/types';
import type { DeckContext } from './deck-context';
import { isTeam } from './memberships';

/**
 * The dashboard's "get a file ID" link (`t.me/<bot>?start=fileid`, SPEC's upload start link):
 * the owner or an admin opens it, sends the bot a file, and the bot answers with the file's ID
 * as the editor takes it (`photo-AgAC…`). File ids are Telegram's per bot, so only this bot can
 * hand them out. Anyone else's /start fileid is an unknown payload: the start message.
 */

/** The /start payload of the link. */
export const FILE_ID_PAYLOAD = 'fileid';

/**
 * What the store's awaited answer holds while the bot waits for a file: no Q&A item has it
 * (list items are numbered from 1 in both stores).
 */
export const AWAITS_A_FILE = 0;

/** `/start fileid`: true when it was the team's and the bot now waits for their file. */
export async function askForAFile(ctx: DeckContext): Promise<boolean> {
  const from = ctx.from;
  if (!from || !(await isTeam(ctx, from.id))) return false;
  const { store, bot, texts } = ctx.deck;
  await store.write((tx) => tx.runtime.awaitAnswer(bot.id, from.id, AWAITS_A_FILE));
  await ctx.reply(texts.sendAFile);
  return true;
}

/**
 * The message the bot waited for: a file gets its ID (as code, which Telegram copies on a
 * tap) and the wait ends; anything else is told what to send, and the wait goes on until a
 * file or a command comes.
 */
export async function answerWithFileId(ctx: DeckContext, message: Message): Promise<void> {
  const { store, bot, texts } = ctx.deck;
  const file = fileOf(message);
  if (!file) {
    await ctx.reply(texts.notAFile);
    return;
  }
  await store.write((tx) => tx.runtime.awaitAnswer(bot.id, message.chat.id, null));
  const before = `${texts.fileIdIs}\n`;
  await ctx.reply(before + file, {
    // Offsets count UTF-16 code units, as JavaScript's string length does.
    entities: [{ type: 'code', offset: before.length, length: file.length }],
    reply_parameters: { message_id: message.message_id },
  });
}

/** The file a message carries, as the owner gives it to Botdeck; null for none. */
function fileOf(message: Message): string | null {
  const found: [FileIdKind, { file_id: string } | undefined][] = [
    // A photo comes in several sizes: the largest is the picture as sent.
    ['photo', message.photo?.at(-1)],
    ['video', message.video],
    ['video_note', message.video_note],
    ['audio', message.audio],
    ['voice', message.voice],
    // An animation also carries a document (Telegram's older clients read that): it is the animation.
    ['animation', message.animation],
    ['sticker', message.sticker],
    ['document', message.document],
  ];
  for (const [kind, file] of found) if (file) return ownerFileIdOf(kind, file.file_id);
  return null;
}
