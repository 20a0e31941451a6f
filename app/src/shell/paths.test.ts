import { describe, expect, it } from 'vitest';
import { HOME_PATH, href, isKnownPath, KNOWN_PATHS } from './paths';

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

  it('covers every route of SPEC section 2, the guide and the test drive', () => {
    expect(KNOWN_PATHS).toHaveLength(23);
  });
});

describe('href', () => {
  it('links to a route without search parameters', () => {
    expect(href('document')).toBe('/document');
    expect(HOME_PATH).toBe('/selectbot');
  });

  it('writes the search parameters in the route order, whatever order they come in', () => {
    expect(href('dashboard', { bot: 2 })).toBe('/dashboard?bot=2');
    expect(href('menu-messages', { ind: 0, bot: 1 })).toBe('/menu-messages?bot=1&ind=0');
    expect(href('guide', { opt: 'user-pay' })).toBe('/guide?opt=user-pay');
  });

  it('leaves out a parameter that is null or missing', () => {
    expect(href('upgrade', { bot: null })).toBe('/upgrade');
    expect(href('upgrade', {})).toBe('/upgrade');
  });

  it('spells a path as the product links to it', () => {
    expect(href('startPayload', { bot: 1 })).toBe('/startPayload?bot=1');
    expect(href('startmsg', { bot: 1 })).toBe('/startmsg?bot=1');
  });

  it('escapes what a parameter holds', () => {
    expect(href('captcha', { id: 7, msg: 'a b&c' })).toBe('/captcha?id=7&msg=a+b%26c');
  });
});
