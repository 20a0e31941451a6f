import { describe, expect, it } from 'vitest';
import { canAddRow, canAddToRow, isValidButtonUrl, validateButton } from './button';

describe('validateButton required fields', () => {
  it('requires a name', () => {
    expect(validateButton({ text: ' ', type: 'Url', value: 'https://a.b' }, 'free')).toEqual({
      field: 'text',
      key: 'validation.button.emptyFields',
    });
  });

  it('requires a type', () => {
    expect(validateButton({ text: 'Go', type: null, value: 'x' }, 'free')).toEqual({
      field: 'type',
      key: 'validation.button.emptyFields',
    });
  });

  it.each(['Url', 'Popup', 'Alert', 'Menu', 'Question', 'Share', 'Start Payload'] as const)(
    'requires a value for %s',
    (type) => {
      expect(validateButton({ text: 'Go', type, value: '' }, 'free')).toEqual({
        field: 'value',
        key: 'validation.button.emptyFields',
      });
    },
  );

  it('does not require a value for Shop', () => {
    expect(validateButton({ text: 'Shop', type: 'Shop', value: '' }, 'free')).toBeNull();
  });
});

describe('isValidButtonUrl', () => {
  it.each(['http://a.b', 'https://example.com', 'https://sub.example.co.uk/path?q=1#top'])(
    'accepts %s',
    (url) => {
      expect(isValidButtonUrl(url)).toBe(true);
    },
  );

  it.each([
    'ftp://a.b',
    'https://localhost',
    'example',
    'example.com',
    'https://a..b',
    'https://.a.b',
    'http://a.b c',
    'javascript:alert(1)',
  ])('rejects %s', (url) => {
    expect(isValidButtonUrl(url)).toBe(false);
  });
});

describe('validateButton by type', () => {
  it('rejects a Url button with an invalid URL', () => {
    expect(validateButton({ text: 'Go', type: 'Url', value: 'ftp://a.b' }, 'free')).toEqual({
      field: 'value',
      key: 'validation.button.invalidUrl',
    });
  });

  it('accepts a Url button with an http URL', () => {
    expect(validateButton({ text: 'Go', type: 'Url', value: 'http://a.b' }, 'free')).toBeNull();
  });

  it.each(['Menu', 'Popup', 'Alert', 'Question'] as const)('rejects - in a %s value', (type) => {
    expect(validateButton({ text: 'Go', type, value: 'a-b' }, 'pro')).toEqual({
      field: 'value',
      key: 'validation.button.forbiddenCharacters',
    });
  });

  it.each(['a&b', 'a:b', 'a-b'])('rejects the Popup value %s', (value) => {
    expect(validateButton({ text: 'Go', type: 'Popup', value }, 'pro')).toEqual({
      field: 'value',
      key: 'validation.button.forbiddenCharacters',
    });
  });

  it('allows - in a Share value', () => {
    expect(
      validateButton({ text: 'Go', type: 'Share', value: 'share-me: now & then' }, 'free'),
    ).toBeNull();
  });
});

describe('validateButton popup and alert length', () => {
  it.each(['Popup', 'Alert'] as const)('accepts a %s of 63 characters on Free', (type) => {
    expect(validateButton({ text: 'Go', type, value: 'a'.repeat(63) }, 'free')).toBeNull();
  });

  it.each(['Popup', 'Alert'] as const)('rejects a %s of 64 characters on Free', (type) => {
    expect(validateButton({ text: 'Go', type, value: 'a'.repeat(64) }, 'free')).toEqual({
      field: 'value',
      key: 'validation.button.popupTooLong',
      values: { max: 63 },
    });
  });

  it.each(['standard', 'pro', 'proPlus'] as const)('accepts 200 characters on %s', (tier) => {
    expect(validateButton({ text: 'Go', type: 'Popup', value: 'a'.repeat(200) }, tier)).toBeNull();
  });

  it.each(['standard', 'pro', 'proPlus'] as const)('rejects 201 characters on %s', (tier) => {
    expect(validateButton({ text: 'Go', type: 'Alert', value: 'a'.repeat(201) }, tier)).toEqual({
      field: 'value',
      key: 'validation.button.popupTooLong',
      values: { max: 200 },
    });
  });

  it('does not limit a Menu value by the popup length', () => {
    expect(validateButton({ text: 'Go', type: 'Menu', value: 'a'.repeat(64) }, 'free')).toBeNull();
  });
});

describe('canAddToRow', () => {
  const row = (size: number) => Array.from({ length: size }, (_, i) => i);

  it('allows a button into a row that has 6', () => {
    expect(canAddToRow([row(6)], 0)).toBe(true);
  });

  it('blocks a button into a row that has 7', () => {
    expect(canAddToRow([row(7)], 0)).toBe(false);
  });

  it('allows a button into a row that does not exist yet', () => {
    expect(canAddToRow([row(7)], 1)).toBe(true);
  });
});

describe('canAddRow', () => {
  const rows = (count: number) => Array.from({ length: count }, () => [1]);

  it('offers a new row when 9 exist', () => {
    expect(canAddRow(rows(9))).toBe(true);
  });

  it('hides the new row when 10 exist', () => {
    expect(canAddRow(rows(10))).toBe(false);
  });
});
