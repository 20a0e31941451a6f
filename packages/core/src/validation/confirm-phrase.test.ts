import { describe, expect, it } from 'vitest';
import { validateConfirmPhrase } from './confirm-phrase';

describe('validateConfirmPhrase', () => {
  it('accepts exactly stop bot', () => {
    expect(validateConfirmPhrase('stop', 'stop bot')).toBeNull();
  });

  it.each(['', 'Stop bot', 'stop bot ', 'stopbot', 'delete my bot'])(
    'refuses %j for stop',
    (input) => {
      expect(validateConfirmPhrase('stop', input)).toEqual({
        key: 'validation.confirmPhrase.stop',
      });
    },
  );

  it('accepts exactly delete my bot', () => {
    expect(validateConfirmPhrase('delete', 'delete my bot')).toBeNull();
  });

  it.each(['', 'Delete my bot', ' delete my bot', 'stop bot'])('refuses %j for delete', (input) => {
    expect(validateConfirmPhrase('delete', input)).toEqual({
      key: 'validation.confirmPhrase.delete',
    });
  });
});
