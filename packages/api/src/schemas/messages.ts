import { REQUEST_CAPS } from '@botdeck/core';
import * as z from 'zod/mini';
import { MESSAGES_PATHS } from '../route-table';
import {
  botRequest,
  cappedText,
  envelope,
  language,
  mediaType,
  message,
  pro,
  requestButton,
} from './common';

/** POST /api/{menumsgs|cmdmsgs|spmsgs|startmsg|qamsgs} {id, bot_id, mi}; `mi` is the item index. */
export const messagesRequest = z.extend(botRequest, { mi: z.int().check(z.minimum(0)) });
export const messagesAddRequest = z.extend(messagesRequest, { add: z.literal(true) });
export const messagesDeleteRequest = z.extend(messagesRequest, {
  del: z.literal(true),
  index: z.int().check(z.minimum(0)),
});

export const messagesResponse = z.extend(envelope, {
  messages: z.array(message),
  /** The bot's username, for start links (Start Payload buttons). */
  username: z.string(),
  pro: z.pick(pro, { status: true, pro_type: true }),
  lang: z.optional(language),
  /** The item's name (menu, command…). */
  name: z.string(),
  /**
   * Botdeck addition: the names of the bot's menus, Q&A and start payloads, offered as the
   * values of Menu, Question and Start Payload buttons. Sent with the messages so the editor
   * needs no three extra calls; a server without it makes the client ask the three lists.
   */
  choices: z.optional(
    z.object({
      menus: z.array(z.string()),
      questions: z.array(z.string()),
      startPayloads: z.array(z.string()),
    }),
  ),
});
export type MessagesChoices = NonNullable<z.infer<typeof messagesResponse>['choices']>;
export const messagesChangeResponse = z.extend(envelope, { messages: z.array(message) });

/**
 * POST /api/uploadMsg, multipart: `file` (optional) and `msgdata`, this JSON. `ind` is the item,
 * `ind2` the message within it, `act` the messages path it belongs to, `rem` removes the media,
 * `m_url` keeps the media already there, `ufile` uses a Telegram file id instead of an upload.
 */
export const uploadMessageData = z.object({
  id: z.int(),
  bot_id: z.int(),
  ind: z.int().check(z.minimum(0)),
  ind2: z.int().check(z.minimum(0)),
  act: z.enum(MESSAGES_PATHS),
  qa: z.boolean(),
  text: cappedText(REQUEST_CAPS.messageText),
  format: z.boolean(),
  effect: z.nullable(cappedText(REQUEST_CAPS.effectId)),
  media_type: z.nullable(mediaType),
  buttons: z.array(requestButton).check(z.maxLength(REQUEST_CAPS.buttons)),
  ufile: z.nullable(cappedText(REQUEST_CAPS.fileId)),
  rem: z.boolean(),
  m_url: z.nullable(cappedText(REQUEST_CAPS.mediaUrl)),
});
export type UploadMessageData = z.infer<typeof uploadMessageData>;
export const uploadMessageResponse = z.extend(envelope, { message });
