import {
  BUTTON_TYPES,
  type ButtonType,
  canAddRow,
  canAddToRow,
  type PlanTier,
  planLimit,
  type ValidationIssue,
  type ValidationKey,
  validateButton,
} from '@botdeck/core';
import { cva } from 'class-variance-authority';
import { Direction } from 'radix-ui';
import {
  type ComponentProps,
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '../button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../dialog';
import { IconButton } from '../icon-button';
import {
  AlertIcon,
  BotIcon,
  ChevronDownIcon,
  ChevronForwardIcon,
  LinkIcon,
  MenuIcon,
  MessageIcon,
  PlusIcon,
  QuestionIcon,
  ShareIcon,
  ShopIcon,
  TrashIcon,
} from '../icons';
import { Select } from '../select';
import { TextField } from '../text-field';
import { cn } from '../utils/cn';
import styles from './button-grid-editor.module.css';
import {
  type ButtonRows,
  deleteButton,
  type EditorButton,
  type GridPosition,
  type MoveDirection,
  moveButton,
  placeButton,
  withoutButton,
} from './grid';

/**
 * English texts for exactly the keys this editor produces. ui reads no locale file, so this is
 * only the fallback of `formatError`; the app passes its translator. Texts of locales/en.json.
 */
const ENGLISH_ERRORS: Partial<Record<ValidationKey, string>> = {
  'validation.button.emptyFields': 'Please fill in the empty fields',
  'validation.button.invalidUrl': 'The URL is invalid. Please enter a valid URL.',
  'validation.button.forbiddenCharacters': "The value can't contain &, : or -.",
  'validation.button.popupTooLong':
    "The text can't be longer than {{max}} characters on your plan.",
  'validation.button.tooManyInRow':
    "You added too many buttons. A single row can't have more than 7 buttons.",
  'validation.button.tooManyRows': "A message can't have more than 10 rows of buttons.",
};

/**
 * The default `formatError`: the English text of a button issue with `{{name}}` filled. Any
 * other key comes back as the key, so a missing translation shows instead of hiding.
 */
export function formatButtonErrorInEnglish(issue: ValidationIssue): string {
  const template = ENGLISH_ERRORS[issue.key] ?? issue.key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = issue.values?.[name];
    return value === undefined ? placeholder : String(value);
  });
}

/** The types whose value is one of the bot's own items, picked from a list. */
type PickedType = 'Menu' | 'Question' | 'Start Payload';
const PICKED_TYPES: Readonly<Record<PickedType, keyof ButtonGridEditorOptions>> = {
  Menu: 'menus',
  Question: 'questions',
  'Start Payload': 'startPayloads',
};
function isPicked(type: ButtonType | null): type is PickedType {
  return type !== null && type in PICKED_TYPES;
}

/** The bot's items that Menu, Question and Start Payload buttons point at, by name. */
export interface ButtonGridEditorOptions {
  /** The bot's menus. */
  menus: readonly string[];
  /** The bot's Q&A questions. */
  questions: readonly string[];
  /** The bot's start payloads. */
  startPayloads: readonly string[];
}

