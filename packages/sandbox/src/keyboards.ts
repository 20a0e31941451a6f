import type {
  ForceReply,
  InlineKeyboardButton,
  InlineKeyboardMarkup,
  KeyboardButton,
  ReplyKeyboardMarkup,
} from '@grammyjs/types';
import { badRequest } from './errors';
import { checkedLink, isSecureOrLoopbackUrl } from './links';
import { utf8ByteLength } from './text';

/**
 * `reply_markup` read and checked as Telegram does: its shape by the Bot API server
 * (Client::get_reply_markup, whose wording the refusals keep), its limits by Telegram's
 * servers (BUTTON_DATA_INVALID for callback data over 64 bytes, BUTTON_TYPE_INVALID for a Mini
 * App button outside a private chat, BUTTON_URL_INVALID, at most 8 buttons a row and 100 in
 * all).
 */

/** Telegram's limits on an inline keyboard. */
export const INLINE_KEYBOARD_LIMITS = {
  buttonsPerRow: 8,
  buttons: 100,
  callbackDataBytes: 64,
} as const;

/** What a message carries: an inline keyboard shows on the message, the rest in the user's input. */
export interface ReadMarkup {
  inline?: InlineKeyboardMarkup;
  replyKeyboard?: ReplyKeyboardMarkup;
  removeKeyboard?: boolean;
  forceReply?: ForceReply;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function readReplyMarkup(
  json: string | undefined,
  chatType: 'private' | 'supergroup',
): ReadMarkup {
  if (json === undefined || json === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw badRequest("can't parse reply keyboard markup JSON object");
  }
  if (!isObject(value)) throw badRequest('object expected as reply markup');

  if (value.keyboard !== undefined) {
    if (!Array.isArray(value.keyboard)) {
      throw badRequest('field "keyboard" must be of type Array');
    }
    const keyboard = value.keyboard.map((row) => {
      if (!Array.isArray(row)) throw badRequest('field "keyboard" must be an Array of Arrays');
      return row.map((button) => readKeyboardButton(button, chatType));
    });
    if (keyboard.some((row) => row.length > 0)) {
      const markup: ReplyKeyboardMarkup = { keyboard };
      for (const flag of [
        'is_persistent',
        'resize_keyboard',
        'one_time_keyboard',
        'selective',
      ] as const) {
        if (value[flag] === true) markup[flag] = true;
      }
      if (typeof value.input_field_placeholder === 'string') {
        markup.input_field_placeholder = value.input_field_placeholder;
      }
      return { replyKeyboard: markup };
    }
  }

  if (value.inline_keyboard !== undefined) {
    if (!Array.isArray(value.inline_keyboard)) {
      throw badRequest('field "inline_keyboard" must be of type Array');
    }
    const rows = value.inline_keyboard.map((row) => {
      if (!Array.isArray(row)) {
        throw badRequest(
          'field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays',
        );
      }
      return row.map((button) => readInlineButton(button, chatType));
    });
    checkInlineLimits(rows);
    if (rows.some((row) => row.length > 0)) return { inline: { inline_keyboard: rows } };
  }

  if (value.remove_keyboard === true || value.hide_keyboard === true) {
    return { removeKeyboard: true };
  }
  if (value.force_reply === true) {
    const forceReply: ForceReply = { force_reply: true };
    if (typeof value.input_field_placeholder === 'string') {
      forceReply.input_field_placeholder = value.input_field_placeholder;
    }
    if (value.selective === true) forceReply.selective = true;
    return { forceReply };
  }
  return {};
}

function checkInlineLimits(rows: InlineKeyboardButton[][]): void {
  if (rows.some((row) => row.length > INLINE_KEYBOARD_LIMITS.buttonsPerRow)) {
    throw badRequest('REPLY_MARKUP_INVALID');
  }
  const buttons = rows.reduce((count, row) => count + row.length, 0);
  if (buttons > INLINE_KEYBOARD_LIMITS.buttons) throw badRequest('reply markup is too long');
}

function requiredText(button: Json, prefix: string): string {
  if (!('text' in button)) throw badRequest(`${prefix}: Can't find field "text"`);
  if (typeof button.text !== 'string') {
    throw badRequest(`${prefix}: Field "text" must be of type String`);
  }
  return button.text;
}

function readInlineButton(
  button: unknown,
  chatType: 'private' | 'supergroup',
): InlineKeyboardButton {
  const prefix = "can't parse inline keyboard button";
  if (!isObject(button)) throw badRequest(`${prefix}: InlineKeyboardButton must be an Object`);
  const text = requiredText(button, prefix);

  if (typeof button.url === 'string' && button.url !== '') {
    const url = checkedLink(button.url);
    if (url === null) throw badRequest('BUTTON_URL_INVALID');
    return { text, url };
  }
  if (typeof button.callback_data === 'string' && button.callback_data !== '') {
    if (utf8ByteLength(button.callback_data) > INLINE_KEYBOARD_LIMITS.callbackDataBytes) {
      throw badRequest('BUTTON_DATA_INVALID');
    }
    return { text, callback_data: button.callback_data };
  }
  if (button.callback_game !== undefined) return { text, callback_game: {} };
  if (button.pay !== undefined) return { text, pay: true };
  if (button.switch_inline_query !== undefined) {
    return { text, switch_inline_query: String(button.switch_inline_query) };
  }
  if (button.switch_inline_query_current_chat !== undefined) {
    return {
      text,
      switch_inline_query_current_chat: String(button.switch_inline_query_current_chat),
    };
  }
  if (isObject(button.login_url) && typeof button.login_url.url === 'string') {
    if (checkedLink(button.login_url.url) === null) throw badRequest('BUTTON_URL_INVALID');
    return { text, login_url: { url: button.login_url.url } };
  }
  if (button.web_app !== undefined) {
    if (!isObject(button.web_app)) {
      throw badRequest(`${prefix}: Field "web_app" must be of type Object`);
    }
    if (typeof button.web_app.url !== 'string') {
      throw badRequest(`${prefix}: Can't find field "url"`);
    }
    if (chatType !== 'private') throw badRequest('BUTTON_TYPE_INVALID');
    if (!isSecureOrLoopbackUrl(button.web_app.url)) throw badRequest('BUTTON_URL_INVALID');
    return { text, web_app: { url: button.web_app.url } };
  }
  if (isObject(button.copy_text) && typeof button.copy_text.text === 'string') {
    return { text, copy_text: { text: button.copy_text.text } };
  }
  throw badRequest(`${prefix}: Text buttons are unallowed in the inline keyboard`);
}

function readKeyboardButton(button: unknown, chatType: 'private' | 'supergroup'): KeyboardButton {
  const prefix = "can't parse keyboard button";
  if (typeof button === 'string') return { text: button };
  if (!isObject(button))
    throw badRequest(`${prefix}: KeyboardButton must be a String or an Object`);
  const text = requiredText(button, prefix);
  if (button.request_contact === true) return { text, request_contact: true };
  if (button.request_location === true) return { text, request_location: true };
  if (isObject(button.web_app)) {
    if (typeof button.web_app.url !== 'string')
      throw badRequest(`${prefix}: Can't find field "url"`);
    if (chatType !== 'private') throw badRequest('BUTTON_TYPE_INVALID');
    if (!isSecureOrLoopbackUrl(button.web_app.url)) throw badRequest('BUTTON_URL_INVALID');
    return { text, web_app: { url: button.web_app.url } };
  }
  return { text };
}
