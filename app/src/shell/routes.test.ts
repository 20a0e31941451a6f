import { describe, expect, it } from 'vitest';
import { caseInsensitiveParser, SCREENS } from './routes';

describe('caseInsensitiveParser', () => {
  it('matches a route whatever the letter case', () => {
    const { pattern } = caseInsensitiveParser('/startmsg');
    expect(pattern.exec('/startMsg')).not.toBeNull();
    expect(pattern.exec('/STARTMSG')).not.toBeNull();
    expect(pattern.exec('/startmsgs')).toBeNull();
  });
});

describe('SCREENS', () => {
  it('loads each built screen from the module paths.ts names for it', () => {
    expect(SCREENS.map(({ path }) => path)).toEqual([
      '/selectbot',
      '/dashboard',
      '/startmsg',
      '/menu',
      '/commands',
      '/startPayload',
      '/questions',
      '/menu-messages',
      '/cmd-messages',
      '/sp-messages',
      '/qa-messages',
      '/captcha',
      '/upgrade',
      '/share',
      '/document',
      '/lang',
      '/media',
      '/users',
      '/bot',
      '/advanced',
      '/shop',
      '/testdrive',
      '/guide',
    ]);
  });
});
