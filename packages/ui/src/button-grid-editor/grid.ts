import {
  type ButtonType,
  canAddRow,
  canAddToRow,
  decodeButton,
  encodeButton,
  type WireButtonType,
} from '@botdeck/core';

/** A button as the editor holds it: Start Payload is a type of its own here. */
export interface EditorButton {
  /** The button's name, shown on it in the chat. */
  text: string;
  /** What pressing it does. */
  type: ButtonType;
  /** The URL, popup text, menu name… of the type; empty for Shop. */
  value: string;
}

/** The rows of a message's inline keyboard, top to bottom, each start to end. */
export type ButtonRows = readonly (readonly EditorButton[])[];

/** A button as the API sends and takes it: one flat list, each with its zero-based row. */
export interface WireButton {
  text: string;
  value: string;
  type: WireButtonType;
  row: number;
}

/** Where a button sits in the grid. */
export interface GridPosition {
  row: number;
  col: number;
}

/** The four ways the Move buttons push a button. */
export type MoveDirection = 'start' | 'end' | 'up' | 'down';

/**
 * Editor rows to the API's flat list. Start Payload buttons become Url start links of the bot
 * (core's encodeButton); empty rows are skipped, so row numbers have no gaps.
 */
export function toWireButtons(rows: ButtonRows, botUsername: string): WireButton[] {
  const result: WireButton[] = [];
  let row = 0;
  for (const buttons of rows) {
    if (buttons.length === 0) continue;
    for (const button of buttons) {
      const { text, type, value } = encodeButton(button, botUsername);
      result.push({ text, value, type, row });
    }
    row += 1;
  }
  return result;
}

/**
 * The API's flat list to editor rows: grouped by `row` in ascending order (gaps closed), list
 * order kept within a row, and links to this bot's `sp-` start payloads shown as Start Payload.
 */
export function fromWireButtons(
  buttons: readonly WireButton[],
  botUsername: string,
): EditorButton[][] {
  const byRow = new Map<number, EditorButton[]>();
  for (const button of buttons) {
    const { text, type, value } = decodeButton(button, botUsername);
    const row = byRow.get(button.row);
    if (row) row.push({ text, type, value });
    else byRow.set(button.row, [{ text, type, value }]);
  }
  return [...byRow.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

/** Drops empty rows and says where `position` ended up. */
function compact(
  rows: EditorButton[][],
  position: GridPosition,
): { rows: EditorButton[][]; position: GridPosition } {
  const emptyBefore = rows.slice(0, position.row).filter((row) => row.length === 0).length;
  return {
    rows: rows.filter((row) => row.length > 0),
    position: { row: position.row - emptyBefore, col: position.col },
  };
}

/**
 * Moves the button at `from` one step, or returns null when it cannot go that way: past a
 * row's end, into a full row (7), or out of its own row into a new one once 10 rows exist. Up
 * from the first row or down from the last opens a new row there, unless the button is alone.
 */
export function moveButton(
  rows: ButtonRows,
  from: GridPosition,
  direction: MoveDirection,
): { rows: EditorButton[][]; position: GridPosition } | null {
  const source = rows[from.row];
  const button = source?.[from.col];
  if (!source || !button) return null;
  const next = rows.map((row) => [...row]);
  const sourceRow = next[from.row] as EditorButton[];
  switch (direction) {
    case 'start':
    case 'end': {
      const to = from.col + (direction === 'start' ? -1 : 1);
      if (to < 0 || to >= sourceRow.length) return null;
      sourceRow.splice(from.col, 1);
      sourceRow.splice(to, 0, button);
      return { rows: next, position: { row: from.row, col: to } };
    }
    case 'up':
    case 'down': {
      const target = from.row + (direction === 'up' ? -1 : 1);
      sourceRow.splice(from.col, 1);
      if (target < 0 || target >= rows.length) {
        if (source.length === 1 || !canAddRow(rows)) return null;
        const at = target < 0 ? 0 : next.length;
        next.splice(at, 0, [button]);
        return compact(next, { row: at, col: 0 });
      }
      if (!canAddToRow(rows, target)) return null;
      const targetRow = next[target] as EditorButton[];
      const col = Math.min(from.col, targetRow.length);
      targetRow.splice(col, 0, button);
      return compact(next, { row: target, col });
    }
    default:
      return direction satisfies never;
  }
}

/** Removes the button at `position`, and its row when it was the last one there. */
export function deleteButton(rows: ButtonRows, position: GridPosition): EditorButton[][] {
  return rows
    .map((row, r) => (r === position.row ? row.filter((_, c) => c !== position.col) : [...row]))
    .filter((row) => row.length > 0);
}

/** The rows as they are without the button being edited, its row kept even if emptied. */
export function withoutButton(rows: ButtonRows, editing: GridPosition | null): EditorButton[][] {
  return rows.map((row, r) =>
    editing && r === editing.row ? row.filter((_, c) => c !== editing.col) : [...row],
  );
}

/**
 * Puts a new or edited button in `target` (a row index or 'new' for a row at the end). An
 * edited button kept in its row keeps its place; one moved to another row goes to its end.
 */
export function placeButton(
  rows: ButtonRows,
  editing: GridPosition | null,
  button: EditorButton,
  target: number | 'new',
): { rows: EditorButton[][]; position: GridPosition } {
  if (editing && target === editing.row) {
    const next = rows.map((row) => [...row]);
    (next[editing.row] as EditorButton[])[editing.col] = button;
    return { rows: next, position: editing };
  }
  const next = withoutButton(rows, editing);
  let position: GridPosition;
  if (target === 'new') {
    next.push([button]);
    position = { row: next.length - 1, col: 0 };
  } else {
    const row = next[target] ?? [];
    row.push(button);
    next[target] = row;
    position = { row: target, col: row.length - 1 };
  }
  return compact(next, position);
}
