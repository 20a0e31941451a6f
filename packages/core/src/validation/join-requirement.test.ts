import { describe, expect, it } from 'vitest';
import { normalizeJoinRequirement, validateJoinRequirement } from './join-requirement';

describe('normalizeJoinRequirement', () => {
  it.each([
    '@my_channel',
    'my_channel',
    't.me/my_channel',
    'https://t.me/my_channel',
    'http://t.me/my_channel/',
    'https://telegram.me/my_channel',
    '  @my_channel  ',
  ])('reads %j as @my_channel', (input) => {
    expect(normalizeJoinRequirement(input)).toBe('@my_channel');
  });

  it('accepts a 4-character username', () => {
    expect(normalizeJoinRequirement('abcd')).toBe('@abcd');
  });

  it('rejects a 3-character username', () => {
    expect(normalizeJoinRequirement('abc')).toBeNull();
  });

  it('accepts a 32-character username', () => {
    expect(normalizeJoinRequirement(`a${'b'.repeat(31)}`)).toBe(`@a${'b'.repeat(31)}`);
  });

  it('rejects a 33-character username', () => {
    expect(normalizeJoinRequirement(`a${'b'.repeat(32)}`)).toBeNull();
  });

  it.each([
    '1channel',
    '@@channel',
    'my channel',
    'https://t.me/+AbCdEf123',
    'https://t.me/joinchat/AbCdEf',
    'https://example.com/channel',
    'https://t.me/',
  ])('rejects %j', (input) => {
    expect(normalizeJoinRequirement(input)).toBeNull();
  });
});

describe('validateJoinRequirement', () => {
  it.each(['', '   '])('requires a username or link, rejecting %j', (input) => {
    expect(validateJoinRequirement(input)).toEqual({ key: 'validation.joinRequirement.required' });
  });

  it('rejects what is neither a username nor a link', () => {
    expect(validateJoinRequirement('not a channel')).toEqual({
      key: 'validation.joinRequirement.invalid',
    });
  });

  it('accepts a link', () => {
    expect(validateJoinRequirement('t.me/my_channel')).toBeNull();
  });
});
