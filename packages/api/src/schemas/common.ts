import {
  ADMIN_PERMISSIONS,
  LANGUAGES,
  MEDIA_TYPES,
  REQUEST_CAPS,
  WIRE_BUTTON_TYPES,
  type WireKeyboardButton,
} from '@botdeck/core';
import * as z from 'zod/mini';

/**
 * Shapes shared by many calls. Field names are the contract's (SPEC section 7), so they keep
 * its mixed spellings (bot_id next to botId, selectedAction next to media_type).
 */

/**
 * A request's text of at most `max` characters (core's REQUEST_CAPS): every string a request
 * carries has a cap, so no request makes a rule work through more (SERVER.md section 2).
 * Answers keep plain strings: what the server sends is the server's to bound.
 */
export function cappedText(max: number) {
  return z.string().check(z.maxLength(max));
}

/** Every request names the Telegram user it acts for. */
export const userRequest = z.object({ id: z.int().check(z.positive()) });
/** …and almost every one the bot it acts on. */
export const botRequest = z.extend(userRequest, { bot_id: z.int().check(z.positive()) });
export type BotRequest = z.infer<typeof botRequest>;

export const language = z.enum(LANGUAGES);

/**
 * What any answer may carry besides its data. `success: false` is turned into an error by the
 * client before a schema sees it; `nav` sends the user back to bot selection, `close` closes the
 * mini app.
 */
export const envelope = z.object({
  success: z.optional(z.boolean()),
  msg: z.optional(z.string()),
  nav: z.optional(z.boolean()),
  close: z.optional(z.boolean()),
});

/** The bot's plan: `status` false is Free; `pro_type` tells the paid tier. */
export const pro = z.object({
  status: z.boolean(),
  pro_type: z.nullish(z.enum(['standard', 'pro', 'plus'])),
});
export type Pro = z.infer<typeof pro>;

export const botStatus = z.enum(['Active', 'Suspended', 'Crashed']);
export type BotStatus = z.infer<typeof botStatus>;

export const mediaType = z.enum(MEDIA_TYPES);

/**
 * A keyboard button of a message as the contract carries it: core's WireKeyboardButton (itself
 * derived from KeyboardButton), checked here so the schema and the type cannot drift.
 */
export const messageButton = z.object({
  /** The button's name. */
  text: z.string(),
  value: z.string(),
  type: z.enum(WIRE_BUTTON_TYPES),
  /** Zero-based row the button sits in. */
  row: z.int().check(z.minimum(0)),
}) satisfies z.ZodMiniType<WireKeyboardButton>;

/** A button as a request carries it: the answer's shape with its texts capped. */
export const requestButton = z.extend(messageButton, {
  text: cappedText(REQUEST_CAPS.buttonText),
  value: cappedText(REQUEST_CAPS.buttonValue),
}) satisfies z.ZodMiniType<WireKeyboardButton>;

export const message = z.object({
  /** Text, or the caption when there is media. */
  text: z.string(),
  /** Whether the text is HTML. */
  parse: z.boolean(),
  /** Telegram's message_effect_id, start messages only. */
  effect: z.nullable(z.string()),
  /** Where the uploaded media can be fetched, if any. */
  media: z.nullable(z.string()),
  media_type: z.nullable(mediaType),
  /** An existing Telegram file id used instead of an upload. */
  ufile: z.nullable(z.string()),
  buttons: z.array(messageButton),
});
export type Message = z.infer<typeof message>;

export const person = z.object({
  id: z.int(),
  name: z.string(),
  username: z.nullable(z.string()),
  /** A Telegram file reference for the photo endpoint, or null. */
  photo: z.nullable(z.string()),
});
export type Person = z.infer<typeof person>;

/** The eight admin permission flags of SPEC section 6, each a boolean field. */
export const permissionFlags = Object.fromEntries(
  ADMIN_PERMISSIONS.map((p) => [p, z.boolean()]),
) as Record<(typeof ADMIN_PERMISSIONS)[number], z.ZodMiniBoolean>;
