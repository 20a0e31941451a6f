import type { ModerationReason, TestDriveItem } from '@botdeck/api';
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import ru from '../../../../locales/ru.json';
import { createTranslator } from '../../i18n/translator';
import { chatItemsOf, reasonText } from './chat-items';

// Parameters come back isolated (FSI…PDI), as the reader's language may run the other way.
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');
const english = createTranslator('en', { en });
const t: typeof english.t = (key, params) => plain(english.t(key, params));

describe('reasonText', () => {
  it.each([
    [{ rule: 'link', link: 'example.com' }, 'link to example.com is not allowed'],
    [{ rule: 'script', script: 'cyrillic' }, 'Cyrillic letters are not allowed'],
    [{ rule: 'media', type: 'Video Note' }, 'Video Note is not allowed here'],
    [{ rule: 'antispam', sent: 4, allowed: 3, seconds: 5 }, 'more than 3 messages in 5 s'],
    [{ rule: 'join', chats: ['@bakery', '@news'] }, 'not a member of @bakery, @news'],
  ] satisfies Array<[ModerationReason, string]>)('says %j as %s', (reason, text) => {
    expect(reasonText(reason, t)).toBe(text);
  });

  it('names scripts and media in the reader’s language', () => {
    const russian = createTranslator('ru', { en, ru });
    const say = (key: Parameters<typeof russian.t>[0], params?: Parameters<typeof russian.t>[1]) =>
      plain(russian.t(key, params));
    expect(reasonText({ rule: 'script', script: 'arabic' }, say)).toBe(
      'буквы письменности «арабская» запрещены',
    );
    expect(reasonText({ rule: 'media', type: 'Sticker' }, say)).toBe('Стикер: запрещено здесь');
  });
});

describe('chatItemsOf', () => {
  const deleted: TestDriveItem = {
    kind: 'message',
    id: 7,
    from: 'me',
    name: 'Dana Demo',
    date: 1_764_403_200,
    html: 'buy here',
    media: null,
    buttons: [],
    effect: null,
    edited: false,
    reply_to: null,
    deleted: {
      reasons: [
        { rule: 'link', link: 'example.com' },
        { rule: 'script', script: 'latin' },
      ],
    },
  };

  it('keeps a deleted message, then says it was deleted and why, reasons joined by "; "', () => {
    expect(chatItemsOf([deleted], 'group', t)).toEqual([
      expect.objectContaining({ kind: 'message', id: 7, name: 'Dana Demo', html: 'buy here' }),
      {
        kind: 'service',
        id: 'deleted-7',
        event: 'deleted',
        detail: 'link to example.com is not allowed; Latin letters are not allowed',
      },
    ]);
  });

  it('names no sender in a private chat, and gives a punishment its reasons', () => {
    const [message] = chatItemsOf([{ ...deleted, deleted: null }], 'private', t);
    expect(message).not.toHaveProperty('name');
    expect(
      chatItemsOf(
        [
          {
            kind: 'service',
            id: 'r1',
            event: 'banned',
            name: 'Dana Demo',
            reasons: [{ rule: 'media', type: 'Photo' }],
          },
        ],
        'group',
        t,
      ),
    ).toEqual([
      {
        kind: 'service',
        id: 'service-r1',
        event: 'banned',
        name: 'Dana Demo',
        detail: 'Photo is not allowed here',
      },
    ]);
  });

  it('passes on where the person went and where their messages went', () => {
    expect(
      chatItemsOf(
        [
          { kind: 'service', id: 'e1', event: 'joinedChat', name: 'Bakery News', reasons: [] },
          {
            kind: 'service',
            id: 'd3',
            event: 'sentToTeam',
            name: 'Dana Demo',
            reasons: [],
            team: ['Dana Demo', 'Chen Haddad'],
          },
          {
            kind: 'service',
            id: 'd4',
            event: 'sentToTopic',
            name: 'Dana Demo (7900000001)',
            reasons: [],
            group: 'Dana Helper team',
          },
        ],
        'private',
        t,
      ),
    ).toEqual([
      { kind: 'service', id: 'service-e1', event: 'joinedChat', name: 'Bakery News' },
      {
        kind: 'service',
        id: 'service-d3',
        event: 'sentToTeam',
        name: 'Dana Demo',
        names: ['Dana Demo', 'Chen Haddad'],
      },
      {
        kind: 'service',
        id: 'service-d4',
        event: 'sentToTopic',
        name: 'Dana Demo (7900000001)',
        group: 'Dana Helper team',
      },
    ]);
  });
});
