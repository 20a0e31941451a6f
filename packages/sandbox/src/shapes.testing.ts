import type {
  Animation,
  Audio,
  BotCommand,
  CallbackQuery,
  Chat,
  ChatFullInfo,
  ChatJoinRequest,
  ChatMemberAdministrator,
  ChatMemberBanned,
  ChatMemberLeft,
  ChatMemberMember,
  ChatMemberOwner,
  ChatMemberRestricted,
  ChatMemberUpdated,
  ChatPermissions,
  Document,
  File,
  ForumTopic,
  ForumTopicCreated,
  InlineKeyboardButton,
  InlineKeyboardMarkup,
  Invoice,
  LinkPreviewOptions,
  Message,
  MessageEntity,
  MessageId,
  MessageOriginUser,
  PhotoSize,
  PreCheckoutQuery,
  RefundedPayment,
  StarTransaction,
  StarTransactions,
  SuccessfulPayment,
  TransactionPartnerUser,
  Update,
  User,
  UserFromGetMe,
  UserProfilePhotos,
  Video,
  VideoNote,
  Voice,
  WebhookInfo,
} from '@grammyjs/types';

/**
 * Telegram's published types (@grammyjs/types) as data, for the drift test: each object's keys
 * the sandbox may send (tsc checks every name against the type: a key the type does not have
 * does not compile) and its required keys (tsc checks the list is exactly the type's required
 * keys). `driftOf` then walks an answer and names every key Telegram's types do not have and
 * every required key that is missing.
 */

/** The keys of T that are not optional. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T] &
  string;

/** Keys of every member of a union. */
type AllKeys<T> = T extends unknown ? keyof T & string : never;

/** `Given` when it names exactly the keys of `Wanted`, never otherwise. */
type Exactly<Given extends string, Wanted extends string> = [Exclude<Wanted, Given>] extends [never]
  ? [Exclude<Given, Wanted>] extends [never]
    ? Given
    : never
  : never;

type Field = Shape | 'json' | readonly [Field];

export interface Shape {
  kind: 'object';
  name: string;
  keys: ReadonlySet<string>;
  required: readonly string[];
  fields: Readonly<Record<string, Field>>;
}

interface Variants {
  kind: 'variants';
  name: string;
  by: string;
  shapes: Readonly<Record<string, Shape>>;
}

type AnyShape = Shape | Variants;

/** A shape for T: its required keys (exactly T's) and the optional ones the sandbox sends. */
function shape<T>() {
  return <const Required extends readonly (keyof T & string)[]>(
    name: string,
    spec: {
      required: Required & readonly Exactly<Required[number], RequiredKeys<T>>[];
      optional?: readonly Exclude<AllKeys<T>, Required[number]>[];
      fields?: Partial<
        Record<AllKeys<T>, Field | AnyShape | readonly [AnyShape | readonly [AnyShape]]>
      >;
    },
  ): Shape => ({
    kind: 'object',
    name,
    keys: new Set([...spec.required, ...(spec.optional ?? [])]),
    required: spec.required,
    fields: (spec.fields ?? {}) as Record<string, Field>,
  });
}

function variants(name: string, by: string, shapes: Record<string, Shape>): Variants {
  return { kind: 'variants', name, by, shapes };
}

const USER = shape<User>()('User', {
  required: ['id', 'is_bot', 'first_name'],
  optional: ['last_name', 'username', 'language_code', 'is_premium'],
});

export const GET_ME = shape<UserFromGetMe>()('UserFromGetMe', {
  required: [
    'id',
    'is_bot',
    'first_name',
    'username',
    'can_join_groups',
    'can_read_all_group_messages',
    'supports_inline_queries',
    'can_connect_to_business',
    'has_main_web_app',
    'has_topics_enabled',
    'allows_users_to_create_topics',
    'can_manage_bots',
    'supports_join_request_queries',
  ],
});

