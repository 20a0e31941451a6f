import {
  CONFIRM_CLOSE_DELAY_MS,
  type DialogInputRules,
  type ValidationIssue,
  validateDialogCheckbox,
  validateDialogInput,
} from '@botdeck/core';
import { cva } from 'class-variance-authority';
import { AlertDialog, Dialog } from 'radix-ui';
import {
  type ComponentProps,
  type FormEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import { AlertIcon, LockIcon } from '../icons';
import { TextField } from '../text-field';
import { formatValidationIssueInEnglish } from '../texts';
import { cn } from '../utils/cn';
import styles from './confirm-dialog.module.css';

export type ConfirmDialogVariant = 'default' | 'destructive' | 'error' | 'restricted';

/** A checkbox of the dialog; its value is a boolean under `name`. */
export interface ConfirmDialogCheckboxField {
  kind: 'checkbox';
  /** The key of its value in what `onConfirm` receives. */
  name: string;
  /** The visible label, also the checkbox's accessible name. */
  label: ReactNode;
  /** A quieter line under the label, tied to the checkbox with aria-describedby. */
  description?: ReactNode;
  /** The box must be ticked before the dialog can be confirmed. */
  required?: boolean;
  /**
   * The name of another checkbox this one needs: while that one is unticked this one is
   * disabled and cleared, so it is never sent ticked (stop_bot needs adv_and_media).
   */
  dependsOn?: string;
  /** Ticked when the dialog opens. Ignored while `dependsOn` is unticked. */
  defaultChecked?: boolean;
}

/** A text input of the dialog; its value is a string under `name`. */
export interface ConfirmDialogInputField {
  kind: 'input';
  /** The key of its value in what `onConfirm` receives. */
  name: string;
  /** The visible label, also the input's accessible name. */
  label: string;
  /** An example of the expected value, shown while the input is empty. */
  placeholder?: string;
  /** A hint under the input, tied to it with aria-describedby. */
  description?: string;
  /** The value when the dialog opens. */
  defaultValue?: string;
  /** What the value must satisfy (`validateDialogInput` of @botdeck/core), checked in order. */
  rules?: DialogInputRules;
  /** Put the caret here when the field appears, for a dialog whose only job is this input. */
  autoFocus?: boolean;
}

export type ConfirmDialogField = ConfirmDialogCheckboxField | ConfirmDialogInputField;

/** What the fields hold: a boolean per checkbox and a string per input, by name. */
export type ConfirmDialogValues = Readonly<Record<string, string | boolean>>;

export const confirmDialogVariants = cva(styles.content, {
  variants: {
    variant: {
      default: null,
      destructive: null,
      error: styles.error,
      restricted: null,
    },
  },
  defaultVariants: { variant: 'default' },
});

export interface ConfirmDialogProps
  extends Omit<ComponentProps<typeof Dialog.Content>, 'title' | 'onSubmit' | 'children'> {
  /** Whether the dialog is open (controlled); pair it with `onOpenChange`. */
  open?: boolean;
  /** Whether the dialog starts open when `open` is not given (uncontrolled). */
  defaultOpen?: boolean;
  /** Called with the new open state whenever the dialog opens or closes, whatever the reason. */
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog, e.g. a `<Button>`; focus returns to it on close. */
  trigger?: ReactNode;
  /** The heading, and the dialog's accessible name. */
  title: ReactNode;
  /** The question or message under the title, and the dialog's accessible description. */
  text?: ReactNode;
  /**
   * `default` and `destructive` ask (confirm and cancel; destructive paints the confirm button
   * red). `error` and `restricted` only tell: one OK button, announced as an alert dialog.
   */
  variant?: ConfirmDialogVariant;
  /** The label of the confirm (or OK) button. */
  confirmLabel?: string;
  /** The label of the cancel button; error and restricted dialogs have none. */
  cancelLabel?: string;
  /** Checkboxes and inputs, shown in this order under the text. */
  fields?: readonly ConfirmDialogField[];
  /**
   * A rule over all values, checked after each field passed its own rules (e.g. "at least one
   * of the first seven permissions"). An issue with `field` set shows under that field.
   */
  validate?: (values: ConfirmDialogValues) => ValidationIssue | null;
  /**
   * The action. It runs after the dialog has closed, CONFIRM_CLOSE_DELAY_MS (200 ms) later, so
   * the dialog is gone before whatever the action opens next.
   */
  onConfirm?: (values: ConfirmDialogValues) => void;
  /** Runs when the dialog is dismissed: the cancel button, Escape or a tap outside. */
  onCancel?: () => void;
  /** Turns an issue into text. Defaults to English; the app passes its translator. */
  formatError?: (issue: ValidationIssue) => string;
  /** Shows the confirm button busy and unpressable, e.g. while a biometric check runs. */
  confirmLoading?: boolean;
  /** Extra content between the text and the fields, such as a status message. */
  children?: ReactNode;
}

const ALERT_VARIANTS: ReadonlySet<ConfirmDialogVariant> = new Set(['error', 'restricted']);

function defaultConfirmLabel(variant: ConfirmDialogVariant): string {
  switch (variant) {
    case 'default':
    case 'destructive':
      return 'Confirm';
    case 'error':
    case 'restricted':
      return 'OK';
    default:
      return variant satisfies never;
  }
}

/**
 * Open state that is controlled when `open` is given and kept here otherwise; either way the
 * owner hears of every change through `onChange`.
 */
export function useOpenState(
  open: boolean | undefined,
  defaultOpen: boolean,
  onChange: ((open: boolean) => void) | undefined,
): [boolean, (next: boolean) => void] {
  const [own, setOwn] = useState(defaultOpen);
  const current = open ?? own;
  const set = useCallback(
    (next: boolean) => {
      if (open === undefined) setOwn(next);
      onChange?.(next);
    },
    [open, onChange],
  );
  return [current, set];
}

/**
 * A dialog that asks before an action (stop bot, delete bot, promote admin, buy) or tells of an
 * error, with optional checkboxes and inputs whose rules must pass before it can be confirmed.
 * It closes first and runs `onConfirm` about 200 ms later (SPEC 4).
 */
export function ConfirmDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  trigger,
  title,
  text,
  variant = 'default',
  confirmLabel,
  cancelLabel = 'Cancel',
  fields = [],
  validate,
  onConfirm,
  onCancel,
  formatError = formatValidationIssueInEnglish,
  confirmLoading = false,
  children,
  className,
  onOpenAutoFocus,
  ...props
}: ConfirmDialogProps) {
  const [open, setOpen] = useOpenState(openProp, defaultOpen, onOpenChange);
  const alert = ALERT_VARIANTS.has(variant);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // Radix reports only dismissals here (Escape, outside, the cancel button): confirming closes
  // through `confirm` below, which never calls it.
  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) onCancel?.();
  };

  const confirm = (values: ConfirmDialogValues) => {
    setOpen(false);
    // Not cleared on unmount: an owner that unmounts the closed dialog still gets its action.
    setTimeout(() => onConfirm?.(values), CONFIRM_CLOSE_DELAY_MS);
  };

  const Primitive = alert ? AlertDialog : Dialog;
  const description = text ? (
    <Primitive.Description
      asChild={typeof text !== 'string'}
      data-slot="confirm-dialog-text"
      className={styles.text}
    >
      {typeof text === 'string' ? text : <div>{text}</div>}
    </Primitive.Description>
  ) : null;

  return (
    <Primitive.Root open={open} onOpenChange={handleOpenChange}>
      {trigger ? <Primitive.Trigger asChild>{trigger}</Primitive.Trigger> : null}
      <Primitive.Portal>
        <Primitive.Overlay data-slot="confirm-dialog-overlay" className={styles.overlay} />
        <Primitive.Content
          data-slot="confirm-dialog-content"
          data-variant={variant}
          className={cn(confirmDialogVariants({ variant }), className)}
          // Without text there is nothing to describe the dialog; saying so silences Radix.
          {...(text ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            onOpenAutoFocus?.(event);
            // An alert dialog has no cancel button for Radix to focus: its one button is OK.
            if (alert && !event.defaultPrevented) {
              event.preventDefault();
              confirmRef.current?.focus({ preventScroll: true });
            }
          }}
          {...props}
        >
          <ConfirmDialogForm
            variant={variant}
            title={
              <Primitive.Title data-slot="confirm-dialog-title" className={styles.title}>
                {title}
              </Primitive.Title>
            }
            description={description}
            fields={fields}
            validate={validate}
            formatError={formatError}
            confirmLabel={confirmLabel ?? defaultConfirmLabel(variant)}
            confirmLoading={confirmLoading}
            confirmRef={confirmRef}
            cancel={
              alert ? null : (
                <Dialog.Close asChild>
                  <Button variant="secondary" data-slot="confirm-dialog-cancel">
                    {cancelLabel}
                  </Button>
                </Dialog.Close>
              )
            }
            onConfirm={confirm}
          >
            {children}
          </ConfirmDialogForm>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}

