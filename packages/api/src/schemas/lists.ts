import { LIST_ITEMS, type ListItemKind } from '@botdeck/core';
import { z } from 'zod';
import { botRequest, envelope, language, pro } from './common';

export const listItem = z.object({
  name: z.string(),
  /** Set when the plan does not allow this item: the text explains the upgrade. */
  lock: z.string().nullish(),
});
export type ListItem = z.infer<typeof listItem>;

/** POST /api/{menu|questions|commands|startPayload} {id, bot_id} */
export const listRequest = botRequest;
/** …with {del: true, index} */
export const listDeleteRequest = botRequest.extend({
  del: z.literal(true),
  index: z.number().int().min(0),
});

/** The list lives under a field named per kind (menus, replies, commands, startPayloads). */
export function listResponse(kind: ListItemKind) {
  return envelope.extend({
    [LIST_ITEMS[kind].listField]: z.array(listItem),
    lang: language.optional(),
    /** Botdeck addition: the plan, so the page can show "3 of 4 menus". */
    pro: pro.optional(),
  }) as unknown as z.ZodObject<{
    success: z.ZodOptional<z.ZodBoolean>;
    msg: z.ZodOptional<z.ZodString>;
    lang: z.ZodOptional<typeof language>;
    pro: z.ZodOptional<typeof pro>;
    items: z.ZodArray<typeof listItem>;
  }>;
}

/** Delete answers `msg` and `bvalue` (whether it was deleted) plus the list as it now is. */
export function listDeleteResponse(kind: ListItemKind) {
  return envelope.extend({
    bvalue: z.boolean().optional(),
    [LIST_ITEMS[kind].listField]: z.array(listItem).optional(),
  });
}

/** …with {set: true, <createField>: name}: answers the new list. */
export function listCreateRequest(kind: ListItemKind) {
  return botRequest.extend({ set: z.literal(true), [LIST_ITEMS[kind].createField]: z.string() });
}
export const listCreateResponse = listResponse;
