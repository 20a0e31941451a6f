import { canAddRow, canAddToRow, type KeyboardButton, type KeyboardRows } from '@botdeck/core';

/** Where a button sits in the grid. */
export interface GridPosition {
  row: number;
  col: number;
}

/** The four ways the Move buttons push a button. */
export type MoveDirection = 'start' | 'end' | 'up' | 'down';

/** Drops empty rows and says where `position` ended up. */
function compact(
  rows: KeyboardButton[][],
  position: GridPosition,
): { rows: KeyboardButton[][]; position: GridPosition } {
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
  rows: KeyboardRows,
  from: GridPosition,
  direction: MoveDirection,
): { rows: KeyboardButton[][]; position: GridPosition } | null {
  const source = rows[from.row];
  const button = source?.[from.col];
  if (!source || !button) return null;
  const next = rows.map((row) => [...row]);
  const sourceRow = next[from.row] as KeyboardButton[];
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
      const targetRow = next[target] as KeyboardButton[];
      const col = Math.min(from.col, targetRow.length);
      targetRow.splice(col, 0, button);
      return compact(next, { row: target, col });
    }
    default:
      return direction satisfies never;
  }
}

/** Removes the button at `position`, and its row when it was the last one there. */
export function deleteButton(rows: KeyboardRows, position: GridPosition): KeyboardButton[][] {
  return rows
    .map((row, r) => (r === position.row ? row.filter((_, c) => c !== position.col) : [...row]))
    .filter((row) => row.length > 0);
}

/** The rows as they are without the button being edited, its row kept even if emptied. */
export function withoutButton(
  rows: KeyboardRows,
  editing: GridPosition | null,
): KeyboardButton[][] {
  return rows.map((row, r) =>
    editing && r === editing.row ? row.filter((_, c) => c !== editing.col) : [...row],
  );
}

/**
 * Puts a new or edited button in `target` (a row index or 'new' for a row at the end). An
 * edited button kept in its row keeps its place; one moved to another row goes to its end.
 */
export function placeButton(
  rows: KeyboardRows,
  editing: GridPosition | null,
  button: KeyboardButton,
  target: number | 'new',
): { rows: KeyboardButton[][]; position: GridPosition } {
  if (editing && target === editing.row) {
    const next = rows.map((row) => [...row]);
    (next[editing.row] as KeyboardButton[])[editing.col] = button;
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