/** Clears every checkbox whose `dependsOn` is unticked; a chain settles in as many passes. */
function applyDependencies(
  fields: readonly ConfirmDialogField[],
  values: Record<string, string | boolean>,
): Record<string, string | boolean> {
  const result = { ...values };
  let changed = true;
  while (changed) {
    changed = false;
    for (const field of fields) {
      if (field.kind !== 'checkbox' || field.dependsOn === undefined) continue;
      if (result[field.name] === true && result[field.dependsOn] !== true) {
        result[field.name] = false;
        changed = true;
      }
    }
  }
  return result;
}

function defaultValues(fields: readonly ConfirmDialogField[]): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const field of fields) {
    values[field.name] =
      field.kind === 'checkbox' ? field.defaultChecked === true : (field.defaultValue ?? '');
  }
  return values;
}

function fieldIssue(field: ConfirmDialogField, value: string | boolean | undefined) {
  return field.kind === 'checkbox'
    ? validateDialogCheckbox(value === true, field.required === true)
    : validateDialogInput(typeof value === 'string' ? value : '', field.rules ?? {});
}

/** What ConfirmDialog hands its inside; the texts and rules are those of ConfirmDialogProps. */
interface ConfirmDialogFormProps {
  /** Picks the icon and the confirm button's colour. */
  variant: ConfirmDialogVariant;
  /** The Radix title part, already built for the right primitive. */
  title: ReactNode;
  /** The Radix description part, or null without text. */
  description: ReactNode;
  /** The checkboxes and inputs, in order. */
  fields: readonly ConfirmDialogField[];
  /** The form-level rule. */
  validate: ConfirmDialogProps['validate'];
  /** Turns an issue into text. */
  formatError: (issue: ValidationIssue) => string;
  /** The confirm button's label. */
  confirmLabel: string;
  /** Shows the confirm button busy. */
  confirmLoading: boolean;
  /** The confirm button, which an alert dialog focuses on open. */
  confirmRef: Ref<HTMLButtonElement>;
  /** The cancel button, or null for an alert dialog. */
  cancel: ReactNode;
  /** Called once with the values when a try to confirm passes every rule. */
  onConfirm: (values: ConfirmDialogValues) => void;
  /** Extra content between the text and the fields. */
  children: ReactNode;
}

