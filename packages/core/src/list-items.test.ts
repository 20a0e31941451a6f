import { describe, expect, it } from 'vitest';
import { LIST_ITEMS, messagesApiPath, messagesRoute } from './list-items';

describe('LIST_ITEMS', () => {
  it.each([
    ['menu', 15],
    ['question', 15],
    ['command', 30],
    ['startPayload', 20],
  ] as const)('limits %s names to %i characters', (kind, max) => {
    expect(LIST_ITEMS[kind].nameMaxLength).toBe(max);
  });

  it.each([
    ['menu', 'menu', 'menus', 'menu'],
    ['question', 'questions', 'replies', 'replies'],
    ['command', 'commands', 'commands', 'command'],
    ['startPayload', 'startPayload', 'startPayloads', 'startPayload'],
  ] as const)(
    'calls %s at /api/%s with list field %s and create field %s',
    (kind, apiPath, listField, createField) => {
      expect(LIST_ITEMS[kind]).toMatchObject({ apiPath, listField, createField });
    },
  );
});

describe('messagesRoute and messagesApiPath', () => {
  it.each([
    ['menu', 'menu-messages', 'menumsgs'],
    ['question', 'qa-messages', 'qamsgs'],
    ['command', 'cmd-messages', 'cmdmsgs'],
    ['startPayload', 'sp-messages', 'spmsgs'],
    ['startMessage', 'startmsg', 'startmsg'],
  ] as const)('put %s messages at /%s and /api/%s', (kind, route, apiPath) => {
    expect([messagesRoute(kind), messagesApiPath(kind)]).toEqual([route, apiPath]);
  });
});