const PRIVATE_CHAT = shape<Chat.PrivateChat>()('Chat (private)', {
  required: ['id', 'type', 'first_name'],
  optional: ['last_name', 'username'],
});
const SUPERGROUP_CHAT = shape<Chat.SupergroupChat>()('Chat (supergroup)', {
  required: ['id', 'type', 'title'],
  optional: ['username', 'is_forum'],
});
const CHAT = variants('Chat', 'type', {
  private: PRIVATE_CHAT,
  supergroup: SUPERGROUP_CHAT,
});

const PERMISSIONS = shape<ChatPermissions>()('ChatPermissions', {
  required: [],
  optional: [
    'can_send_messages',
    'can_send_audios',
    'can_send_documents',
    'can_send_photos',
    'can_send_videos',
    'can_send_video_notes',
    'can_send_voice_notes',
    'can_send_polls',
    'can_send_other_messages',
    'can_add_web_page_previews',
    'can_change_info',
    'can_invite_users',
    'can_pin_messages',
    'can_manage_topics',
  ],
});

const GIFT_TYPES = {
  kind: 'object',
  name: 'AcceptedGiftTypes',
  keys: new Set<string>(),
  required: [],
  fields: {},
} satisfies Shape;

export const CHAT_FULL_INFO = variants('ChatFullInfo', 'type', {
  private: shape<ChatFullInfo.PrivateChat>()('ChatFullInfo (private)', {
    required: [
      'id',
      'type',
      'first_name',
      'accent_color_id',
      'max_reaction_count',
      'accepted_gift_types',
    ],
    optional: ['last_name', 'username'],
    fields: { accepted_gift_types: 'json' },
  }),
  supergroup: shape<ChatFullInfo.SupergroupChat>()('ChatFullInfo (supergroup)', {
    required: [
      'id',
      'type',
      'title',
      'accent_color_id',
      'max_reaction_count',
      'accepted_gift_types',
    ],
    optional: ['username', 'active_usernames', 'is_forum', 'permissions'],
    fields: { accepted_gift_types: 'json', permissions: PERMISSIONS, active_usernames: ['json'] },
  }),
});
void GIFT_TYPES;

const ENTITY = shape<MessageEntity>()('MessageEntity', {
  required: ['type', 'offset', 'length'],
  optional: ['url', 'user', 'language', 'custom_emoji_id'],
  fields: { user: USER },
});

const BUTTON = shape<InlineKeyboardButton>()('InlineKeyboardButton', {
  required: ['text'],
  optional: [
    'url',
    'callback_data',
    'web_app',
    'login_url',
    'switch_inline_query',
    'switch_inline_query_current_chat',
    'callback_game',
    'pay',
    'copy_text',
  ],
  fields: { web_app: 'json', login_url: 'json', callback_game: 'json', copy_text: 'json' },
});

const INLINE_KEYBOARD = shape<InlineKeyboardMarkup>()('InlineKeyboardMarkup', {
  required: ['inline_keyboard'],
  fields: { inline_keyboard: [[BUTTON]] },
});

const PHOTO_SIZE = shape<PhotoSize>()('PhotoSize', {
  required: ['file_id', 'file_unique_id', 'width', 'height'],
  optional: ['file_size'],
});
const FILE_KEYS = ['file_name', 'mime_type', 'file_size'] as const;
const VIDEO = shape<Video>()('Video', {
  required: ['file_id', 'file_unique_id', 'width', 'height', 'duration'],
  optional: FILE_KEYS,
});
const ANIMATION = shape<Animation>()('Animation', {
  required: ['file_id', 'file_unique_id', 'width', 'height', 'duration'],
  optional: FILE_KEYS,
});
const AUDIO = shape<Audio>()('Audio', {
  required: ['file_id', 'file_unique_id', 'duration'],
  optional: FILE_KEYS,
});
const DOCUMENT = shape<Document>()('Document', {
  required: ['file_id', 'file_unique_id'],
  optional: FILE_KEYS,
});
const VOICE = shape<Voice>()('Voice', {
  required: ['file_id', 'file_unique_id', 'duration'],
  optional: ['mime_type', 'file_size'],
});
const VIDEO_NOTE = shape<VideoNote>()('VideoNote', {
  required: ['file_id', 'file_unique_id', 'length', 'duration'],
  optional: ['file_size'],
});