/**
 * The inside of the dialog. Radix mounts it on each opening, so values persist while the dialog
 * is open and every opening starts again from the fields' defaults.
 */
function ConfirmDialogForm({
  variant,
  title,
  description,
  fields,
  validate,
  formatError,
  confirmLabel,
  confirmLoading,
  confirmRef,
  cancel,
  onConfirm,
  children,
}: ConfirmDialogFormProps) {
  const id = useId();
  // Only what the user changed is kept, so fields added while open (a typed fallback that
  // appears after a biometric check) start from their defaults.
  const [changed, setChanged] = useState<Record<string, string | boolean>>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const confirmed = useRef(false);

  const values = applyDependencies(fields, { ...defaultValues(fields), ...changed });
  const issues = new Map<string, ValidationIssue>();
  for (const field of fields) {
    const issue = fieldIssue(field, values[field.name]);
    if (issue) issues.set(field.name, issue);
  }
  const formIssue = issues.size === 0 ? (validate?.(values) ?? null) : null;
  const formIssueField = fields.find((field) => field.name === formIssue?.field);
  if (formIssue && formIssueField) issues.set(formIssueField.name, formIssue);
  const generalIssue = formIssue && !formIssueField ? formIssue : null;

  // Errors wait until the user has changed a field and left it (or tried to confirm), so a
  // fresh dialog, or a field that only had the focus, does not shout.
  const shows = (name: string) => attempted || touched.has(name);
  const visibleIssue = (name: string) => (shows(name) ? issues.get(name) : undefined);
  const generalShows = generalIssue !== null && (attempted || touched.size > 0);
  const errorShows = generalShows || fields.some((field) => visibleIssue(field.name));

  const fieldId = (name: string) => `${id}-${name}`;
  const generalErrorId = `${id}-error`;

  const touch = (name: string) =>
    setTouched((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
  const change = (name: string, value: string | boolean) =>
    setChanged((previous) => ({ ...previous, [name]: value }));

  /** Shows every error; true when there was one, and the focus went to the first. */
  const reject = () => {
    setAttempted(true);
    const firstInvalid = fields.find((field) => issues.has(field.name));
    if (!firstInvalid && !generalIssue) return false;
    // The confirm button turns disabled; focus goes where the fix is, not to the page.
    const target = firstInvalid ?? fields.find((field) => field.kind === 'checkbox');
    if (target) document.getElementById(fieldId(target.name))?.focus();
    return true;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirmed.current || confirmLoading || reject()) return;
    confirmed.current = true;
    onConfirm(values);
  };

  // A press on confirm is a try from its first moment. Otherwise leaving a field for the button
  // would show that field's error and disable the button under the finger before the click
  // lands, and the other fields' errors would never show.
  const pressConfirm = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || confirmLoading || errorShows) return;
    if (reject()) event.preventDefault();
  };

  const icon =
    variant === 'error' ? (
      <AlertIcon size={28} className={styles.icon} />
    ) : variant === 'restricted' ? (
      <LockIcon size={28} className={styles.icon} />
    ) : null;

  return (
    <form noValidate className={styles.form} onSubmit={submit} data-slot="confirm-dialog-form">
      {icon}
      {title}
      {description}
      {children}
      {fields.length > 0 ? (
        <div className={styles.fields} data-slot="confirm-dialog-fields">
          {fields.map((field) => {
            const issue = visibleIssue(field.name);
            const error = issue ? formatError(issue) : undefined;
            const disabled =
              field.kind === 'checkbox' &&
              field.dependsOn !== undefined &&
              values[field.dependsOn] !== true;
            return field.kind === 'checkbox' ? (
              <Checkbox
                key={field.name}
                id={fieldId(field.name)}
                name={field.name}
                label={field.label}
                description={field.description}
                error={error}
                required={field.required}
                disabled={disabled}
                checked={values[field.name] === true}
                onCheckedChange={(checked) => {
                  change(field.name, checked === true);
                  touch(field.name);
                }}
              />
            ) : (
              <TextField
                key={field.name}
                id={fieldId(field.name)}
                name={field.name}
                label={field.label}
                placeholder={field.placeholder}
                hint={field.description}
                error={error}
                required={field.rules?.required}
                // Only asked for by a dialog whose one task is this input.
                autoFocus={field.autoFocus}
                // Phrases and file ids are typed exactly; a phone's corrections would break them.
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                value={String(values[field.name] ?? '')}
                onValueChange={(value) => change(field.name, value)}
                onBlur={() => {
                  if (field.name in changed) touch(field.name);
                }}
              />
            );
          })}
        </div>
      ) : null}
      {generalShows && generalIssue ? (
        <p
          id={generalErrorId}
          role="alert"
          className={styles.formError}
          data-slot="confirm-dialog-error"
        >
          {formatError(generalIssue)}
        </p>
      ) : null}
      <div className={styles.actions} data-slot="confirm-dialog-actions">
        {cancel}
        <Button
          ref={confirmRef}
          type="submit"
          variant={variant === 'destructive' ? 'destructive' : 'primary'}
          data-slot="confirm-dialog-confirm"
          disabled={errorShows}
          loading={confirmLoading}
          onPointerDown={pressConfirm}
          aria-describedby={generalShows ? generalErrorId : undefined}
        >
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}

export interface ErrorConfirmProps
  extends Omit<ConfirmDialogProps, 'variant' | 'title' | 'fields' | 'validate' | 'cancelLabel'> {
  /** The heading; defaults to 'Error'. */
  title?: ReactNode;
}

/** Tells of a failure: a title, the message and one OK button whose `onConfirm` runs after it closes. */
export function ErrorConfirm({ title = 'Error', ...props }: ErrorConfirmProps) {
  return <ConfirmDialog variant="error" title={title} {...props} />;
}

export interface RestrictedDialogProps
  extends Omit<ConfirmDialogProps, 'variant' | 'title' | 'fields' | 'validate' | 'cancelLabel'> {
  /** The heading; defaults to 'Restricted'. */
  title?: ReactNode;
}

/** Shown when the server refuses an action for lack of permission (SPEC 6). */
export function RestrictedDialog({
  title = 'Restricted',
  text = "You don't have permission to do this",
  ...props
}: RestrictedDialogProps) {
  return <ConfirmDialog variant="restricted" title={title} text={text} {...props} />;
}
