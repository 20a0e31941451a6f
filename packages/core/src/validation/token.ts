import * as z from 'zod/mini';
import { errorKey, firstIssue, type ValidationIssue } from './issue';

// Built in a pure IIFE so that a bundle importing only this file's constants can drop the
// schema, and zod with it.
/** Only emptiness is checked here: whether a token works is for Telegram to say. */
export const tokenSchema = /* @__PURE__ */ (() =>
  z.string().check(z.trim(), z.minLength(1, errorKey('validation.token.required'))))();

export function validateToken(token: string): ValidationIssue | null {
  return firstIssue(tokenSchema, token);
}