const INVOICE = shape<Invoice>()('Invoice', {
  required: ['title', 'description', 'start_parameter', 'currency', 'total_amount'],
});
const SUCCESSFUL_PAYMENT = shape<SuccessfulPayment>()('SuccessfulPayment', {
  required: [
    'currency',
    'total_amount',
    'invoice_payload',
    'telegram_payment_charge_id',
    'provider_payment_charge_id',
  ],
  optional: ['subscription_expiration_date', 'is_recurring', 'is_first_recurring'],
});
const REFUNDED_PAYMENT = shape<RefundedPayment>()('RefundedPayment', {
  required: ['currency', 'total_amount', 'invoice_payload', 'telegram_payment_charge_id'],
  optional: ['provider_payment_charge_id'],
});
const TOPIC_CREATED = shape<ForumTopicCreated>()('ForumTopicCreated', {
  required: ['name', 'icon_color'],
});
const ORIGIN = shape<MessageOriginUser>()('MessageOriginUser', {
  required: ['type', 'date', 'sender_user'],
  fields: { sender_user: USER },
});
const PREVIEW = shape<LinkPreviewOptions>()('LinkPreviewOptions', {
  required: [],
  optional: ['is_disabled', 'url', 'prefer_small_media', 'prefer_large_media', 'show_above_text'],
});

const MESSAGE_KEYS = [
  'from',
  'message_thread_id',
  'is_topic_message',
  'reply_to_message',
  'text',
  'entities',
  'caption',
  'caption_entities',
  'photo',
  'video',
  'audio',
  'document',
  'animation',
  'voice',
  'video_note',
  'sticker',
  'location',
  'contact',
  'poll',
  'has_media_spoiler',
  'link_preview_options',
  'effect_id',
  'has_protected_content',
  'reply_markup',
  'edit_date',
  'forward_origin',
  'invoice',
  'successful_payment',
  'refunded_payment',
  'new_chat_members',
  'left_chat_member',
  'forum_topic_created',
  'forum_topic_closed',
  'forum_topic_reopened',
] as const;

const messageFields = (self: () => Shape) => ({
  from: USER,
  chat: CHAT,
  entities: [ENTITY] as const,
  caption_entities: [ENTITY] as const,
  reply_markup: INLINE_KEYBOARD,
  photo: [PHOTO_SIZE] as const,
  video: VIDEO,
  audio: AUDIO,
  document: DOCUMENT,
  animation: ANIMATION,
  voice: VOICE,
  video_note: VIDEO_NOTE,
  sticker: 'json' as const,
  location: 'json' as const,
  contact: 'json' as const,
  poll: 'json' as const,
  link_preview_options: PREVIEW,
  forward_origin: ORIGIN,
  invoice: INVOICE,
  successful_payment: SUCCESSFUL_PAYMENT,
  refunded_payment: REFUNDED_PAYMENT,
  new_chat_members: [USER] as const,
  left_chat_member: USER,
  forum_topic_created: TOPIC_CREATED,
  forum_topic_closed: 'json' as const,
  forum_topic_reopened: 'json' as const,
  get reply_to_message() {
    return self();
  },
});

export const MESSAGE: Shape = shape<Message>()('Message', {
  required: ['message_id', 'date', 'chat'],
  optional: MESSAGE_KEYS,
  fields: messageFields(() => MESSAGE),
});

export const MESSAGE_ID = shape<MessageId>()('MessageId', { required: ['message_id'] });

