import {
  BUTTON_TYPES,
  type ButtonType,
  canAddRow,
  canAddToRow,
  type KeyboardButton,
  type KeyboardRows,
  type PlanTier,
  type ValidationIssue,
  validateButton,
} from '@botdeck/core';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../button';
import { DialogClose, DialogFooter } from '../dialog';
import { Select } from '../select';
import { TextField } from '../text-field';
import styles from './button-grid-editor.module.css';
import type { ButtonGridEditorLabels, ButtonGridEditorOptions } from './button-grid-editor-labels';
import { ButtonValueField, isPicked } from './button-value-field';
import { type GridPosition, withoutButton } from './grid';

/** The row choice that opens a new row at the end. */
const NEW_ROW = 'new';

/** What the editor hands its form. */
export interface ButtonFormProps {
  /** All rows, the edited button included. */
  rows: KeyboardRows;
  /** The edited button's place, or null when adding. */
  editing: GridPosition | null;
  /** The plan, for the popup length. */
  tier: PlanTier;
  /** The bot's items for the picked types. */
  options: Partial<ButtonGridEditorOptions> | undefined;
  /** The texts. */
  labels: ButtonGridEditorLabels;
  /** Turns an issue into text. */
  formatError: (issue: ValidationIssue) => string;
  /** The reading direction for the selects. */
  dir: 'ltr' | 'rtl' | undefined;
  /** Called with the valid button and its row when saved. */
  onSave: (button: KeyboardButton, target: number | 'new') => void;
  /** Deletes the edited button; absent when adding. */
  onDelete: (() => void) | undefined;
}

/** The first row a new button goes to: the last row while it has room, else a new row. */
function defaultRow(rows: KeyboardRows): string {
  const last = rows.length - 1;
  if (last >= 0 && canAddToRow(rows, last)) return String(last);
  if (canAddRow(rows)) return NEW_ROW;
  const withRoom = rows.findIndex((_, index) => canAddToRow(rows, index));
  return withRoom >= 0 ? String(withRoom) : '';
}

/**
 * The add/edit form. Radix mounts it on each opening, so every opening starts from the button
 * (or empty), and what was typed stays while errors come and go.
 */
export function ButtonForm({
  rows,
  editing,
  tier,
  options,
  labels,
  formatError,
  dir,
  onSave,
  onDelete,
}: ButtonFormProps) {
  const id = useId();
  const initial = editing ? rows[editing.row]?.[editing.col] : undefined;
  const [text, setText] = useState(initial?.text ?? '');
  const [type, setType] = useState<ButtonType | null>(initial?.type ?? null);
  const [value, setValue] = useState(initial?.value ?? '');
  const [row, setRow] = useState(editing ? String(editing.row) : defaultRow(rows));
  const [issue, setIssue] = useState<ValidationIssue | null>(null);

  // Limits count the other buttons only: an edited button never crowds itself out.
  const others = withoutButton(rows, editing);
  const newRowAllowed = canAddRow(others.filter((buttons) => buttons.length > 0));
  const rowFull = row !== '' && row !== NEW_ROW && !canAddToRow(others, Number(row));
  const rowIssue: ValidationIssue | null = rowFull
    ? { field: 'row', key: 'validation.button.tooManyInRow' }
    : issue?.field === 'row'
      ? issue
      : null;

  const ids = { text: `${id}-text`, type: `${id}-type`, value: `${id}-value`, row: `${id}-row` };
  const errorOf = (field: keyof typeof ids) => {
    const found = field === 'row' ? rowIssue : issue?.field === field ? issue : null;
    return found ? formatError(found) : undefined;
  };
  const clear = (field: string) =>
    setIssue((previous) => (previous?.field === field ? null : previous));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found =
      (rowFull ? rowIssue : null) ??
      validateButton({ text, type, value: type === 'Shop' ? '' : value }, tier) ??
      (row === '' ? ({ field: 'row', key: 'validation.button.emptyFields' } as const) : null);
    if (found || type === null) {
      setIssue(found);
      const field = (found?.field ?? 'type') as keyof typeof ids;
      document.getElementById(ids[field])?.focus();
      return;
    }
    onSave(
      { text: text.trim(), type, value: type === 'Shop' ? '' : value },
      row === NEW_ROW ? NEW_ROW : Number(row),
    );
  };

  const rowOptions = rows.map((_, index) => ({
    value: String(index),
    label: labels.rowNumber(index + 1),
  }));
  if (newRowAllowed) rowOptions.push({ value: NEW_ROW, label: labels.newRow });

  return (
    <form noValidate className={styles.form} data-slot="button-grid-editor-form" onSubmit={submit}>
      <TextField
        id={ids.text}
        label={labels.name}
        value={text}
        error={errorOf('text')}
        autoComplete="off"
        onValueChange={(next) => {
          setText(next);
          clear('text');
        }}
      />
      <Select
        id={ids.type}
        dir={dir}
        label={labels.type}
        placeholder={labels.typePlaceholder}
        options={BUTTON_TYPES.map((option) => ({ value: option, label: labels.types[option] }))}
        value={type ?? ''}
        error={errorOf('type')}
        onValueChange={(next) => {
          const nextType = next as ButtonType;
          // A picked item means nothing as free text, and free text is no item of the bot.
          if (isPicked(nextType) || isPicked(type)) setValue('');
          setType(nextType);
          setIssue(null);
        }}
      />
      <ButtonValueField
        id={ids.value}
        type={type}
        value={value}
        error={errorOf('value')}
        tier={tier}
        options={options}
        labels={labels}
        dir={dir}
        onValueChange={(next) => {
          setValue(next);
          clear('value');
        }}
      />
      <Select
        id={ids.row}
        dir={dir}
        label={labels.row}
        placeholder={labels.rowPlaceholder}
        options={rowOptions}
        value={row}
        error={errorOf('row')}
        onValueChange={(next) => {
          setRow(next);
          clear('row');
        }}
      />
      <DialogFooter className={styles.footer}>
        {onDelete ? (
          <Button
            variant="ghost"
            data-slot="button-grid-editor-form-delete"
            className={styles.formDelete}
            onClick={onDelete}
          >
            {labels.delete}
          </Button>
        ) : null}
        <DialogClose asChild>
          <Button variant="secondary">{labels.cancel}</Button>
        </DialogClose>
        <Button type="submit" aria-disabled={rowFull || undefined}>
          {labels.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
