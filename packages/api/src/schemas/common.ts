import {
  ADMIN_PERMISSIONS,
  LANGUAGES,
  MEDIA_TYPES,
  WIRE_BUTTON_TYPES,
  type WireKeyboardButton,
} from '@botdeck/core';
import { z } from 'zod';

/**
 * Shapes shared by many calls. Field names are the contract's (SPEC section 7), so they keep
 * its mixed spellings (bot_id next to botId, selectedAction next to media_type).
 */

/** Every request names the Telegram user it acts for. */
export const userRequest = z.object({ id: z.number().int().positive() });
/** …and almost every one the bot it acts on. */
export const botRequest = userRequest.extend({ bot_id: z.number().int().positive() });
export type BotRequest = z.infer<typeof botRequest>;

export const language = z.enum(LANGUAGES);

/**
 * What any answer may carry besides its data. `success: false` is turned into an error by the
 * client before a schema sees it; `nav` sends the user back to bot selection, `close` closes the
 * mini app.
 */
export const envelope = z.object({
  success: z.boolean().optional(),
  msg: z.string().optional(),
  nav: z.boolean().optional(),
  close: z.boolean().optional(),
});

/** The bot's plan: `status` false is Free; `pro_type` tells the paid tier. */
export const pro = z.object({
  status: z.boolean(),
  pro_type: z.enum(['standard', 'pro', 'plus']).nullish(),
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
  row: z.number().int().min(0),
}) satisfies z.ZodType<WireKeyboardButton>;

export const message = z.object({
  /** Text, or the caption when there is media. */
  text: z.string(),
  /** Whether the text is HTML. */
  parse: z.boolean(),
  /** Telegram's message_effect_id, start messages only. */
  effect: z.string().nullable(),
  /** Where the uploaded media can be fetched, if any. */
  media: z.string().nullable(),
  media_type: mediaType.nullable(),
  /** An existing Telegram file id used instead of an upload. */
  ufile: z.string().nullable(),
  buttons: z.array(messageButton),
});
export type Message = z.infer<typeof message>;

export const person = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  /** A Telegram file reference for the photo endpoint, or null. */
  photo: z.string().nullable(),
});
export type Person = z.infer<typeof person>;

/** The eight admin permission flags of SPEC section 6, each a boolean field. */
export const permissionFlags = Object.fromEntries(
  ADMIN_PERMISSIONS.map((p) => [p, z.boolean()]),
) as Record<(typeof ADMIN_PERMISSIONS)[number], z.ZodBoolean>;
