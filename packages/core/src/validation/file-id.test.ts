import { describe, expect, it } from 'vitest';
import { FILE_ID_PREFIXES, validateFileId } from './file-id';

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
