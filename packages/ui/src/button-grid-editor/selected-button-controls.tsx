import type { KeyboardRows } from '@botdeck/core';
import { IconButton } from '../icon-button';
import { ChevronDownIcon, ChevronForwardIcon, TrashIcon } from '../icons';
import { cn } from '../utils/cn';
import styles from './button-grid-editor.module.css';
import type { ButtonGridEditorLabels } from './button-grid-editor-labels';
import { type GridPosition, type MoveDirection, moveButton } from './grid';

const MOVES: readonly MoveDirection[] = ['start', 'end', 'up', 'down'];

/** The arrow of each move; start and up turn the forward and down chevrons round. */
function MoveIcon({ direction }: { direction: MoveDirection }) {
  switch (direction) {
    case 'start':
      return (
        <span className={styles.turn}>
          <ChevronForwardIcon />
        </span>
      );
    case 'end':
      return <ChevronForwardIcon />;
    case 'up':
      return (
        <span className={styles.turn}>
          <ChevronDownIcon />
        </span>
      );
    case 'down':
      return <ChevronDownIcon />;
    default:
      return direction satisfies never;
  }
}

export interface SelectedButtonControlsProps {
  /** All rows, the selected button included. */
  rows: KeyboardRows;
  /** Where the selected button sits. */
  position: GridPosition;
  /** The texts: the group's name and the four moves' and Delete's labels. */
  labels: ButtonGridEditorLabels;
  /** Moves the selected button one step. */
  onMove: (direction: MoveDirection) => void;
  /** Deletes the selected button. */
  onDelete: () => void;
}

/**
 * The labelled Move and Delete buttons acting on the grid's selected chip, so the keyboard
 * alone can reorder and trim the keyboard. A move that cannot happen is marked, not disabled.
 */
export function SelectedButtonControls({
  rows,
  position,
  labels,
  onMove,
  onDelete,
}: SelectedButtonControlsProps) {
  const button = rows[position.row]?.[position.col];
  if (!button) return null;
  const moveLabel = (direction: MoveDirection) =>
    ({
      start: labels.moveStart,
      end: labels.moveEnd,
      up: labels.moveUp,
      down: labels.moveDown,
    })[direction];

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; these are actions.
    <div
      role="group"
      aria-label={labels.selected(button.text)}
      data-slot="button-grid-editor-controls"
      className={styles.controls}
    >
      {MOVES.map((direction) => {
        const possible = moveButton(rows, position, direction) !== null;
        return (
          <IconButton
            key={direction}
            label={moveLabel(direction)}
            variant="secondary"
            size="sm"
            // Not `disabled`: the focus must not fall off a button that just became useless.
            aria-disabled={possible ? undefined : true}
            data-slot="button-grid-editor-move"
            data-direction={direction}
            className={styles.control}
            onClick={() => onMove(direction)}
          >
            <MoveIcon direction={direction} />
          </IconButton>
        );
      })}
      <IconButton
        label={labels.delete}
        variant="secondary"
        size="sm"
        data-slot="button-grid-editor-delete"
        className={cn(styles.control, styles.deleteControl)}
        onClick={onDelete}
      >
        <TrashIcon />
      </IconButton>
    </div>
  );
}
