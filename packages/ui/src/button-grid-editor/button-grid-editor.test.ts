import { describe, expect, it } from 'vitest';
import {
  deleteButton,
  type EditorButton,
  fromWireButtons,
  moveButton,
  placeButton,
  toWireButtons,
  type WireButton,
} from './grid';

const url = (text: string): EditorButton => ({
  text,
  type: 'Url',
  value: `https://${text}.example.com`,
});
const full = (count: number, prefix: string): EditorButton[] =>
  Array.from({ length: count }, (_, index) => url(`${prefix}${index + 1}`));

describe('toWireButtons', () => {
  it('flattens rows with zero-based row numbers', () => {
    const rows = [[url('a'), url('b')], [url('c')]];
    expect(toWireButtons(rows, 'shop_bot')).toEqual([
      { text: 'a', value: 'https://a.example.com', type: 'Url', row: 0 },
      { text: 'b', value: 'https://b.example.com', type: 'Url', row: 0 },
      { text: 'c', value: 'https://c.example.com', type: 'Url', row: 1 },
    ]);
  });

  it('sends a Start Payload button as a Url start link of the bot', () => {
    const rows: EditorButton[][] = [[{ text: 'Promo', type: 'Start Payload', value: 'promo' }]];
    expect(toWireButtons(rows, 'shop_bot')).toEqual([
      { text: 'Promo', value: 'https://t.me/shop_bot?start=sp-promo', type: 'Url', row: 0 },
    ]);
  });

  it('skips empty rows so row numbers have no gaps', () => {
    expect(toWireButtons([[], [url('a')], [], [url('b')]], 'bot').map((b) => b.row)).toEqual([
      0, 1,
    ]);
  });

  it('keeps a Shop button with an empty value', () => {
    expect(toWireButtons([[{ text: 'Shop', type: 'Shop', value: '' }]], 'bot')).toEqual([
      { text: 'Shop', value: '', type: 'Shop', row: 0 },
    ]);
  });
});

describe('fromWireButtons', () => {
  it('groups by row in ascending order and keeps the order within a row', () => {
    const wire: WireButton[] = [
      { text: 'c', value: 'x', type: 'Share', row: 3 },
      { text: 'a', value: 'm', type: 'Menu', row: 0 },
      { text: 'b', value: 'n', type: 'Menu', row: 0 },
    ];
    expect(fromWireButtons(wire, 'bot')).toEqual([
      [
        { text: 'a', type: 'Menu', value: 'm' },
        { text: 'b', type: 'Menu', value: 'n' },
      ],
      [{ text: 'c', type: 'Share', value: 'x' }],
    ]);
  });

  it("shows a Url to this bot's sp- start link as a Start Payload, whatever the case", () => {
    const wire: WireButton[] = [
      { text: 'Promo', value: 'https://t.me/Shop_Bot?start=sp-promo', type: 'Url', row: 0 },
    ];
    expect(fromWireButtons(wire, 'shop_bot')).toEqual([
      [{ text: 'Promo', type: 'Start Payload', value: 'promo' }],
    ]);
  });

  it("keeps a link to another bot's payload a Url", () => {
    const wire: WireButton[] = [
      { text: 'Other', value: 'https://t.me/other_bot?start=sp-promo', type: 'Url', row: 0 },
    ];
    expect(fromWireButtons(wire, 'shop_bot')[0]?.[0]?.type).toBe('Url');
  });

  it('round-trips every type', () => {
    const rows: EditorButton[][] = [
      [url('a'), { text: 'P', type: 'Popup', value: 'Hello' }],
      [
        { text: 'Al', type: 'Alert', value: 'Careful' },
        { text: 'M', type: 'Menu', value: 'main' },
        { text: 'Q', type: 'Question', value: 'faq' },
      ],
      [
        { text: 'S', type: 'Share', value: 'Try this bot' },
        { text: 'Shop', type: 'Shop', value: '' },
        { text: 'SP', type: 'Start Payload', value: 'promo' },
      ],
    ];
    expect(fromWireButtons(toWireButtons(rows, 'shop_bot'), 'shop_bot')).toEqual(rows);
  });
});

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
