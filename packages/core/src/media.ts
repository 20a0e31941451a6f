export const MEDIA_TYPES = ['photo', 'video', 'audio', 'file'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** The shop stores a reward's media type as a number (SPEC 3). */
export const MEDIA_TYPE_CODES = {
  photo: 0,
  video: 1,
  audio: 2,
  file: 3,
} as const satisfies Record<MediaType, number>;
export type MediaTypeCode = (typeof MEDIA_TYPE_CODES)[MediaType];

export function mediaTypeToCode(type: MediaType): MediaTypeCode {
  return MEDIA_TYPE_CODES[type];
}

/** The media type for a code, or null for a code the app does not know. */
export function mediaTypeFromCode(code: number): MediaType | null {
  return MEDIA_TYPES.find((type) => MEDIA_TYPE_CODES[type] === code) ?? null;
}

export function isMediaType(value: string): value is MediaType {
  return (MEDIA_TYPES as readonly string[]).includes(value);
}

/**
 * The name a stored media URL gives its file: the last segment of its path, decoded. None ('')
 * for a data or blob URL, or a URL whose path has no segment: the screens then show a generic
 * label rather than the address.
 */
export function mediaNameFromUrl(url: string): string {
  if (/^(data|blob):/i.test(url)) return '';
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] ?? '';
  const last = path.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last; // a stray % is part of the name
  }
}
