import {
  presetForLimit,
  QUANTITY_PRESETS,
  type QuantityKind,
  type QuantityPreset,
  type ValidationIssue,
  validateCustomQuantity,
} from '@botdeck/core';
import { cva } from 'class-variance-authority';
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { SegmentedControl } from '../segmented-control';
import { TextField } from '../text-field';
import { formatValidationIssueInEnglish } from '../texts';
import { cn } from '../utils/cn';
import styles from './quantity-picker.module.css';

/** The visible texts of the picker besides its `label`; the defaults are English. */
export interface QuantityPickerLabels {
  /** The segment that means no limit. */
  unlimited: string;
  /** The segment that opens the number input. */
  custom: string;
  /** The number input's label. */
  customInput: string;
}

const DEFAULT_LABELS = {
  total: { unlimited: 'Unlimited', custom: 'Custom', customInput: 'Custom quantity' },
  perUser: { unlimited: 'Unlimited', custom: 'Custom', customInput: 'Custom limit per user' },
} as const satisfies Record<QuantityKind, QuantityPickerLabels>;

export const quantityPickerVariants = cva(styles.root, {
  variants: {
    kind: { total: null, perUser: null },
  },
  defaultVariants: { kind: 'total' },
});

export interface QuantityPickerProps
  extends Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange' | 'dir'> {
  /**
   * `total`: the item's stock (unlimited, 100, 1,000, 5,000 or 1–100,000). `perUser`: how many
   * one user may buy (unlimited, 10, 50, 100 or 1–1,000).
   */
  kind: QuantityKind;
  /** The limit, null for unlimited (controlled); pair it with `onValueChange`. */
  value?: number | null;
  /** The first limit, null for unlimited, when `value` is not given (uncontrolled). */
  defaultValue?: number | null;
  /**
   * Called with each new valid limit (null for unlimited). While the custom number is invalid
   * nothing is reported, so the caller keeps the last valid one; `onValidityChange` says why.
   */
  onValueChange?: (value: number | null) => void;
  /** Told whether the picker holds a limit that can be saved, on mount and on each change. */
  onValidityChange?: (valid: boolean) => void;
  /** What is limited ("Quantity", "Limit per user"): the preset group's name. */
  label: string;
  /** The other visible texts; any left out stay English. */
  labels?: Partial<QuantityPickerLabels>;
  /** Turns an issue into text. Defaults to English; the app passes its translator. */
  formatError?: (issue: ValidationIssue) => string;
  /** The locale that formats the preset numbers (1,000 / 1.000 / ١٬٠٠٠). */
  locale?: string;
  /** The reading direction for the presets' arrow keys; Arabic passes "rtl". */
  dir?: 'ltr' | 'rtl';
  /** Nothing can be changed. */
  disabled?: boolean;
}

interface PickerState {
  /** The chosen segment. */
  preset: QuantityPreset;
  /** The custom number as typed, kept while it is invalid. */
  text: string;
  /** The last limit reported (or received), which a controlled `value` is compared with. */
  reported: number | null;
}

/** A stored limit opens on its preset, or as custom with its number when it is none of them. */
function stateFor(kind: QuantityKind, limit: number | null): PickerState {
  const preset = presetForLimit(kind, limit);
  return {
    preset,
    text: preset === 'custom' && limit !== null ? String(limit) : '',
    reported: limit,
  };
}

/**
 * Chooses a shop item's total quantity or per-user limit: a preset, or a custom whole number
 * checked as it is typed (SPEC 5, "Shop quantities"). An invalid number stays in the input with
 * its error, and the caller keeps the last valid limit.
 */
export function QuantityPicker({
  kind,
  value,
  defaultValue = null,
  onValueChange,
  onValidityChange,
  label,
  labels: labelsProp,
  formatError = formatValidationIssueInEnglish,
  locale = 'en',
  dir,
  disabled = false,
  className,
  ...props
}: QuantityPickerProps) {
  const labels = { ...DEFAULT_LABELS[kind], ...labelsProp };
  const id = useId();
  const labelId = `${id}-label`;
  const [state, setState] = useState(() =>
    stateFor(kind, value === undefined ? defaultValue : value),
  );
  const [touched, setTouched] = useState(false);

  // A controlled value that differs from what the picker last reported came from outside (the
  // item loaded, the form reset): the picker starts again from it.
  if (value !== undefined && value !== state.reported) {
    setState(stateFor(kind, value));
    setTouched(false);
  }

  const issue = state.preset === 'custom' ? validateCustomQuantity(kind, state.text) : null;
  const valid = issue === null;

  const validityRef = useRef(onValidityChange);
  validityRef.current = onValidityChange;
  useEffect(() => {
    validityRef.current?.(valid);
  }, [valid]);

  const report = (next: PickerState) => {
    const changed = next.reported !== state.reported;
    setState(next);
    if (changed) onValueChange?.(next.reported);
  };

  const choose = (choice: string) => {
    if (choice === 'custom') {
      // Custom starts from the current number, so switching to it alone changes nothing.
      const text = state.text || (state.reported === null ? '' : String(state.reported));
      const problem = validateCustomQuantity(kind, text);
      report({
        preset: 'custom',
        text,
        reported: problem ? state.reported : Number(text.trim()),
      });
      return;
    }
    if (choice === 'unlimited') {
      report({ ...state, preset: 'unlimited', reported: null });
      return;
    }
    const preset = QUANTITY_PRESETS[kind].find((candidate) => String(candidate) === choice);
    if (typeof preset === 'number') report({ ...state, preset, reported: preset });
  };

  const type = (text: string) => {
    setTouched(true);
    const problem = validateCustomQuantity(kind, text);
    report({ ...state, text, reported: problem ? state.reported : Number(text.trim()) });
  };

  const number = new Intl.NumberFormat(locale);
  const options = QUANTITY_PRESETS[kind].map((preset) => ({
    value: String(preset),
    label:
      preset === 'unlimited'
        ? labels.unlimited
        : preset === 'custom'
          ? labels.custom
          : number.format(preset),
  }));

  return (
    <div
      data-slot="quantity-picker"
      data-kind={kind}
      data-state={valid ? 'valid' : 'invalid'}
      className={cn(quantityPickerVariants({ kind }), className)}
      {...props}
    >
      <span id={labelId} data-slot="quantity-picker-label" className={styles.label}>
        {label}
      </span>
      <SegmentedControl
        label={label}
        aria-labelledby={labelId}
        dir={dir}
        disabled={disabled}
        value={String(state.preset)}
        onValueChange={choose}
        options={options}
      />
      {state.preset === 'custom' ? (
        <TextField
          label={labels.customInput}
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="done"
          disabled={disabled}
          value={state.text}
          onValueChange={type}
          onBlur={() => setTouched(true)}
          error={touched && issue ? formatError(issue) : undefined}
        />
      ) : null}
    </div>
  );
}
