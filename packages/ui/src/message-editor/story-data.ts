import type { KeyboardButton, KeyboardRows } from '@botdeck/core';
import { EMPTY_MEDIA_VALUE } from '../media-picker';
import type { MessageEditorValue } from './message-editor';

/**
 * A 4:3 picture Storybook serves (.storybook/public), so stories load nothing from the network.
 * A data: URL would be refused: the preview draws photos from http(s) URLs and paths only.
 */
export const PHOTO_URL = '/story-images/landscape.svg';

export const TWO_ROWS: KeyboardRows = [
  [
    { text: 'Website', type: 'Url', value: 'https://example.org' },
    { text: 'Prices', type: 'Menu', value: 'Prices' },
  ],
  [{ text: 'Shop', type: 'Shop', value: '' }],
];

/** The most a keyboard can hold: 10 rows of 7 (SPEC 9). */
export const FULL_GRID: KeyboardRows = Array.from({ length: 10 }, (_, row) =>
  Array.from(
    { length: 7 },
    (_, col): KeyboardButton => ({
      text: `${row + 1}.${col + 1}`,
      type: col === 0 ? 'Url' : 'Popup',
      value: col === 0 ? 'https://example.org' : 'Hi',
    }),
  ),
);

export const EMPTY_VALUE: MessageEditorValue = {
  text: '',
  html: false,
  effect: 'none',
  media: EMPTY_MEDIA_VALUE,
  buttons: [],
};

export const MENU_MESSAGE: MessageEditorValue = {
  text: '<b>Welcome to Pizza Bot!</b>\nChoose a menu below or visit <a href="https://example.org">our site</a>.',
  html: true,
  effect: 'none',
  media: { ...EMPTY_MEDIA_VALUE, type: 'photo', url: PHOTO_URL },
  buttons: TWO_ROWS,
};

/** Every tag of Telegram's subset, each with a word to find it by. */
export const EVERY_TAG =
  '<b>bold</b> <strong>strong</strong> <i>italic</i> <em>emphasis</em> ' +
  '<u>underline</u> <ins>inserted</ins> <s>strike</s> <strike>struck</strike> <del>deleted</del>\n' +
  '<tg-spoiler>spoiler</tg-spoiler> <span class="tg-spoiler">hidden</span> ' +
  '<a href="https://example.org">link</a> <code>inline code</code>\n' +
  '<pre><code class="language-python">print("hi")</code></pre>' +
  '<blockquote>A quote</blockquote>' +
  '<blockquote expandable>A long quote that Telegram folds after a few lines.</blockquote>';

export const INJECTION = '<script>alert(1)</script><img src=x onerror=alert(1)>';
