import { describe, expect, it } from 'vitest';
import { validateToken } from './token';

describe('validateToken', () => {
  it.each(['', '   '])('rejects %j as empty', (token) => {
    expect(validateToken(token)).toEqual({ key: 'validation.token.required' });
  });

  it('accepts a pasted token', () => {
    expect(validateToken('123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw')).toBeNull();
  });
});
