import { describe, expect, it } from 'vitest';
import { TOKEN } from './api/testing';
import { claimedUserId, endpointFor } from './dispatch';
import { DEMO_USER_ID } from './seed';

const id = DEMO_USER_ID;

describe('dispatch', () => {
  it.each([
    ['/api/selectBot', { id, select: true }, 'bots'],
    ['/api/selectBot', { id, api_token: TOKEN }, 'addBot'],
    ['/api/menu', { id, bot_id: 1, set: true, menu: 'x' }, 'lists.menu.create'],
    ['/api/questions', { id, bot_id: 1, del: true, index: 0 }, 'lists.question.remove'],
    ['/api/users', { id, bot_id: 1, uid: 5, demote: true }, 'userAction'],
    ['/api/users', { id, bot_id: 1, uid: 5, edit: true }, 'promoteAdmin'],
    ['/api/users', { id, bot_id: 1, viewmore: { type: 'us', ind: 10 } }, 'viewMore'],
    ['/api/bot', { id, bot_id: 1, delete_bot: true }, 'botAction'],
    ['/api/advanced', { id, bot_id: 1, rem_req: 0 }, 'removeRequirement'],
    ['/api/advanced', { id, bot_id: 1 }, 'advanced'],
    ['/api/cmdmsgs', { id, bot_id: 1, mi: 0, add: true }, 'messages.cmdmsgs.add'],
  ])('sends %s %j to %s', (path, body, name) => {
    expect(endpointFor('POST', path, body)).toBe(name);
  });

  it('knows no other path', () => {
    expect(endpointFor('POST', '/api/nothing', {})).toBeNull();
  });

  it.each([
    [
      '/api/menu',
      { id, bot_id: 1, del: true, index: 0, set: true, menu: 'x' },
      'lists.menu.remove',
    ],
    [
      '/api/cmdmsgs',
      { id, bot_id: 1, mi: 0, add: true, del: true, index: 0 },
      'messages.cmdmsgs.add',
    ],
    ['/api/users', { id, bot_id: 1, uid: 5, promote: true, ban: true }, 'promoteAdmin'],
    ['/api/advanced', { id, bot_id: 1, advanced: {}, add_req: '@x' }, 'saveAdvanced'],
  ])('sends %s %j, which carries the fields of two calls, to %s', (path, body, name) => {
    expect(endpointFor('POST', path, body)).toBe(name);
  });

  it('does not count a field set to undefined as carried', () => {
    expect(endpointFor('POST', '/api/selectBot', { id, api_token: undefined })).toBe('bots');
  });

  it('tells calls apart by method too', () => {
    expect(endpointFor('GET', '/api/dashboard', { id, bot_id: 1 })).toBe('dashboard');
    expect(endpointFor('POST', '/api/dashboard', { id, bot_id: 1 })).toBeNull();
  });
});

describe('claimedUserId', () => {
  it.each([
    ['a JSON body', 'bots', { body: { id, select: true } }, id],
    ['a query', 'dashboard', { query: { id: String(id), bot_id: '1' } }, id],
    ['a form', 'uploadShopItem', { form: { fields: { id: '7' }, files: {} } }, 7],
    [
      "a message's data",
      'uploadMessage',
      { form: { fields: { msgdata: JSON.stringify({ id: 8 }) }, files: {} } },
      8,
    ],
    ['nothing', 'bots', { body: { select: true } }, null],
  ] as const)('reads the id of %s', (_title, name, request, expected) => {
    expect(claimedUserId(name, { userId: id, ...request })).toBe(expected);
  });

  it.each([
    ['captcha', { id: 'demo-captcha', correct: true, msg_id: '42' }],
    ['captchaGrid', { id: 'demo-captcha', msg_id: '42', grid: 'current' }],
    ['upgrade', { id: 5, bot: 1 }],
  ] as const)('claims no user for %s, whose id is not a user id', (name, body) => {
    expect(claimedUserId(name, { userId: id, body })).toBeNull();
  });

  it('answers NaN for an id that is not a number', () => {
    expect(claimedUserId('bots', { userId: id, body: { id: 'dana' } })).toBeNaN();
  });
});
