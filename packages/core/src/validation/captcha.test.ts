import { describe, expect, it } from 'vitest';
import { captchaIssues, validateCaptchaSettings } from './captcha';

describe('validateCaptchaSettings', () => {
  it('accepts text and a button name', () => {
    expect(
      validateCaptchaSettings({ enable: true, text: 'Prove it', button: 'Verify' }),
    ).toBeNull();
  });

  it('rejects blank text when enabled', () => {
    expect(validateCaptchaSettings({ enable: true, text: '  ', button: 'Verify' })).toEqual({
      field: 'text',
      key: 'validation.captcha.required',
    });
  });

  it('rejects a blank button name when enabled', () => {
    expect(validateCaptchaSettings({ enable: true, text: 'Prove it', button: ' ' })).toEqual({
      field: 'button',
      key: 'validation.captcha.required',
    });
  });

  it('skips a disabled captcha', () => {
    expect(validateCaptchaSettings({ enable: false, text: '', button: '' })).toBeNull();
  });
});

describe('captchaIssues', () => {
  it('marks both fields when both are blank', () => {
    expect(captchaIssues({ enable: true, text: '', button: '\t' }).map((i) => i.field)).toEqual([
      'text',
      'button',
    ]);
  });

  it('accepts a single character in each', () => {
    expect(captchaIssues({ enable: true, text: 'a', button: 'b' })).toEqual([]);
  });
});
