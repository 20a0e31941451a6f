import { type ClassValue, clsx } from 'clsx';

/** Joins class names, dropping the falsy ones; the caller's `className` goes last. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
