import { safeUrl } from '@botdeck/core';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps, SyntheticEvent } from 'react';
import { useState } from 'react';
import { cn } from '../utils/cn';
import styles from './avatar.module.css';

/** Telegram's seven avatar hues, in Telegram's own order (id % 7). */
export const AVATAR_COLORS = ['red', 'orange', 'violet', 'green', 'cyan', 'blue', 'pink'] as const;
export type AvatarColor = (typeof AVATAR_COLORS)[number];

/**
 * The colour for an id: the same id always gets the same colour. Numbers (Telegram ids) map as
 * Telegram maps them, `id % 7`; strings are hashed first.
 */
export function avatarColor(id: number | string): AvatarColor {
  let seed: number;
  if (typeof id === 'number' && Number.isFinite(id)) {
    seed = Math.abs(Math.trunc(id));
  } else {
    // A small, stable string hash (djb2); it only has to spread names over seven colours.
    seed = 5381;
    for (const char of String(id)) seed = ((seed * 33) ^ (char.codePointAt(0) ?? 0)) >>> 0;
  }
  return AVATAR_COLORS[seed % AVATAR_COLORS.length] ?? 'blue';
}

/**
 * A first character that is a whole user-perceived character when the next one does not join
 * it: a letter or digit, but not Hangul (jamo and syllables combine with the jamo after them) nor
 * one of the few letters Unicode has join the character after them (Prepend).
 */
const STANDS_ALONE =
  /^(?![\u1100-\u11ff\uac00-\ud7ff\ua960-\ua97f\u0d4e\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}])[\p{L}\p{N}]/u;

/**
 * What joins the character before it into one user-perceived character: combining marks
 * (variation selectors and virama included), joiners, skin tones, tag characters, and the few
 * letters Unicode counts as marks here (Thai sara am, Lao am, halfwidth kana voicing marks).
 */
const JOINS_BEFORE =
  /^(?:\p{M}|\u200c|\u200d|[\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}\u0e33\u0eb3\uff9e\uff9f])/u;

let graphemes: Intl.Segmenter | undefined;

/**
 * The first user-perceived character of a name, upper-cased in its own script: "А" for "алиса",
 * "ب" for "بوت", a whole flag or family emoji rather than half of one. Most names start with a
 * letter that stands alone, read without Intl.Segmenter: the first Segmenter of a page costs
 * 10 to 15 ms of the main thread on a mid-range phone (Lighthouse's 4x slowdown: about 45 ms on
 * /selectbot's first load, one per avatar before it was kept), so it is made once, for the
 * others (emoji, flags, marks, Hangul).
 */
export function avatarInitial(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') return '?';
  // The first two code points: four UTF-16 units always hold two.
  const [first = '', second = ''] = Array.from(trimmed.slice(0, 4));
  if (STANDS_ALONE.test(first) && !JOINS_BEFORE.test(second)) return first.toLocaleUpperCase();
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const segment = graphemes.segment(trimmed)[Symbol.iterator]().next().value?.segment ?? '?';
  return segment.toLocaleUpperCase();
}

export const avatarVariants = cva(styles.avatar, {
  variants: {
    size: { sm: styles.sm, md: styles.md, lg: styles.lg, xl: styles.xl },
    color: {
      red: styles.red,
      orange: styles.orange,
      violet: styles.violet,
      green: styles.green,
      cyan: styles.cyan,
      blue: styles.blue,
      pink: styles.pink,
    },
  },
  defaultVariants: { size: 'md', color: 'blue' },
});

export interface AvatarProps
  extends Omit<ComponentProps<'span'>, 'children' | 'id' | 'color' | 'onError'>,
    Omit<VariantProps<typeof avatarVariants>, 'color'> {
  /** The bot's, user's or channel's id: it picks the circle's colour, the same every time. */
  id: number | string;
  /** The name; its first character is shown when there is no photo. */
  name: string;
  /**
   * The photo's URL. When missing, refused by core's `safeUrl` (not http(s) nor a root path) or
   * failing to load, the coloured initial shows instead.
   */
  src?: string | null;
  /**
   * The accessible name. Left out, the avatar is decorative, which suits the usual case of a
   * name printed beside it.
   */
  alt?: string;
  /** Called when the photo fails to load (the initial is already showing by then). */
  onError?: (event: SyntheticEvent<HTMLImageElement>) => void;
}

/** A round photo, or a coloured circle with the name's first letter. */
export function Avatar({
  id,
  name,
  src,
  alt,
  size,
  onError,
  className,
  style,
  ...props
}: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const color = avatarColor(id);
  // The photo comes from a server: anything but an http(s) URL or a root path leaves the initial.
  const photo = safeUrl(src);
  const showImage = photo !== null && failedSrc !== photo;
  const a11y =
    alt !== undefined && alt !== ''
      ? { role: 'img' as const, 'aria-label': alt }
      : { 'aria-hidden': true as const };

  return (
    <span
      data-slot="avatar"
      data-size={size ?? 'md'}
      data-color={color}
      data-state={showImage ? 'image' : 'initial'}
      {...a11y}
      className={cn(avatarVariants({ size, color }), className)}
      style={style}
      {...props}
    >
      {/* Under the photo too, so a slow or broken photo never leaves an empty circle. */}
      <span data-slot="avatar-initial" className={styles.initial}>
        {avatarInitial(name)}
      </span>
      {showImage && photo !== null ? (
        // biome-ignore lint/a11y/noNoninteractiveElementInteractions: onError is a load event, not an interaction.
        <img
          data-slot="avatar-image"
          src={photo}
          alt=""
          className={styles.image}
          onError={(event) => {
            setFailedSrc(photo);
            onError?.(event);
          }}
        />
      ) : null}
    </span>
  );
}
