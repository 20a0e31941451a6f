import type { KeyboardButton, KeyboardRows, PlanTier, ValidationIssue } from '@botdeck/core';
import { cva } from 'class-variance-authority';
import { Direction } from 'radix-ui';
import { type ComponentProps, useCallback, useState } from 'react';
import { Button } from '../button';
import { PlusIcon } from '../icons';
import { formatValidationIssueInEnglish } from '../texts';
import { cn } from '../utils/cn';
import { partOnFirstUse, usePartOnFirstUse } from '../utils/first-use';
import { ButtonChipGrid } from './button-chip-grid';
import type { ButtonFormState } from './button-form-dialog';
import styles from './button-grid-editor.module.css';
import {
  type ButtonGridEditorLabels,
  type ButtonGridEditorOptions,
  DEFAULT_BUTTON_GRID_EDITOR_LABELS,
} from './button-grid-editor-labels';
import {
  deleteButton,
  type GridPosition,
  type MoveDirection,
  moveButton,
  placeButton,
} from './grid';
import { SelectedButtonControls } from './selected-button-controls';

/**
 * The add/edit form loads on first use: it holds Radix's Select and floating-ui, which the
 * message editor's first load need not carry.
 */
const buttonFormDialog = partOnFirstUse(() =>
  import('./button-form-dialog').then((module) => module.ButtonFormDialog),
);

export const buttonGridEditorVariants = cva(styles.root, {
  variants: { state: { empty: styles.empty, filled: null } },
  defaultVariants: { state: 'filled' },
});

export interface ButtonGridEditorProps
  extends Omit<ComponentProps<'div'>, 'children' | 'defaultValue' | 'dir' | 'onChange'> {
  /** The rows of buttons (controlled); pair it with `onValueChange`. */
  value?: KeyboardRows;
  /** The first rows when `value` is not given (uncontrolled). */
  defaultValue?: KeyboardRows;
  /** Called with the new rows after every add, edit, move and delete. Empty rows never stay. */
  onValueChange?: (rows: KeyboardButton[][]) => void;
  /** The bot's plan: popup and alert texts may have 63 characters on Free, 200 on paid plans. */
  tier?: PlanTier;
  /** The bot's menus, questions and start payloads, offered as values of those types. */
  options?: Partial<ButtonGridEditorOptions>;
  /** Texts to replace the English defaults, key by key. */
  labels?: Partial<ButtonGridEditorLabels>;
  /** Turns an issue into text. Defaults to English; the app passes its translator. */
  formatError?: (issue: ValidationIssue) => string;
  /** The reading direction; "rtl" mirrors the rows, the arrow keys and the form. */
  dir?: 'ltr' | 'rtl';
}

/**
 * The editor of a message's inline keyboard: up to 10 rows of up to 7 buttons. Each chip opens
 * the button form; the chips form one roving-focus grid (Tab enters it, the arrow keys move the
 * focus) and labelled Move and Delete buttons act on the focused chip, so the keyboard alone
 * can build and reorder the keyboard.
 *
 * Its parts: the chip grid (button-chip-grid.tsx), the Move and Delete controls
 * (selected-button-controls.tsx) and the add/edit form in its dialog (button-form-dialog.tsx,
 * button-form.tsx, button-value-field.tsx); the grid arithmetic is grid.ts.
 */
export function ButtonGridEditor({
  value: valueProp,
  defaultValue = [],
  onValueChange,
  tier = 'free',
  options,
  labels: labelsProp,
  formatError = formatValidationIssueInEnglish,
  dir,
  className,
  ...props
}: ButtonGridEditorProps) {
  const labels = { ...DEFAULT_BUTTON_GRID_EDITOR_LABELS, ...labelsProp };
  const [own, setOwn] = useState<KeyboardRows>(defaultValue);
  const rows = valueProp ?? own;
  const commit = useCallback(
    (next: KeyboardButton[][]) => {
      if (valueProp === undefined) setOwn(next);
      onValueChange?.(next);
    },
    [valueProp, onValueChange],
  );

  const [focus, setFocus] = useState<GridPosition>({ row: 0, col: 0 });
  const [form, setForm] = useState<ButtonFormState>(null);
  const [formLoadFailed, setFormLoadFailed] = useState(false);
  const openForm = (next: ButtonFormState) => {
    setFormLoadFailed(false);
    setForm(next);
  };
  const ButtonFormDialog = usePartOnFirstUse(buttonFormDialog, form !== null, () => {
    setForm(null);
    setFormLoadFailed(true);
  });

  // The remembered chip may have gone (deleted, or the value replaced): the nearest one stands in.
  const activeRow = Math.min(focus.row, rows.length - 1);
  const active: GridPosition | null =
    activeRow >= 0
      ? {
          row: activeRow,
          col: Math.min(focus.col, (rows[activeRow]?.length ?? 1) - 1),
        }
      : null;

  const move = (direction: MoveDirection) => {
    if (!active) return;
    const result = moveButton(rows, active, direction);
    if (!result) return;
    commit(result.rows);
    setFocus(result.position);
  };

  const deleteActive = (position: GridPosition) => {
    const next = deleteButton(rows, position);
    commit(next);
    // The next chip takes the focus, so the keyboard user stays in the editor.
    if (next.length === 0) return;
    const row = Math.min(position.row, next.length - 1);
    const col = Math.min(position.col, (next[row]?.length ?? 1) - 1);
    setFocus({ row, col });
  };

  const content = (
    <div
      data-slot="button-grid-editor"
      data-state={rows.length === 0 ? 'empty' : 'filled'}
      dir={dir}
      className={cn(
        buttonGridEditorVariants({ state: rows.length === 0 ? 'empty' : 'filled' }),
        className,
      )}
      {...props}
    >
      {rows.length === 0 ? (
        <p data-slot="button-grid-editor-empty" className={styles.emptyText}>
          {labels.empty}
        </p>
      ) : (
        <ButtonChipGrid
          rows={rows}
          active={active}
          labels={labels}
          onActiveChange={setFocus}
          onOpen={(position) => openForm({ mode: 'edit', position })}
        />
      )}
      {active ? (
        <SelectedButtonControls
          rows={rows}
          position={active}
          labels={labels}
          onMove={move}
          onDelete={() => deleteActive(active)}
        />
      ) : null}
      <Button
        variant="secondary"
        fullWidth
        data-slot="button-grid-editor-add"
        onClick={() => openForm({ mode: 'add' })}
      >
        <PlusIcon size={18} className={styles.addIcon} />
        {labels.addButton}
      </Button>
      {formLoadFailed ? (
        <p role="alert" data-slot="button-grid-editor-error" className={styles.error}>
          {labels.loadFailed}
        </p>
      ) : null}
      {ButtonFormDialog ? (
        <ButtonFormDialog
          state={form}
          rows={rows}
          tier={tier}
          options={options}
          labels={labels}
          formatError={formatError}
          dir={dir}
          onClose={() => setForm(null)}
          onSave={(button, target) => {
            const result = placeButton(
              rows,
              form?.mode === 'edit' ? form.position : null,
              button,
              target,
            );
            commit(result.rows);
            setFocus(result.position);
            setForm(null);
          }}
          onDelete={(position) => {
            commit(deleteButton(rows, position));
            setForm(null);
          }}
        />
      ) : null}
    </div>
  );

  return dir ? <Direction.Provider dir={dir}>{content}</Direction.Provider> : content;
}
