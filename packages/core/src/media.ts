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
