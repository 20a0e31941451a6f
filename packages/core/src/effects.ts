export const EMOJI_EFFECTS = ['none', 'party', 'heart', 'thumbsUp', 'fire'] as const;
export type EmojiEffect = (typeof EMOJI_EFFECTS)[number];

/**
 * Telegram's `message_effect_id` for each effect (Bot API sendMessage), null for none.
 * These are the ids Telegram gives its free effects; bots send them as strings.
 */
export const EMOJI_EFFECT_IDS = {
  none: null,
  party: '5046509860389126442',
  heart: '5159385139981059251',
  thumbsUp: '5107584321108051014',
  fire: '5104841245755180586',
} as const satisfies Record<EmojiEffect, string | null>;

export const EMOJI_EFFECT_SYMBOLS = {
  none: null,
  party: '🎉',
  heart: '❤️',
  thumbsUp: '👍',
  fire: '🔥',
} as const satisfies Record<EmojiEffect, string | null>;

/** The effect for a stored message_effect_id; an unknown or empty id shows as none. */
export function emojiEffectFromId(id: string | null | undefined): EmojiEffect {
  if (!id) return 'none';
  return EMOJI_EFFECTS.find((effect) => EMOJI_EFFECT_IDS[effect] === id) ?? 'none';
}