const MEMBER_OWNER = shape<ChatMemberOwner>()('ChatMemberOwner', {
  required: ['status', 'user', 'is_anonymous'],
  fields: { user: USER },
});
const MEMBER_ADMINISTRATOR = shape<ChatMemberAdministrator>()('ChatMemberAdministrator', {
  required: [
    'status',
    'user',
    'can_be_edited',
    'is_anonymous',
    'can_manage_chat',
    'can_delete_messages',
    'can_manage_video_chats',
    'can_restrict_members',
    'can_promote_members',
    'can_change_info',
    'can_invite_users',
    'can_post_stories',
    'can_edit_stories',
    'can_delete_stories',
    'can_send_welcome_messages',
  ],
  optional: ['can_pin_messages', 'can_manage_topics'],
  fields: { user: USER },
});
const MEMBER_MEMBER = shape<ChatMemberMember>()('ChatMemberMember', {
  required: ['status', 'user'],
  fields: { user: USER },
});
const MEMBER_RESTRICTED = shape<ChatMemberRestricted>()('ChatMemberRestricted', {
  required: [
    'status',
    'user',
    'is_member',
    'can_send_messages',
    'can_send_audios',
    'can_send_documents',
    'can_send_photos',
    'can_send_videos',
    'can_send_video_notes',
    'can_send_voice_notes',
    'can_send_polls',
    'can_send_other_messages',
    'can_add_web_page_previews',
    'can_react_to_messages',
    'can_change_info',
    'can_invite_users',
    'can_edit_tag',
    'can_pin_messages',
    'can_manage_topics',
    'until_date',
  ],
  fields: { user: USER },
});
const MEMBER_LEFT = shape<ChatMemberLeft>()('ChatMemberLeft', {
  required: ['status', 'user'],
  fields: { user: USER },
});
const MEMBER_BANNED = shape<ChatMemberBanned>()('ChatMemberBanned', {
  required: ['status', 'user', 'until_date'],
  fields: { user: USER },
});
export const CHAT_MEMBER = variants('ChatMember', 'status', {
  creator: MEMBER_OWNER,
  administrator: MEMBER_ADMINISTRATOR,
  member: MEMBER_MEMBER,
  restricted: MEMBER_RESTRICTED,
  left: MEMBER_LEFT,
  kicked: MEMBER_BANNED,
});

const MEMBER_UPDATED = shape<ChatMemberUpdated>()('ChatMemberUpdated', {
  required: ['chat', 'from', 'date', 'old_chat_member', 'new_chat_member'],
  optional: ['via_join_request'],
  fields: { chat: CHAT, from: USER, old_chat_member: CHAT_MEMBER, new_chat_member: CHAT_MEMBER },
});
const JOIN_REQUEST = shape<ChatJoinRequest>()('ChatJoinRequest', {
  required: ['chat', 'from', 'user_chat_id', 'date'],
  optional: ['bio'],
  fields: { chat: CHAT, from: USER },
});
const CALLBACK_QUERY = shape<CallbackQuery>()('CallbackQuery', {
  required: ['id', 'from', 'chat_instance'],
  optional: ['message', 'data'],
  fields: { from: USER, message: MESSAGE },
});
const PRE_CHECKOUT = shape<PreCheckoutQuery>()('PreCheckoutQuery', {
  required: ['id', 'from', 'currency', 'total_amount', 'invoice_payload'],
  fields: { from: USER },
});

export const UPDATE = shape<Update>()('Update', {
  required: ['update_id'],
  optional: [
    'message',
    'edited_message',
    'callback_query',
    'my_chat_member',
    'chat_member',
    'chat_join_request',
    'pre_checkout_query',
  ],
  fields: {
    message: MESSAGE,
    edited_message: MESSAGE,
    callback_query: CALLBACK_QUERY,
    my_chat_member: MEMBER_UPDATED,
    chat_member: MEMBER_UPDATED,
    chat_join_request: JOIN_REQUEST,
    pre_checkout_query: PRE_CHECKOUT,
  },
});

