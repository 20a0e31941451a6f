import { z } from 'zod';
import { errorKey, firstIssue, type ValidationIssue } from './issue';

/** Only emptiness is checked here: whether a token works is for Telegram to say. */
export const tokenSchema = z.string().trim().min(1, errorKey('validation.token.required'));

export function validateToken(token: string): ValidationIssue | null {
  return firstIssue(tokenSchema, token);
}
