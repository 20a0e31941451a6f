import type { KeyboardButton, KeyboardRows } from '@botdeck/core';
import { type KeyboardEvent, useId, useRef } from 'react';
import styles from './button-grid-editor.module.css';
import type { ButtonGridEditorLabels } from './button-grid-editor-labels';
import { ButtonTypeIcon } from './button-type-icon';
import type { GridPosition } from './grid';

export interface ButtonChipGridProps {
  /** The rows of buttons to show; at least one. */
  rows: KeyboardRows;
  /** The chip that holds the grid's one tab stop, or null when there is none. */
  active: GridPosition | null;
  /** The texts: the grid's and rows' names and the type names read out on the chips. */
  labels: ButtonGridEditorLabels;
  /** Told when a chip takes the focus, by Tab, a click or the arrow keys. */
  onActiveChange: (position: GridPosition) => void;
  /** Opens the form of the chip that was pressed. */
  onOpen: (position: GridPosition) => void;
}

/**
 * The chips of a message's keyboard as one roving-focus grid: Tab enters it at the active chip,
 * the arrow keys move the focus (mirrored in Arabic), Home and End go to a row's ends (with Ctrl,
 * the grid's), and Enter or a click opens the chip's form.
 */
export function ButtonChipGrid({
  rows,
  active,
  labels,
  onActiveChange,
  onOpen,
}: ButtonChipGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const chip = (position: GridPosition) =>
    gridRef.current?.querySelector<HTMLButtonElement>(
      `[data-row="${position.row}"][data-col="${position.col}"]`,
    );

  const focusChip = (position: GridPosition) => {
    onActiveChange(position);
    chip(position)?.focus();
  };

  const onChipKeyDown = (event: KeyboardEvent<HTMLButtonElement>, position: GridPosition) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const lastRow = rows.length - 1;
    const rowEnd = (row: number) => (rows[row]?.length ?? 1) - 1;
    let target: GridPosition | null = null;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowLeft': {
        const forward = (event.key === 'ArrowRight') !== rtl;
        const col = position.col + (forward ? 1 : -1);
        if (col >= 0 && col <= rowEnd(position.row)) target = { row: position.row, col };
        break;
      }
      case 'ArrowUp':
      case 'ArrowDown': {
        const row = position.row + (event.key === 'ArrowUp' ? -1 : 1);
        if (row >= 0 && row <= lastRow) target = { row, col: Math.min(position.col, rowEnd(row)) };
        break;
      }
      case 'Home':
        target = event.ctrlKey ? { row: 0, col: 0 } : { row: position.row, col: 0 };
        break;
      case 'End':
        target = event.ctrlKey
          ? { row: lastRow, col: rowEnd(lastRow) }
          : { row: position.row, col: rowEnd(position.row) };
        break;
      default:
        return;
    }
    event.preventDefault();
    if (target) focusChip(target);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: rows of unequal length laid out by flex; a table's layout would fight it.
    <div
      ref={gridRef}
      role="grid"
      aria-label={labels.grid}
      data-slot="button-grid-editor-grid"
      className={styles.grid}
    >
      {rows.map((row, r) => (
        <ButtonChipRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity; their place is what is edited.
          key={r}
          buttons={row}
          row={r}
          activeCol={active?.row === r ? active.col : null}
          idPrefix={id}
          labels={labels}
          onChipFocus={onActiveChange}
          onChipKeyDown={onChipKeyDown}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
}

/** What the grid hands each of its rows. */
interface ButtonChipRowProps {
  /** The row's buttons, start to end. */
  buttons: readonly KeyboardButton[];
  /** The row's index in the grid. */
  row: number;
  /** The column of the grid's active chip when it is in this row, else null. */
  activeCol: number | null;
  /** Makes the ids of the chips' type descriptions unique on the page. */
  idPrefix: string;
  /** The texts: the row's name and the type names. */
  labels: ButtonGridEditorLabels;
  /** Told when a chip of the row takes the focus. */
  onChipFocus: (position: GridPosition) => void;
  /** The grid's arrow-key handling. */
  onChipKeyDown: (event: KeyboardEvent<HTMLButtonElement>, position: GridPosition) => void;
  /** Opens a chip's form. */
  onOpen: (position: GridPosition) => void;
}

/** One row of the grid: its chips, each naming the button and telling its type. */
function ButtonChipRow({
  buttons,
  row,
  activeCol,
  idPrefix,
  labels,
  onChipFocus,
  onChipKeyDown,
  onOpen,
}: ButtonChipRowProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: see the grid.
    // biome-ignore lint/a11y/useFocusableInteractive: the chips inside take the focus.
    <div
      role="row"
      aria-label={labels.rowNumber(row + 1)}
      data-slot="button-grid-editor-row"
      // Five or more share a phone's width: the names need the icons' room.
      data-crowded={buttons.length >= 5 ? '' : undefined}
      className={styles.row}
    >
      {buttons.map((button, c) => {
        const isActive = activeCol === c;
        const typeId = `${idPrefix}-${row}-${c}-type`;
        const position = { row, col: c };
        return (
          // biome-ignore lint/a11y/useSemanticElements: see the grid.
          // biome-ignore lint/a11y/useFocusableInteractive: the chip inside takes the focus.
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: buttons are known by place.
            key={c}
            role="gridcell"
            className={styles.cell}
          >
            <button
              type="button"
              data-slot="button-grid-editor-chip"
              data-state={isActive ? 'active' : 'inactive'}
              data-type={button.type}
              data-row={row}
              data-col={c}
              tabIndex={isActive ? 0 : -1}
              aria-describedby={typeId}
              className={styles.chip}
              onFocus={() => onChipFocus(position)}
              onKeyDown={(event) => onChipKeyDown(event, position)}
              onClick={() => onOpen(position)}
            >
              <ButtonTypeIcon type={button.type} />
              <span dir="auto" className={styles.chipText} data-truncates="">
                {button.text}
              </span>
            </button>
            {/* The type is told, not shown as text: the chip's name stays its visible text. */}
            <span id={typeId} className={styles.visuallyHidden}>
              {labels.types[button.type]}
            </span>
          </div>
        );
      })}
    </div>
  );
}
