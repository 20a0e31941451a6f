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
