import * as z from 'zod/mini';
import { ITEM_NAME_PATTERN, LIST_ITEMS, type ListItemKind } from '../list-items';
import { errorKey, firstIssue, type ValidationIssue } from './issue';

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