/** Every visible text of the editor; ui reads no locale file, so the app passes its own. */
export interface ButtonGridEditorLabels {
  /** The grid's accessible name. */
  grid: string;
  /** Shown instead of the grid while the message has no buttons. */
  empty: string;
  /** The button that opens the form for a new button. */
  addButton: string;
  /** The form's title when adding. */
  addTitle: string;
  /** The form's title when editing. */
  editTitle: string;
  /** The form's description, read when it opens. */
  formDescription: string;
  /** The name field's label. */
  name: string;
  /** The type select's label. */
  type: string;
  /** The type select's text while no type is chosen. */
  typePlaceholder: string;
  /** The name of each button type, in the type select and on the chips. */
  types: Record<ButtonType, string>;
  /** The value field's label for each type that has one (Shop has none). */
  values: Record<Exclude<ButtonType, 'Shop'>, string>;
  /** The value select's text while none of the bot's items is chosen. */
  valuePlaceholder: string;
  /** The row select's label. */
  row: string;
  /** The row select's text while no row is chosen. */
  rowPlaceholder: string;
  /** An existing row in the row select and the grid, counted from 1. */
  rowNumber: (number: number) => string;
  /** The row select's option that opens a new row at the end. */
  newRow: string;
  /** The form's save button. */
  save: string;
  /** The form's cancel button. */
  cancel: string;
  /** The form's × button. */
  close: string;
  /** Deletes a button, in the form and beside the grid. */
  delete: string;
  /** Moves the selected button one place towards the row's start (left; right in Arabic). */
  moveStart: string;
  /** Moves the selected button one place towards the row's end (right; left in Arabic). */
  moveEnd: string;
  /** Moves the selected button into the row above. */
  moveUp: string;
  /** Moves the selected button into the row below. */
  moveDown: string;
  /** Names the group of controls acting on the selected button. */
  selected: (text: string) => string;
}

export const DEFAULT_BUTTON_GRID_EDITOR_LABELS: ButtonGridEditorLabels = {
  grid: 'Buttons',
  empty: 'No buttons yet. Add one to show it under the message.',
  addButton: 'Add button',
  addTitle: 'Add button',
  editTitle: 'Edit button',
  formDescription: 'Name the button, choose what it does and the row it goes in.',
  name: 'Name',
  type: 'Type',
  typePlaceholder: 'Choose a type',
  types: {
    Url: 'Url',
    Popup: 'Popup',
    Alert: 'Alert',
    Menu: 'Menu',
    Question: 'Question',
    Share: 'Share',
    Shop: 'Shop',
    'Start Payload': 'Start Payload',
  },
  values: {
    Url: 'URL',
    Popup: 'Popup text',
    Alert: 'Alert text',
    Menu: 'Menu',
    Question: 'Question',
    Share: 'Text to share',
    'Start Payload': 'Start payload',
  },
  valuePlaceholder: 'Choose one',
  row: 'Row',
  rowPlaceholder: 'Choose a row',
  rowNumber: (number) => `Row ${number}`,
  newRow: 'New row',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  delete: 'Delete',
  moveStart: 'Move left',
  moveEnd: 'Move right',
  moveUp: 'Move up',
  moveDown: 'Move down',
  selected: (text) => `Button ${text}`,
};

export const buttonGridEditorVariants = cva(styles.root, {
  variants: { state: { empty: styles.empty, filled: null } },
  defaultVariants: { state: 'filled' },
});

