import { describe, expect, it } from 'vitest';
import { decodeButton, encodeButton, encodeStartPayloadButton } from './buttons';

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
