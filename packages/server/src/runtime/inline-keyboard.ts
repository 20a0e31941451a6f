import type { Message } from '@botdeck/api';
import { telegramShareLink } from '@botdeck/core';
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import { encodeCallback, type SetRef } from './callback-data';

/** What a message's buttons need to know about where they are sent from. */
export interface KeyboardPlace {
  /** The set the message belongs to (popup and alert buttons name it). */
  set: SetRef;
  /** The message's position in its set. */
  message: number;
  /** Botdeck's id of the bot: its shop page is `<app url>/shop?bot=<id>`. */
  botId: number;
  botUsername: string;
  /** Where the Mini App is served (BOTDECK_PUBLIC_URL, or this server in development). */
  appUrl: string;
  /** A list item's id by its kind and name (Menu and Question buttons name items so). */
  itemIds: { menu: ReadonlyMap<string, number>; question: ReadonlyMap<string, number> };
}

const LINK = /^https?:\/\//i;

/**
 * A stored message's buttons as Telegram's inline keyboard (SERVER.md section 4): rows in
 * order, each button by its type. A Menu or Question button whose item is gone (or renamed) is
 * left out rather than sent dead; null when no button is left.
 */
export function inlineKeyboard(
  buttons: Message['buttons'],
  place: KeyboardPlace,
): InlineKeyboardMarkup | null {
  const rows = new Map<number, InlineKeyboardButton[]>();
  buttons.forEach((button, index) => {
    const made = inlineButton(button, index, place);
    if (!made) return;
    const row = rows.get(button.row);
    if (row) row.push(made);
    else rows.set(button.row, [made]);
  });
  if (rows.size === 0) return null;
  const ordered = [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  return { inline_keyboard: ordered };
}

function inlineButton(
  button: Message['buttons'][number],
  index: number,
  place: KeyboardPlace,
): InlineKeyboardButton | null {
  const { text } = button;
  switch (button.type) {
    case 'Url':
      return { text, url: button.value };
    case 'Share':
      // A link is shared as it is; any other value is the text shared with the bot's own link.
      return {
        text,
        url: LINK.test(button.value)
          ? telegramShareLink(button.value, '')
          : telegramShareLink(`https://t.me/${place.botUsername}`, button.value),
      };
    case 'Shop':
      return { text, web_app: { url: `${place.appUrl}/shop?bot=${place.botId}` } };
    case 'Menu':
    case 'Question': {
      const kind = button.type === 'Menu' ? 'menu' : 'question';
      const id = place.itemIds[kind].get(button.value.toLowerCase());
      return id === undefined ? null : { text, callback_data: encodeCallback({ kind, id }) };
    }
    case 'Popup':
    case 'Alert':
      return {
        text,
        callback_data: encodeCallback({
          kind: 'popup',
          set: place.set,
          message: place.message,
          button: index,
        }),
      };
    default:
      return button.type satisfies never;
  }
}
