import { describe, expect, it } from 'vitest';
import {
  decodeButton,
  encodeButton,
  encodeStartPayloadButton,
  fromWireButtons,
  type KeyboardButton,
  toWireButtons,
  type WireKeyboardButton,
} from './buttons';

const url = (text: string): KeyboardButton => ({
  text,
  type: 'Url',
  value: `https://${text}.example.com`,
});

describe('encodeStartPayloadButton', () => {
  it('makes a Url to the bot start link with the sp- payload', () => {
    expect(encodeStartPayloadButton('my_bot', 'promo')).toEqual({
      type: 'Url',
      value: 'https://t.me/my_bot?start=sp-promo',
    });
  });
});

describe('encodeButton', () => {
  it('sends a Start Payload button as a Url and keeps its other fields', () => {
    expect(
      encodeButton({ text: 'Go', type: 'Start Payload', value: 'promo', row: 2 }, 'my_bot'),
    ).toEqual({
      text: 'Go',
      type: 'Url',
      value: 'https://t.me/my_bot?start=sp-promo',
      row: 2,
    });
  });

  it('leaves other button types as they are', () => {
    const button = { text: 'Hi', type: 'Popup' as const, value: 'Hello', row: 0 };
    expect(encodeButton(button, 'my_bot')).toEqual(button);
  });
});

describe('decodeButton', () => {
  it('shows a Url to this bot start link with sp- as a Start Payload button', () => {
    expect(
      decodeButton(
        { text: 'Go', type: 'Url', value: 'https://t.me/my_bot?start=sp-promo', row: 1 },
        'my_bot',
      ),
    ).toEqual({ text: 'Go', type: 'Start Payload', value: 'promo', row: 1 });
  });

  it('matches the bot username case-insensitively', () => {
    expect(
      decodeButton({ type: 'Url', value: 'https://t.me/My_Bot?start=sp-promo' }, 'my_bot'),
    ).toEqual({
      type: 'Start Payload',
      value: 'promo',
    });
  });

  it('keeps a Url to another bot start payload as a Url', () => {
    const button = { type: 'Url' as const, value: 'https://t.me/other_bot?start=sp-promo' };
    expect(decodeButton(button, 'my_bot')).toEqual(button);
  });

  it('keeps a start link without the sp- prefix as a Url', () => {
    const button = { type: 'Url' as const, value: 'https://t.me/my_bot?start=promo' };
    expect(decodeButton(button, 'my_bot')).toEqual(button);
  });

  it('keeps a non-Url button whose value looks like a start link', () => {
    const button = { type: 'Popup' as const, value: 'https://t.me/my_bot?start=sp-promo' };
    expect(decodeButton(button, 'my_bot')).toEqual(button);
  });

  it('round-trips a Start Payload button through encodeButton', () => {
    const button = { text: 'Go', type: 'Start Payload' as const, value: 'promo_1' };
    expect(decodeButton(encodeButton(button, 'my_bot'), 'my_bot')).toEqual(button);
  });
});

describe('toWireButtons', () => {
  it('flattens rows with zero-based row numbers', () => {
    const rows = [[url('a'), url('b')], [url('c')]];
    expect(toWireButtons(rows, 'shop_bot')).toEqual([
      { text: 'a', value: 'https://a.example.com', type: 'Url', row: 0 },
      { text: 'b', value: 'https://b.example.com', type: 'Url', row: 0 },
      { text: 'c', value: 'https://c.example.com', type: 'Url', row: 1 },
    ]);
  });

  it('sends a Start Payload button as a Url start link of the bot', () => {
    const rows: KeyboardButton[][] = [[{ text: 'Promo', type: 'Start Payload', value: 'promo' }]];
    expect(toWireButtons(rows, 'shop_bot')).toEqual([
      { text: 'Promo', value: 'https://t.me/shop_bot?start=sp-promo', type: 'Url', row: 0 },
    ]);
  });

  it('skips empty rows so row numbers have no gaps', () => {
    expect(toWireButtons([[], [url('a')], [], [url('b')]], 'bot').map((b) => b.row)).toEqual([
      0, 1,
    ]);
  });

  it('keeps a Shop button with an empty value', () => {
    expect(toWireButtons([[{ text: 'Shop', type: 'Shop', value: '' }]], 'bot')).toEqual([
      { text: 'Shop', value: '', type: 'Shop', row: 0 },
    ]);
  });
});

describe('fromWireButtons', () => {
  it('groups by row in ascending order and keeps the order within a row', () => {
    const wire: WireKeyboardButton[] = [
      { text: 'c', value: 'x', type: 'Share', row: 3 },
      { text: 'a', value: 'm', type: 'Menu', row: 0 },
      { text: 'b', value: 'n', type: 'Menu', row: 0 },
    ];
    expect(fromWireButtons(wire, 'bot')).toEqual([
      [
        { text: 'a', type: 'Menu', value: 'm' },
        { text: 'b', type: 'Menu', value: 'n' },
      ],
      [{ text: 'c', type: 'Share', value: 'x' }],
    ]);
  });

  it("shows a Url to this bot's sp- start link as a Start Payload, whatever the case", () => {
    const wire: WireKeyboardButton[] = [
      { text: 'Promo', value: 'https://t.me/Shop_Bot?start=sp-promo', type: 'Url', row: 0 },
    ];
    expect(fromWireButtons(wire, 'shop_bot')).toEqual([
      [{ text: 'Promo', type: 'Start Payload', value: 'promo' }],
    ]);
  });

  it("keeps a link to another bot's payload a Url", () => {
    const wire: WireKeyboardButton[] = [
      { text: 'Other', value: 'https://t.me/other_bot?start=sp-promo', type: 'Url', row: 0 },
    ];
    expect(fromWireButtons(wire, 'shop_bot')[0]?.[0]?.type).toBe('Url');
  });

  it('round-trips every type', () => {
    const rows: KeyboardButton[][] = [
      [url('a'), { text: 'P', type: 'Popup', value: 'Hello' }],
      [
        { text: 'Al', type: 'Alert', value: 'Careful' },
        { text: 'M', type: 'Menu', value: 'main' },
        { text: 'Q', type: 'Question', value: 'faq' },
      ],
      [
        { text: 'S', type: 'Share', value: 'Try this bot' },
        { text: 'Shop', type: 'Shop', value: '' },
        { text: 'SP', type: 'Start Payload', value: 'promo' },
      ],
    ];
    expect(fromWireButtons(toWireButtons(rows, 'shop_bot'), 'shop_bot')).toEqual(rows);
  });
});
