import { describe, expect, it } from 'vitest';
import { caseInsensitiveParser, isKnownPath, KNOWN_PATHS } from './routes';

describe('isKnownPath', () => {
  it.each(['/selectbot', '/selectBot', '/startMsg', '/STARTPAYLOAD', '/guide', '/dashboard/'])(
    'knows %s',
    (path) => {
      expect(isKnownPath(path)).toBe(true);
    },
  );

  it.each(['/', '/nowhere', '/select', '/dashboards', '/shop/extra'])(
    'does not know %s',
    (path) => {
      expect(isKnownPath(path)).toBe(false);
    },
  );

  it('covers every route of SPEC section 2 and the guide', () => {
    expect(KNOWN_PATHS).toHaveLength(22);
  });
});

describe('caseInsensitiveParser', () => {
  it('matches a route whatever the letter case', () => {
    const { pattern } = caseInsensitiveParser('/startmsg');
    expect(pattern.exec('/startMsg')).not.toBeNull();
    expect(pattern.exec('/STARTMSG')).not.toBeNull();
    expect(pattern.exec('/startmsgs')).toBeNull();
  });
});
