import type { ValidationIssue } from './issue';

export interface CaptchaSettings {
  enable: boolean;
  text: string;
  button: string;
}

/** An enabled captcha sends this text and button to every newcomer, so neither may be blank. */
export function validateCaptchaSettings(settings: CaptchaSettings): ValidationIssue | null {
  if (!settings.enable) return null;
  if (!settings.text.trim()) return { field: 'text', key: 'validation.captcha.required' };
  if (!settings.button.trim()) return { field: 'button', key: 'validation.captcha.required' };
  return null;
}
