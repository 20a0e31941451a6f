import { describe, expect, it } from 'vitest';
import { validateCategoryName } from './category';

describe('validateCategoryName', () => {
  it.each(['', '   '])('requires a name, rejecting %j', (name) => {
    expect(validateCategoryName(name, [])).toEqual({ key: 'validation.category.required' });
  });

  it.each(['ab', '  ab  '])('rejects %j as shorter than 3 characters', (name) => {
    expect(validateCategoryName(name, [])).toEqual({ key: 'validation.category.tooShort' });
  });

  it('accepts abc', () => {
    expect(validateCategoryName('abc', [])).toBeNull();
  });

  it.each(['Games', 'games', '  GAMES ', 'games'])('rejects %j when Games exists', (name) => {
    expect(validateCategoryName(name, ['Games'])).toEqual({ key: 'validation.category.duplicate' });
  });

  it('matches an existing name that has stray spaces', () => {
    expect(validateCategoryName('games', [' Games '])).toEqual({
      key: 'validation.category.duplicate',
    });
  });

  it('accepts a name that only starts like an existing one', () => {
    expect(validateCategoryName('Games 2', ['Games'])).toBeNull();
  });
});
