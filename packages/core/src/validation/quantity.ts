import * as z from 'zod/mini';
import { CUSTOM_QUANTITY_RANGES, type QuantityKind } from './bounds';
import { errorKey, firstIssue, type ValidationIssue, type ValidationKey } from './issue';

export const QUANTITY_PRESETS = {
  total: ['unlimited', 100, 1000, 5000, 'custom'],
  perUser: ['unlimited', 10, 50, 100, 'custom'],
} as const;
export type QuantityPreset = (typeof QUANTITY_PRESETS)[QuantityKind][number];

const QUANTITY_KEYS = {
  total: 'validation.quantity.total',
  perUser: 'validation.quantity.perUser',
} as const satisfies Record<QuantityKind, ValidationKey>;

/** One message covers empty, decimal and out-of-range input, as its text names all three. */
export function customQuantitySchema(kind: QuantityKind) {
  const { min, max } = CUSTOM_QUANTITY_RANGES[kind];
  const key = QUANTITY_KEYS[kind];
  return z.string().check(
    z.trim(),
    z.regex(/^\d+$/, errorKey(key)),
    z.refine((value) => Number(value) >= min && Number(value) <= max, errorKey(key)),
  );
}

export function validateCustomQuantity(kind: QuantityKind, value: string): ValidationIssue | null {
  return firstIssue(customQuantitySchema(kind), value);
}

/**
 * The preset a stored limit shows as when an item is edited: null (unlimited on the wire) is
 * 'unlimited', a preset number is itself, anything else is 'custom'.
 */
export function presetForLimit(kind: QuantityKind, limit: number | null): QuantityPreset {
  if (limit === null) return 'unlimited';
  const presets: readonly QuantityPreset[] = QUANTITY_PRESETS[kind];
  return presets.find((preset) => preset === limit) ?? 'custom';
}
