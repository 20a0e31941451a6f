import { describe, expect, it } from 'vitest';
import {
  countedMessages,
  LIST_ITEMS,
  MESSAGES_API_PATHS,
  messagesApiPath,
  messagesRoute,
} from './list-items';

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

describe('MESSAGES_API_PATHS', () => {
  it('holds the messages path of every owner, once', () => {
    expect([...MESSAGES_API_PATHS].sort()).toEqual([
      'cmdmsgs',
      'menumsgs',
      'qamsgs',
      'spmsgs',
      'startmsg',
    ]);
  });
});

describe('countedMessages', () => {
  it('counts every message of an item that is not a Q&A', () => {
    expect(countedMessages('menu', 1)).toBe(1);
    expect(countedMessages('startMessage', 3)).toBe(3);
  });

  it("leaves a Q&A's question out of the count", () => {
    expect(countedMessages('question', 1)).toBe(0);
    expect(countedMessages('question', 2)).toBe(1);
    expect(countedMessages('question', 0)).toBe(0);
  });
});
