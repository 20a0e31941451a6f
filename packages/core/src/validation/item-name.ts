import * as z from 'zod/mini';
import { LIST_ITEMS, type ListItemKind } from '../list-items';
import { errorKey, firstIssue, type ValidationIssue } from './issue';

/**
 * ASCII letters, digits and underscore: names end up in commands and in start links, where
 * Telegram accepts nothing else.
 */
export const ITEM_NAME_PATTERN = /^[A-Za-z0-9_]+$/;

export function itemNameSchema(kind: ListItemKind) {
  return z
    .string()
    .check(
      z.minLength(1, errorKey('validation.itemName.required')),
      z.regex(ITEM_NAME_PATTERN, errorKey('validation.itemName.pattern')),
      z.maxLength(LIST_ITEMS[kind].nameMaxLength, errorKey('validation.itemName.tooLong')),
    );
}

export function validateItemName(kind: ListItemKind, name: string): ValidationIssue | null {
  return firstIssue(itemNameSchema(kind), name);
}
