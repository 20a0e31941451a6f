import type { KeyboardButton } from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import { deleteButton, moveButton, placeButton } from './grid';

const url = (text: string): KeyboardButton => ({
  text,
  type: 'Url',
  value: `https://${text}.example.com`,
});
const full = (count: number, prefix: string): KeyboardButton[] =>
  Array.from({ length: count }, (_, index) => url(`${prefix}${index + 1}`));

describe('moveButton', () => {
  const rows = [[url('a'), url('b'), url('c')], [url('d')]];

  it('moves within a row and refuses to pass its ends', () => {
    expect(moveButton(rows, { row: 0, col: 0 }, 'end')?.rows[0]?.map((b) => b.text)).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(moveButton(rows, { row: 0, col: 0 }, 'start')).toBeNull();
    expect(moveButton(rows, { row: 0, col: 2 }, 'end')).toBeNull();
  });

  it('moves down into the next row at the same place, dropping an emptied row', () => {
    const result = moveButton(rows, { row: 1, col: 0 }, 'up');
    expect(result?.rows.map((row) => row.map((b) => b.text))).toEqual([['d', 'a', 'b', 'c']]);
    expect(result?.position).toEqual({ row: 0, col: 0 });
  });

  it('moves down at the same place (clamped), and opens a new row below the last only if not alone', () => {
    const result = moveButton(rows, { row: 0, col: 1 }, 'down');
    expect(result?.rows.map((row) => row.map((b) => b.text))).toEqual([
      ['a', 'c'],
      ['d', 'b'],
    ]);
    expect(moveButton(rows, { row: 1, col: 0 }, 'down')).toBeNull();
    const opened = moveButton([[url('a'), url('b')]], { row: 0, col: 1 }, 'down');
    expect(opened?.rows.map((row) => row.map((b) => b.text))).toEqual([['a'], ['b']]);
    expect(opened?.position).toEqual({ row: 1, col: 0 });
  });

  it('refuses a full row of 7', () => {
    const grid = [full(7, 'x'), [url('a')]];
    expect(moveButton(grid, { row: 1, col: 0 }, 'up')).toBeNull();
  });

  it('refuses an 11th row', () => {
    const grid = Array.from({ length: 10 }, (_, index) => full(2, `r${index}-`));
    expect(moveButton(grid, { row: 9, col: 0 }, 'down')).toBeNull();
    expect(moveButton(grid, { row: 0, col: 0 }, 'up')).toBeNull();
  });
});

describe('placeButton and deleteButton', () => {
  it('keeps an edited button in place when its row is unchanged', () => {
    const rows = [[url('a'), url('b')]];
    const result = placeButton(rows, { row: 0, col: 0 }, url('z'), 0);
    expect(result.rows[0]?.map((b) => b.text)).toEqual(['z', 'b']);
  });

  it('moves an edited button to the end of another row and drops the emptied row', () => {
    const rows = [[url('a')], [url('b')]];
    const result = placeButton(rows, { row: 0, col: 0 }, url('a'), 1);
    expect(result.rows.map((row) => row.map((b) => b.text))).toEqual([['b', 'a']]);
    expect(result.position).toEqual({ row: 0, col: 1 });
  });

  it('adds to a new row at the end', () => {
    const result = placeButton([[url('a')]], null, url('b'), 'new');
    expect(result.rows.map((row) => row.map((b) => b.text))).toEqual([['a'], ['b']]);
  });

  it('deletes a button and its row when it was alone', () => {
    expect(deleteButton([[url('a')], [url('b'), url('c')]], { row: 0, col: 0 })).toEqual([
      [url('b'), url('c')],
    ]);
  });
});
