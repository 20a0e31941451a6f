import { describe, expect, it } from 'vitest';
import type { WireKeyboardButton } from '../buttons';
import { MAX_BUTTON_ROWS, MAX_BUTTONS_PER_ROW } from '../constants';
import { validateKeyboard } from './keyboard';

function url(row: number): WireKeyboardButton {
  return { text: 'Site', type: 'Url', value: 'https://example.com', row };
}

/** `count` valid buttons in each of the given rows. */
function keyboard(rows: readonly number[], count = 1): WireKeyboardButton[] {
  return rows.flatMap((row) => Array.from({ length: count }, () => url(row)));
}

const tenRows = Array.from({ length: MAX_BUTTON_ROWS }, (_, row) => row);

describe('validateKeyboard rows', () => {
  it('accepts no buttons at all', () => {
    expect(validateKeyboard([], 'free')).toBeNull();
  });

  it('accepts 10 rows', () => {
    expect(validateKeyboard(keyboard(tenRows), 'free')).toBeNull();
  });

  it('refuses an 11th row', () => {
    expect(validateKeyboard(keyboard([...tenRows, MAX_BUTTON_ROWS]), 'free')).toEqual({
      field: 'row',
      key: 'validation.button.tooManyRows',
    });
  });

  it('refuses a row index past the 10th even with the rows before it empty', () => {
    expect(validateKeyboard(keyboard([0, MAX_BUTTON_ROWS]), 'free')).toEqual({
      field: 'row',
      key: 'validation.button.tooManyRows',
    });
  });

  it('accepts the 10th row on its own', () => {
    expect(validateKeyboard(keyboard([MAX_BUTTON_ROWS - 1]), 'free')).toBeNull();
  });
});

describe('validateKeyboard buttons per row', () => {
  it('accepts 7 buttons in a row', () => {
    expect(validateKeyboard(keyboard([0, 1], MAX_BUTTONS_PER_ROW), 'free')).toBeNull();
  });

  it('refuses an 8th button in a row', () => {
    const buttons = [...keyboard([0], MAX_BUTTONS_PER_ROW), ...keyboard([1], 8)];
    expect(validateKeyboard(buttons, 'free')).toEqual({
      field: 'row',
      key: 'validation.button.tooManyInRow',
    });
  });

  it('counts a row by its index, wherever its buttons come in the list', () => {
    const buttons = [...keyboard([2], 4), ...keyboard([0]), ...keyboard([2], 4)];
    expect(validateKeyboard(buttons, 'free')).toEqual({
      field: 'row',
      key: 'validation.button.tooManyInRow',
    });
  });
});

describe('validateKeyboard each button', () => {
  it('answers the first invalid button', () => {
    const buttons = [
      url(0),
      { text: 'Go', type: 'Url' as const, value: 'not a url', row: 0 },
      { text: '', type: 'Menu' as const, value: 'prices', row: 1 },
    ];
    expect(validateKeyboard(buttons, 'free')).toEqual({
      field: 'value',
      key: 'validation.button.invalidUrl',
    });
  });

  it("checks a Popup's text against the plan", () => {
    const popup = (value: string): WireKeyboardButton => ({
      text: 'Info',
      type: 'Popup',
      value,
      row: 0,
    });
    expect(validateKeyboard([popup('a'.repeat(63))], 'free')).toBeNull();
    expect(validateKeyboard([popup('a'.repeat(64))], 'free')).toEqual({
      field: 'value',
      key: 'validation.button.popupTooLong',
      values: { max: 63 },
    });
    expect(validateKeyboard([popup('a'.repeat(64))], 'standard')).toBeNull();
  });

  it('reports too many rows before an invalid button', () => {
    const buttons = [{ text: '', type: 'Url' as const, value: '', row: 0 }, url(MAX_BUTTON_ROWS)];
    expect(validateKeyboard(buttons, 'free')).toMatchObject({
      key: 'validation.button.tooManyRows',
    });
  });

  it('reports a full row before an invalid button', () => {
    const buttons = [{ text: '', type: 'Url' as const, value: '', row: 1 }, ...keyboard([0], 8)];
    expect(validateKeyboard(buttons, 'free')).toMatchObject({
      key: 'validation.button.tooManyInRow',
    });
  });
});
