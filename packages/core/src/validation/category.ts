import * as z from 'zod/mini';
import { errorKey, firstIssue, type ValidationIssue } from './issue';

export const CATEGORY_NAME_MIN = 3;

/** Names are compared trimmed and case-insensitively, as shoppers would read them. */
export function categoryNameSchema(existingNames: readonly string[]) {
  const taken = new Set(existingNames.map((name) => name.trim().toLowerCase()));
  return z.string().check(
    z.trim(),
    z.minLength(1, errorKey('validation.category.required')),
    z.minLength(CATEGORY_NAME_MIN, errorKey('validation.category.tooShort')),
    z.refine((name) => !taken.has(name.toLowerCase()), errorKey('validation.category.duplicate')),
  );
}

export function validateCategoryName(
  name: string,
  existingNames: readonly string[],
): ValidationIssue | null {
  return firstIssue(categoryNameSchema(existingNames), name);
}