export interface ButtonGridEditorProps
  extends Omit<ComponentProps<'div'>, 'children' | 'defaultValue' | 'dir' | 'onChange'> {
  /** The rows of buttons (controlled); pair it with `onValueChange`. */
  value?: ButtonRows;
  /** The first rows when `value` is not given (uncontrolled). */
  defaultValue?: ButtonRows;
  /** Called with the new rows after every add, edit, move and delete. Empty rows never stay. */
  onValueChange?: (rows: EditorButton[][]) => void;
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

/** The small picture of a button's type on its chip; the type's name is read out instead. */
function TypeIcon({ type }: { type: ButtonType }) {
  const props = { size: 14, className: styles.chipIcon };
  switch (type) {
    case 'Url':
      return <LinkIcon {...props} />;
    case 'Popup':
      return <MessageIcon {...props} />;
    case 'Alert':
      return <AlertIcon {...props} />;
    case 'Menu':
      return <MenuIcon {...props} />;
    case 'Question':
      return <QuestionIcon {...props} />;
    case 'Share':
      return <ShareIcon {...props} />;
    case 'Shop':
      return <ShopIcon {...props} />;
    case 'Start Payload':
      return <BotIcon {...props} />;
    default:
      return type satisfies never;
  }
}

/** What the form is doing: adding, editing the button at a position, or closed. */
type FormState = { mode: 'add' } | { mode: 'edit'; position: GridPosition } | null;

const MOVES: readonly MoveDirection[] = ['start', 'end', 'up', 'down'];

/**
 * The editor of a message's inline keyboard: up to 10 rows of up to 7 buttons. Each chip opens
 * the button form; the chips form one roving-focus grid (Tab enters it, the arrow keys move the
 * focus) and labelled Move and Delete buttons act on the focused chip, so the keyboard alone
 * can build and reorder the keyboard.
 */
export function ButtonGridEditor({
  value: valueProp,
  defaultValue = [],
  onValueChange,
  tier = 'free',
  options,
  labels: labelsProp,
  formatError = formatButtonErrorInEnglish,
  dir,
  className,
  ...props
}: ButtonGridEditorProps) {
  const labels = { ...DEFAULT_BUTTON_GRID_EDITOR_LABELS, ...labelsProp };
  const [own, setOwn] = useState<ButtonRows>(defaultValue);
  const rows = valueProp ?? own;
  const commit = useCallback(
    (next: EditorButton[][]) => {
      if (valueProp === undefined) setOwn(next);
      onValueChange?.(next);
    },
    [valueProp, onValueChange],
  );

  const [focus, setFocus] = useState<GridPosition>({ row: 0, col: 0 });
  const [form, setForm] = useState<FormState>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const id = useId();

  // The remembered chip may have gone (deleted, or the value replaced): the nearest one stands in.
  const activeRow = Math.min(focus.row, rows.length - 1);
  const active: GridPosition | null =
    activeRow >= 0
      ? {
          row: activeRow,
          col: Math.min(focus.col, (rows[activeRow]?.length ?? 1) - 1),
        }
      : null;
  const activeButton = active ? rows[active.row]?.[active.col] : undefined;

  const chip = (position: GridPosition) =>
    gridRef.current?.querySelector<HTMLButtonElement>(
      `[data-row="${position.row}"][data-col="${position.col}"]`,
    );

  const focusChip = (position: GridPosition) => {
    setFocus(position);
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

  const move = (direction: MoveDirection) => {
    if (!active) return;
    const result = moveButton(rows, active, direction);
    if (!result) return;
    commit(result.rows);
    setFocus(result.position);
  };

  const remove = (position: GridPosition) => {
    commit(deleteButton(rows, position));
  };

  const moveIcon = (direction: MoveDirection) => {
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
  };
  const moveLabel = (direction: MoveDirection) =>
    ({
      start: labels.moveStart,
      end: labels.moveEnd,
      up: labels.moveUp,
      down: labels.moveDown,
    })[direction];

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
        // biome-ignore lint/a11y/useSemanticElements: rows of unequal length laid out by flex; a table's layout would fight it.
        <div
          ref={gridRef}
          role="grid"
          aria-label={labels.grid}
          data-slot="button-grid-editor-grid"
          className={styles.grid}
        >
          {rows.map((row, r) => (
            // biome-ignore lint/a11y/useSemanticElements: see the grid.
            // biome-ignore lint/a11y/useFocusableInteractive: the chips inside take the focus.
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity; their place is what is edited.
              key={r}
              role="row"
              aria-label={labels.rowNumber(r + 1)}
              data-slot="button-grid-editor-row"
              // Five or more share a phone's width: the names need the icons' room.
              data-crowded={row.length >= 5 ? '' : undefined}
              className={styles.row}
            >
              {row.map((button, c) => {
                const isActive = active?.row === r && active.col === c;
                const typeId = `${id}-${r}-${c}-type`;
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
                      data-row={r}
                      data-col={c}
                      tabIndex={isActive ? 0 : -1}
                      aria-describedby={typeId}
                      className={styles.chip}
                      onFocus={() => setFocus({ row: r, col: c })}
                      onKeyDown={(event) => onChipKeyDown(event, { row: r, col: c })}
                      onClick={() => setForm({ mode: 'edit', position: { row: r, col: c } })}
                    >
                      <TypeIcon type={button.type} />
                      <span dir="auto" className={styles.chipText}>
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
          ))}
        </div>
      )}
      {active && activeButton ? (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; these are actions.
        <div
          role="group"
          aria-label={labels.selected(activeButton.text)}
          data-slot="button-grid-editor-controls"
          className={styles.controls}
        >
          {MOVES.map((direction) => {
            const possible = moveButton(rows, active, direction) !== null;
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
                onClick={() => move(direction)}
              >
                {moveIcon(direction)}
              </IconButton>
            );
          })}
          <IconButton
            label={labels.delete}
            variant="secondary"
            size="sm"
            data-slot="button-grid-editor-delete"
            className={cn(styles.control, styles.deleteControl)}
            onClick={() => {
              remove(active);
              // The next chip takes the focus, so the keyboard user stays in the editor.
              const next = deleteButton(rows, active);
              if (next.length === 0) return;
              const row = Math.min(active.row, next.length - 1);
              const col = Math.min(active.col, (next[row]?.length ?? 1) - 1);
              setFocus({ row, col });
            }}
          >
            <TrashIcon />
          </IconButton>
        </div>
      ) : null}
      <Button
        variant="secondary"
        fullWidth
        data-slot="button-grid-editor-add"
        onClick={() => setForm({ mode: 'add' })}
      >
        <PlusIcon size={18} className={styles.addIcon} />
        {labels.addButton}
      </Button>
      <Dialog open={form !== null} onOpenChange={(open) => (open ? null : setForm(null))}>
        {form ? (
          <DialogContent
            dir={dir}
            title={form.mode === 'add' ? labels.addTitle : labels.editTitle}
            description={labels.formDescription}
            hideDescription
            closeLabel={labels.close}
            data-slot="button-grid-editor-dialog"
          >
            <ButtonForm
              rows={rows}
              editing={form.mode === 'edit' ? form.position : null}
              tier={tier}
              options={options}
              labels={labels}
              formatError={formatError}
              dir={dir}
              onSave={(button, target) => {
                const result = placeButton(
                  rows,
                  form.mode === 'edit' ? form.position : null,
                  button,
                  target,
                );
                commit(result.rows);
                setFocus(result.position);
                setForm(null);
              }}
              onDelete={
                form.mode === 'edit'
                  ? () => {
                      remove(form.position);
                      setForm(null);
                    }
                  : undefined
              }
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );

  return dir ? <Direction.Provider dir={dir}>{content}</Direction.Provider> : content;
}

/** What the editor hands its form. */
interface ButtonFormProps {
  /** All rows, the edited button included. */
  rows: ButtonRows;
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
  onSave: (button: EditorButton, target: number | 'new') => void;
  /** Deletes the edited button; absent when adding. */
  onDelete: (() => void) | undefined;
}

const NEW_ROW = 'new';

/** The first row a new button goes to: the last row while it has room, else a new row. */
function defaultRow(rows: ButtonRows): string {
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
function ButtonForm({
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

  const popupLimit = planLimit(tier, 'popupLength');

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
      {type === null || type === 'Shop' ? null : isPicked(type) ? (
        <Select
          id={ids.value}
          dir={dir}
          label={labels.values[type]}
          placeholder={labels.valuePlaceholder}
          options={(options?.[PICKED_TYPES[type]] ?? []).map((item) => ({
            value: item,
            label: item,
          }))}
          value={value}
          error={errorOf('value')}
          onValueChange={(next) => {
            setValue(next);
            clear('value');
          }}
        />
      ) : (
        <TextField
          id={ids.value}
          label={labels.values[type]}
          value={value}
          error={errorOf('value')}
          limit={type === 'Popup' || type === 'Alert' ? popupLimit : undefined}
          type={type === 'Url' ? 'url' : 'text'}
          inputMode={type === 'Url' ? 'url' : undefined}
          placeholder={type === 'Url' ? 'https://' : undefined}
          autoComplete="off"
          autoCapitalize={type === 'Url' ? 'none' : undefined}
          spellCheck={type === 'Url' ? false : undefined}
          onValueChange={(next) => {
            setValue(next);
            clear('value');
          }}
        />
      )}
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
