import { describe, expect, it } from 'vitest';
import { MODERATION_TYPES, moderationTypeOf } from './moderation';

describe('moderationTypeOf', () => {
  it.each([
    [{ photo: [{}] }, 'Photo'],
    [{ video: {} }, 'Video'],
    [{ voice: {} }, 'Voice'],
    [{ audio: {} }, 'Audio'],
    [{ document: {} }, 'Document'],
    [{ sticker: {} }, 'Sticker'],
    // Telegram sends a GIF with both fields.
    [{ animation: {}, document: {} }, 'Animation'],
    [{ location: {} }, 'Location'],
    [{ venue: {}, location: {} }, 'Location'],
    [{ contact: {} }, 'Contact'],
    [{ video_note: {} }, 'Video Note'],
    [{ poll: {} }, 'Poll'],
  ] as const)('reads %j as %s', (message, type) => {
    expect(moderationTypeOf(message)).toBe(type);
  });

  it('names every type the /media screen lists', () => {
    const fields = [
      'photo',
      'video',
      'voice',
      'audio',
      'document',
      'sticker',
      'animation',
      'location',
      'contact',
      'video_note',
      'poll',
    ];
    const read = fields.map((field) => moderationTypeOf({ [field]: {} }));
    expect(new Set(read)).toEqual(new Set(MODERATION_TYPES));
  });

  it('finds none in a text', () => {
    expect(moderationTypeOf({})).toBeNull();
  });
});
