import { describe, expect, it } from 'vitest';
import { EMOJI_EFFECT_IDS, EMOJI_EFFECTS, emojiEffectFromId } from './effects';

describe('emoji effects', () => {
  it('offers none, party, heart, thumbs up and fire', () => {
    expect(EMOJI_EFFECTS).toEqual(['none', 'party', 'heart', 'thumbsUp', 'fire']);
  });

  it.each(['party', 'heart', 'thumbsUp', 'fire'] as const)(
    'reads the id of %s back as %s',
    (effect) => {
      expect(emojiEffectFromId(EMOJI_EFFECT_IDS[effect])).toBe(effect);
    },
  );

  it.each([null, undefined, '', '123'])('reads %s as none', (id) => {
    expect(emojiEffectFromId(id)).toBe('none');
  });
});