export const WEBHOOK_INFO = shape<WebhookInfo>()('WebhookInfo', {
  required: ['has_custom_certificate', 'pending_update_count'],
  optional: [
    'url',
    'ip_address',
    'last_error_date',
    'last_error_message',
    'max_connections',
    'allowed_updates',
  ],
  fields: { allowed_updates: ['json'] },
});

export const BOT_COMMAND = shape<BotCommand>()('BotCommand', {
  required: ['command', 'description'],
});
export const FILE = shape<File>()('File', {
  required: ['file_id', 'file_unique_id'],
  optional: ['file_size', 'file_path'],
});
export const FORUM_TOPIC = shape<ForumTopic>()('ForumTopic', {
  required: ['message_thread_id', 'name', 'icon_color'],
});
export const PROFILE_PHOTOS = shape<UserProfilePhotos>()('UserProfilePhotos', {
  required: ['total_count', 'photos'],
  fields: { photos: [[PHOTO_SIZE]] },
});
const PARTNER_USER = shape<TransactionPartnerUser>()('TransactionPartnerUser', {
  required: ['type', 'transaction_type', 'user'],
  optional: ['invoice_payload', 'subscription_period'],
  fields: { user: USER },
});
const TRANSACTION = shape<StarTransaction>()('StarTransaction', {
  required: ['id', 'amount', 'date'],
  optional: ['source', 'receiver'],
  fields: { source: PARTNER_USER, receiver: PARTNER_USER },
});
export const STAR_TRANSACTIONS = shape<StarTransactions>()('StarTransactions', {
  required: ['transactions'],
  fields: { transactions: [TRANSACTION] },
});

/** What an answer must be: a shape, a list of one, `true`, or a kind of plain value. */
export type Expected = AnyShape | readonly [AnyShape] | true | 'string' | 'number';

/** Every way `value` differs from Telegram's type, as readable lines (none: it matches). */
export function driftOf(value: unknown, expected: Expected | Field, path = 'result'): string[] {
  if (expected === true)
    return value === true ? [] : [`${path}: expected true, got ${JSON.stringify(value)}`];
  if (expected === 'string' || expected === 'number') {
    return typeof value === expected
      ? []
      : [`${path}: expected a ${expected}, got ${JSON.stringify(value)}`];
  }
  if (expected === 'json') return [];
  if (Array.isArray(expected)) {
    if (!Array.isArray(value)) return [`${path}: expected an array`];
    return value.flatMap((item, index) => driftOf(item, expected[0] as Field, `${path}[${index}]`));
  }
  const shapeOrVariants = expected as AnyShape;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${path}: expected ${shapeOrVariants.name}, got ${JSON.stringify(value)}`];
  }
  const object = value as Record<string, unknown>;
  if (shapeOrVariants.kind === 'variants') {
    const chosen = shapeOrVariants.shapes[String(object[shapeOrVariants.by])];
    if (!chosen)
      return [
        `${path}: ${shapeOrVariants.name} has no ${shapeOrVariants.by} ${String(object[shapeOrVariants.by])}`,
      ];
    return driftOf(value, chosen, path);
  }
  const problems: string[] = [];
  for (const key of shapeOrVariants.required) {
    if (object[key] === undefined)
      problems.push(`${path}.${key}: required by ${shapeOrVariants.name}, missing`);
  }
  for (const [key, item] of Object.entries(object)) {
    if (!shapeOrVariants.keys.has(key)) {
      problems.push(`${path}.${key}: not a field of ${shapeOrVariants.name} in Telegram's types`);
      continue;
    }
    const field = shapeOrVariants.fields[key];
    if (field !== undefined && item !== undefined)
      problems.push(...driftOf(item, field, `${path}.${key}`));
  }
  return problems;
}
