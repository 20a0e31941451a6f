import type { ValidationIssue } from './issue';

/** Typed instead of biometrics before stopping or deleting a bot. */
export const CONFIRM_PHRASES = {
  stop: 'stop bot',
  delete: 'delete my bot',
} as const;
export type ConfirmAction = keyof typeof CONFIRM_PHRASES;

/** The phrase must match exactly: the point is a deliberate act, so no trimming or case folding. */
export function validateConfirmPhrase(
  action: ConfirmAction,
  input: string,
): ValidationIssue | null {
  if (input === CONFIRM_PHRASES[action]) return null;
  return {
    key: action === 'stop' ? 'validation.confirmPhrase.stop' : 'validation.confirmPhrase.delete',
  };
}
