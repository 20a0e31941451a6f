import { describe, expect, it } from 'vitest';
import { validateDialogCheckbox, validateDialogInput } from './dialog-input';

describe('validateDialogInput', () => {
  it.each(['', '  '])('requires a value when required, rejecting %j', (value) => {
    expect(validateDialogInput(value, { required: true })).toEqual({
      key: 'validation.input.required',
    });
  });

  it('lets an optional empty value pass every other rule', () => {
    expect(validateDialogInput('', { mustStart: '@', mustInclude: 'x' })).toBeNull();
  });

  it('rejects a value that does not start as required', () => {
    expect(validateDialogInput('name', { mustStart: '@' })).toEqual({
      key: 'validation.input.mustStart',
      values: { value: '@' },
    });
  });

  it('accepts a value that starts as required', () => {
    expect(validateDialogInput('@name', { mustStart: '@' })).toBeNull();
  });

  it('rejects a value that does not end as required', () => {
    expect(validateDialogInput('name', { mustEnd: '_bot' })).toEqual({
      key: 'validation.input.mustEnd',
      values: { value: '_bot' },
    });
  });

  it('accepts a value that ends as required', () => {
    expect(validateDialogInput('name_bot', { mustEnd: '_bot' })).toBeNull();
  });

  it('rejects a value that lacks the required part', () => {
    expect(validateDialogInput('name', { mustInclude: '.' })).toEqual({
      key: 'validation.input.mustInclude',
      values: { value: '.' },
    });
  });

  it('accepts a value that includes the required part', () => {
    expect(validateDialogInput('na.me', { mustInclude: '.' })).toBeNull();
  });

  it('rejects blocked characters and names the ones found', () => {
    expect(validateDialogInput('a&b:c', { blockedCharacters: ['&', ':', '-'] })).toEqual({
      key: 'validation.input.blockedCharacters',
      values: { value: '& :' },
    });
  });

  it('accepts a value without blocked characters', () => {
    expect(validateDialogInput('abc', { blockedCharacters: ['&', ':', '-'] })).toBeNull();
  });

  it('returns the custom validator issue', () => {
    const validate = (value: string) =>
      value === 'taken' ? { key: 'validation.category.duplicate' as const } : null;
    expect(validateDialogInput('taken', { validate })).toEqual({
      key: 'validation.category.duplicate',
    });
  });

  it('passes when the custom validator passes', () => {
    expect(validateDialogInput('free', { validate: () => null })).toBeNull();
  });

  it('reports the first broken rule: must-start before must-end', () => {
    expect(validateDialogInput('name', { mustStart: '@', mustEnd: '!' })?.key).toBe(
      'validation.input.mustStart',
    );
  });

  it('runs the custom validator only after the built-in rules pass', () => {
    const validate = () => ({ key: 'validation.category.duplicate' as const });
    expect(validateDialogInput('a-b', { blockedCharacters: ['-'], validate })?.key).toBe(
      'validation.input.blockedCharacters',
    );
  });
});

describe('validateDialogCheckbox', () => {
  it('requires a required box to be ticked', () => {
    expect(validateDialogCheckbox(false, true)).toEqual({
      key: 'validation.input.checkboxRequired',
    });
  });

  it('accepts a ticked required box', () => {
    expect(validateDialogCheckbox(true, true)).toBeNull();
  });

  it('accepts an unticked optional box', () => {
    expect(validateDialogCheckbox(false, false)).toBeNull();
  });
});
