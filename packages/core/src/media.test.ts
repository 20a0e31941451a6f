import { describe, expect, it } from 'vitest';
import { mediaNameFromUrl, mediaTypeFromCode, mediaTypeToCode } from './media';

describe('media type codes', () => {
  it.each([
    ['photo', 0],
    ['video', 1],
    ['audio', 2],
    ['file', 3],
  ] as const)('maps %s to %i and back', (type, code) => {
    expect([mediaTypeToCode(type), mediaTypeFromCode(code)]).toEqual([code, type]);
  });

  it.each([-1, 4, 1.5])('knows no media type for code %s', (code) => {
    expect(mediaTypeFromCode(code)).toBeNull();
  });
});

describe('the name of stored media', () => {
  it.each([
    ['/uploads/seed-prices.svg', 'seed-prices.svg'],
    ['https://cdn.example.com/files/menu.jpg', 'menu.jpg'],
    ['https://cdn.example.com/files/menu.jpg?size=big#top', 'menu.jpg'],
    ['https://cdn.example.com/files/', 'files'],
    ['/uploads/summer%20sale.png', 'summer sale.png'],
    ['/uploads/100%.png', '100%.png'],
  ])('of %s is %j', (url, name) => {
    expect(mediaNameFromUrl(url)).toBe(name);
  });

  it.each([
    'data:image/png;base64,iVBORw0KGgo=',
    'DATA:image/png;base64,iVBORw0KGgo=',
    'blob:https://app.example.com/5f1c-42',
    'https://cdn.example.com',
    'https://cdn.example.com/?id=7',
    '',
  ])('of %s is none', (url) => {
    expect(mediaNameFromUrl(url)).toBe('');
  });
});
