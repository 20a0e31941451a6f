import type { ValidationIssue } from './issue';

export interface CaptchaSettings {
  enable: boolean;
  text: string;
  button: string;
}

/**
 * Every field at fault: an enabled captcha sends this text and button to every newcomer, so
 * neither may be blank. A form marks each field; a server refuses on the first.
 */
export function captchaIssues(settings: CaptchaSettings): ValidationIssue[] {
  if (!settings.enable) return [];
  const issues: ValidationIssue[] = [];
  if (!settings.text.trim()) issues.push({ field: 'text', key: 'validation.captcha.required' });
  if (!settings.button.trim()) issues.push({ field: 'button', key: 'validation.captcha.required' });
  return issues;
}

/** The first of {@link captchaIssues}, or null when the captcha may be saved. */
export function validateCaptchaSettings(settings: CaptchaSettings): ValidationIssue | null {
  return captchaIssues(settings)[0] ?? null;
}
