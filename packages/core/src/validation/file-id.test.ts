import { describe, expect, it } from 'vitest';
import { FILE_ID_PREFIXES, ownerFileIdOf, telegramFileOf, validateFileId } from './file-id';

describe('validateFileId', () => {
  it.each([...FILE_ID_PREFIXES])('accepts an id starting with %s', (prefix) => {
    expect(validateFileId(`${prefix}AgACAgQAAxkBAAI`)).toBeNull();
  });

  it('knows exactly the eight prefixes of the spec', () => {
    expect(FILE_ID_PREFIXES).toEqual([
      'photo-',
      'video-',
      'video_note-',
      'audio-',
      'voice-',
      'animation-',
      'sticker-',
      'document-',
    ]);
  });

  it.each(['', '   '])('requires an id, rejecting %j', (id) => {
    expect(validateFileId(id)).toEqual({ key: 'validation.media.fileIdRequired' });
  });

  it.each(['gif-AgAC', 'AgACAgQAAxkBAAI', 'photo_AgAC', 'Photo-AgAC'])('rejects %s', (id) => {
    expect(validateFileId(id)).toEqual({ key: 'validation.media.fileIdInvalid' });
  });

  it('rejects a prefix with nothing after it', () => {
    expect(validateFileId('photo-')).toEqual({ key: 'validation.media.fileIdInvalid' });
  });
});

describe('telegramFileOf', () => {
  it.each([
    ['photo-AgACAgQAAxkBAAI', { kind: 'photo', fileId: 'AgACAgQAAxkBAAI' }],
    ['video_note-DQACAgIAAxk', { kind: 'video_note', fileId: 'DQACAgIAAxk' }],
    ['video-BAACAgIAAxk', { kind: 'video', fileId: 'BAACAgIAAxk' }],
    [' document-BQACAg-IAAxk ', { kind: 'document', fileId: 'BQACAg-IAAxk' }],
  ])('reads %j as Telegram’s file id and its kind', (id, expected) => {
    expect(telegramFileOf(id)).toEqual(expected);
  });

  it.each(['AgACAgQAAxkBAAI', 'photo-', 'gif-AgAC', 'Photo-AgAC'])('knows no kind in %j', (id) => {
    expect(telegramFileOf(id)).toBeNull();
  });
});

describe('ownerFileIdOf', () => {
  it.each(FILE_ID_PREFIXES.map((prefix) => prefix.slice(0, -1)))(
    'gives a %s file id the prefix the rule and telegramFileOf read',
    (kind) => {
      const given = ownerFileIdOf(kind as Parameters<typeof ownerFileIdOf>[0], 'AgACAgIAAxkB');
      expect(validateFileId(given)).toBeNull();
      expect(telegramFileOf(given)).toEqual({ kind, fileId: 'AgACAgIAAxkB' });
    },
  );
});
