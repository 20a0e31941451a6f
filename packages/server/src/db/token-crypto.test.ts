import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openToken, parseTokenKey, sealToken, TokenKeyError } from './token-crypto';

const key = new Uint8Array(randomBytes(32));
const token = '7012345678:AAH-secret_token-value';

describe('sealed bot tokens', () => {
  it('opens with the key and bot it was sealed for', () => {
    expect(openToken(sealToken(token, 2, key), 2, key)).toBe(token);
  });

  it('never holds the token in clear, and seals it differently each time', () => {
    const first = sealToken(token, 2, key);
    const second = sealToken(token, 2, key);
    expect(Buffer.from(first).toString('latin1')).not.toContain('secret');
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(false);
  });

  it('does not open with another key', () => {
    const other = new Uint8Array(randomBytes(32));
    expect(() => openToken(sealToken(token, 2, key), 2, other)).toThrow(TokenKeyError);
  });

  it('does not open once any byte was changed', () => {
    const sealed = sealToken(token, 2, key);
    for (const index of [13, 20, sealed.length - 1]) {
      const tampered = sealed.slice();
      tampered[index] = (tampered[index] ?? 0) ^ 1;
      expect(() => openToken(tampered, 2, key)).toThrow(TokenKeyError);
    }
  });

  it('does not open on another bot (a sealed token copied to another row)', () => {
    expect(() => openToken(sealToken(token, 2, key), 3, key)).toThrow(/bot 3/);
  });

  it('refuses what is too short or of an unknown version', () => {
    expect(() => openToken(new Uint8Array(10), 2, key)).toThrow(TokenKeyError);
    const sealed = sealToken(token, 2, key);
    sealed[0] = 9;
    expect(() => openToken(sealed, 2, key)).toThrow(/not one this server sealed/);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => sealToken(token, 2, new Uint8Array(16))).toThrow(/32 bytes, not 16/);
  });
});

describe('parseTokenKey', () => {
  it('reads 64 hexadecimal digits and base64', () => {
    const hex = Buffer.from(key).toString('hex');
    expect(parseTokenKey(hex)).toEqual(key);
    expect(parseTokenKey(` ${Buffer.from(key).toString('base64')}\n`)).toEqual(key);
  });

  it.each([
    ['empty', ''],
    ['too short', 'abcd'],
    ['31 bytes', Buffer.alloc(31, 1).toString('base64')],
    ['not hex nor base64', 'this is not a key!'],
  ])('refuses a key that is %s, without repeating it', (_, text) => {
    expect(() => parseTokenKey(text)).toThrow(/must be 32 bytes/);
    if (text) expect(() => parseTokenKey(text)).not.toThrow(text);
  });
});
