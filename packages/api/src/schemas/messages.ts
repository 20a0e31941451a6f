import { z } from 'zod';
import { MESSAGES_PATHS } from '../route-table';
import { botRequest, envelope, language, mediaType, message, messageButton, pro } from './common';

/** POST /api/{menumsgs|cmdmsgs|spmsgs|startmsg|qamsgs} {id, bot_id, mi}; `mi` is the item index. */
export const messagesRequest = botRequest.extend({ mi: z.number().int().min(0) });
export const messagesAddRequest = messagesRequest.extend({ add: z.literal(true) });
export const messagesDeleteRequest = messagesRequest.extend({
  del: z.literal(true),
  index: z.number().int().min(0),
});

export const messagesResponse = envelope.extend({
  messages: z.array(message),
  /** The bot's username, for start links (Start Payload buttons). */
  username: z.string(),
  pro: pro.pick({ status: true, pro_type: true }),
  lang: language.optional(),
  /** The item's name (menu, command…). */
  name: z.string(),
  /**
   * Botdeck addition: the names of the bot's menus, Q&A and start payloads, offered as the
   * values of Menu, Question and Start Payload buttons. Sent with the messages so the editor
   * needs no three extra calls; a server without it makes the client ask the three lists.
   */
  choices: z
    .object({
      menus: z.array(z.string()),
      questions: z.array(z.string()),
      startPayloads: z.array(z.string()),
    })
    .optional(),
});
export type MessagesChoices = NonNullable<z.infer<typeof messagesResponse>['choices']>;
export const messagesChangeResponse = envelope.extend({ messages: z.array(message) });

/**
 * POST /api/uploadMsg, multipart: `file` (optional) and `msgdata`, this JSON. `ind` is the item,
 * `ind2` the message within it, `act` the messages path it belongs to, `rem` removes the media,
 * `m_url` keeps the media already there, `ufile` uses a Telegram file id instead of an upload.
 */
export const uploadMessageData = z.object({
  id: z.number().int(),
  bot_id: z.number().int(),
  ind: z.number().int().min(0),
  ind2: z.number().int().min(0),
  act: z.enum(MESSAGES_PATHS),
  qa: z.boolean(),
  text: z.string(),
  format: z.boolean(),
  effect: z.string().nullable(),
  media_type: mediaType.nullable(),
  buttons: z.array(messageButton),
  ufile: z.string().nullable(),
  rem: z.boolean(),
  m_url: z.string().nullable(),
});
export type UploadMessageData = z.infer<typeof uploadMessageData>;
export const uploadMessageResponse = envelope.extend({ message });
