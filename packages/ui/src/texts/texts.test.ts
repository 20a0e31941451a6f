import { ADMIN_PERMISSIONS, VALIDATION_KEYS } from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSION_LABELS,
  ENGLISH_VALIDATION_TEXTS,
  formatValidationIssueInEnglish,
  MESSAGE_EDITOR_VALIDATION_KEYS,
  UI_VALIDATION_GROUPS,
} from './texts';

const groups: readonly string[] = UI_VALIDATION_GROUPS;
const groupOf = (key: string) => key.split('.')[1] ?? '';

/** Every key of core's list that a component can raise: its groups' keys and the editor's. */
const raised: readonly string[] = [
  ...VALIDATION_KEYS.filter((key) => groups.includes(groupOf(key))),
  ...MESSAGE_EDITOR_VALIDATION_KEYS,
];

describe('the design system English texts', () => {
  it('names only groups that exist in @botdeck/core', () => {
    const coreGroups = new Set(VALIDATION_KEYS.map(groupOf));
    expect(groups.filter((group) => !coreGroups.has(group))).toEqual([]);
  });

  it('has a text for every validation key a component can raise', () => {
    const texts: Readonly<Record<string, string>> = ENGLISH_VALIDATION_TEXTS;
    expect(raised.filter((key) => !texts[key]?.trim())).toEqual([]);
  });

  it('has no text for a key no component raises', () => {
    expect(Object.keys(ENGLISH_VALIDATION_TEXTS).filter((key) => !raised.includes(key))).toEqual(
      [],
    );
  });

  it('has a label for every admin permission', () => {
    const labels: Readonly<Record<string, string>> = ADMIN_PERMISSION_LABELS;
    expect(ADMIN_PERMISSIONS.filter((permission) => !labels[permission]?.trim())).toEqual([]);
    expect(Object.keys(ADMIN_PERMISSION_LABELS).sort()).toEqual([...ADMIN_PERMISSIONS].sort());
  });
});

describe('formatValidationIssueInEnglish', () => {
  it('fills the placeholders from the issue', () => {
    expect(
      formatValidationIssueInEnglish({ key: 'validation.message.tooLong', values: { max: 4096 } }),
    ).toBe("The message can't be longer than 4096 characters on your plan.");
  });

  it('leaves a placeholder the issue has no value for', () => {
    expect(formatValidationIssueInEnglish({ key: 'validation.input.mustStart' })).toBe(
      'It must start with {{value}}.',
    );
  });

  it('shows a key without an English text as the key', () => {
    expect(formatValidationIssueInEnglish({ key: 'validation.token.required' })).toBe(
      'validation.token.required',
    );
  });
});
