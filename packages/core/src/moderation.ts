/** Media moderation types, spelled as the API sends them. */
export const MODERATION_TYPES = [
  'Photo',
  'Video',
  'Voice',
  'Audio',
  'Document',
  'Sticker',
  'Animation',
  'Location',
  'Contact',
  'Video Note',
  'Poll',
] as const;
export type ModerationType = (typeof MODERATION_TYPES)[number];

export const MODERATION_ACTIONS = ['Ban', 'Filter'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Turning a type on starts with Filter, the milder action (SPEC 4). */
export const DEFAULT_MODERATION_ACTION: ModerationAction = 'Filter';

export const MODERATION_TYPE_LABEL_KEYS = {
  Photo: 'moderation.types.photo',
  Video: 'moderation.types.video',
  Voice: 'moderation.types.voice',
  Audio: 'moderation.types.audio',
  Document: 'moderation.types.document',
  Sticker: 'moderation.types.sticker',
  Animation: 'moderation.types.animation',
  Location: 'moderation.types.location',
  Contact: 'moderation.types.contact',
  'Video Note': 'moderation.types.videoNote',
  Poll: 'moderation.types.poll',
} as const satisfies Record<ModerationType, string>;

export const MODERATION_ACTION_LABEL_KEYS = {
  Ban: 'moderation.actions.ban',
  Filter: 'moderation.actions.filter',
} as const satisfies Record<ModerationAction, string>;

/** The fields of a Telegram message that tell its media type (grammY's Message, structurally). */
export interface MessageMediaFields {
  photo?: unknown;
  video?: unknown;
  voice?: unknown;
  audio?: unknown;
  document?: unknown;
  sticker?: unknown;
  animation?: unknown;
  location?: unknown;
  venue?: unknown;
  contact?: unknown;
  video_note?: unknown;
  poll?: unknown;
}

/** Telegram's message field for each moderation type, in the order they are looked for. */
const MODERATION_FIELDS: ReadonlyArray<readonly [keyof MessageMediaFields, ModerationType]> = [
  // An animation (a GIF) comes with a `document` too: it is looked for first.
  ['animation', 'Animation'],
  ['photo', 'Photo'],
  ['video', 'Video'],
  ['voice', 'Voice'],
  ['audio', 'Audio'],
  ['sticker', 'Sticker'],
  ['video_note', 'Video Note'],
  ['document', 'Document'],
  // A venue is a place: it carries its `location` and is moderated as one.
  ['venue', 'Location'],
  ['location', 'Location'],
  ['contact', 'Contact'],
  ['poll', 'Poll'],
];

/** The moderation type of a message (as the /media screen names it), or null for none. */
export function moderationTypeOf(message: MessageMediaFields): ModerationType | null {
  return MODERATION_FIELDS.find(([field]) => message[field] !== undefined)?.[1] ?? null;
}
