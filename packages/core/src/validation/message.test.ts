import { describe, expect, it } from 'vitest';
import { canDeleteMessage, validateMessage } from './message';

describe('validateMessage', () => {
  it('requires text or media', () => {
    expect(validateMessage({ text: '  ', hasMedia: false }, 'free')).toEqual({
      key: 'validation.message.empty',
    });
  });

  it('accepts media without text', () => {
    expect(validateMessage({ text: '', hasMedia: true }, 'free')).toBeNull();
  });

  it.each([
    ['free', 1024],
    ['standard', 2048],
    ['pro', 3072],
    ['proPlus', 4096],
  ] as const)('accepts %s text of %i characters', (tier, max) => {
    expect(validateMessage({ text: 'a'.repeat(max), hasMedia: false }, tier)).toBeNull();
  });

  it.each([
    ['free', 1024],
    ['standard', 2048],
    ['pro', 3072],
    ['proPlus', 4096],
  ] as const)('rejects %s text over %i characters', (tier, max) => {
    expect(validateMessage({ text: 'a'.repeat(max + 1), hasMedia: false }, tier)).toEqual({
      field: 'text',
      key: 'validation.message.tooLong',
      values: { max },
    });
  });
});

describe('canDeleteMessage', () => {
  it.each(['menu', 'command', 'startPayload', 'startMessage'] as const)(
    'keeps the first message of a %s',
    (kind) => {
      expect(canDeleteMessage({ kind, index: 0, count: 3 })).toBe(
        'validation.message.cantDeleteFirst',
      );
    },
  );

  it.each(['menu', 'command', 'startPayload', 'startMessage'] as const)(
    'deletes the second message of a %s',
    (kind) => {
      expect(canDeleteMessage({ kind, index: 1, count: 2 })).toBeNull();
    },
  );

  it('keeps the Q&A question', () => {
    expect(canDeleteMessage({ kind: 'question', index: 0, count: 3 })).toBe(
      'validation.message.cantDeleteQuestion',
    );
  });

  it('deletes nothing from a Q&A with 1 entry', () => {
    expect(canDeleteMessage({ kind: 'question', index: 0, count: 1 })).toBe(
      'validation.message.qaNeedsTwo',
    );
  });

  it('deletes a response from a Q&A with 2 entries', () => {
    expect(canDeleteMessage({ kind: 'question', index: 1, count: 2 })).toBeNull();
  });
});
