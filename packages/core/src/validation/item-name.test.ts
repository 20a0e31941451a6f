import { describe, expect, it } from 'vitest';
import { validateItemName } from './item-name';

describe('validateItemName', () => {
  it('requires a name', () => {
    expect(validateItemName('menu', '')).toEqual({ key: 'validation.itemName.required' });
  });

  it.each(['bad name!', 'with-dash', 'dot.ted', 'émoji', '   '])('rejects %j', (name) => {
    expect(validateItemName('menu', name)).toEqual({ key: 'validation.itemName.pattern' });
  });

  it('accepts letters, digits and underscore', () => {
    expect(validateItemName('menu', 'Main_menu_2')).toBeNull();
  });

  it.each([
    ['menu', 15],
    ['question', 15],
    ['command', 30],
    ['startPayload', 20],
  ] as const)('accepts a %s name of %i characters', (kind, max) => {
    expect(validateItemName(kind, 'a'.repeat(max))).toBeNull();
  });

  it.each([
    ['menu', 15],
    ['question', 15],
    ['command', 30],
    ['startPayload', 20],
  ] as const)('rejects a %s name longer than %i characters', (kind, max) => {
    expect(validateItemName(kind, 'a'.repeat(max + 1))).toEqual({
      key: 'validation.itemName.tooLong',
      values: { max },
    });
  });
});
