import type { ListItemKind } from '@botdeck/core';
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

const listAnswer = {
  lang: language.optional(),
  /** Botdeck addition: the plan, so the page can show "3 of 4 menus". */
  pro: pro.optional(),
};

/** Each kind's list lives under its own field (SPEC section 7). */
export const LIST_RESPONSES = {
  menu: envelope.extend({ menus: z.array(listItem), ...listAnswer }),
  question: envelope.extend({ replies: z.array(listItem), ...listAnswer }),
  command: envelope.extend({ commands: z.array(listItem), ...listAnswer }),
  startPayload: envelope.extend({ startPayloads: z.array(listItem), ...listAnswer }),
} as const satisfies Record<ListItemKind, z.ZodObject>;

export function listResponse<K extends ListItemKind>(kind: K): (typeof LIST_RESPONSES)[K] {
  return LIST_RESPONSES[kind];
}

/** Delete answers `msg` and `bvalue` (whether it was deleted) plus the list as it now is. */
export const LIST_DELETE_RESPONSES = {
  menu: envelope.extend({ bvalue: z.boolean().optional(), menus: z.array(listItem).optional() }),
  question: envelope.extend({
    bvalue: z.boolean().optional(),
    replies: z.array(listItem).optional(),
  }),
  command: envelope.extend({
    bvalue: z.boolean().optional(),
    commands: z.array(listItem).optional(),
  }),
  startPayload: envelope.extend({
    bvalue: z.boolean().optional(),
    startPayloads: z.array(listItem).optional(),
  }),
} as const satisfies Record<ListItemKind, z.ZodObject>;

export function listDeleteResponse<K extends ListItemKind>(
  kind: K,
): (typeof LIST_DELETE_RESPONSES)[K] {
  return LIST_DELETE_RESPONSES[kind];
}

/** …with {set: true, <field>: name}; answers the new list. The field is named per kind. */
const create = botRequest.extend({ set: z.literal(true) });
export const LIST_CREATE_REQUESTS = {
  menu: create.extend({ menu: z.string() }),
  question: create.extend({ replies: z.string() }),
  command: create.extend({ command: z.string() }),
  startPayload: create.extend({ startPayload: z.string() }),
} as const satisfies Record<ListItemKind, z.ZodObject>;

export function listCreateRequest<K extends ListItemKind>(
  kind: K,
): (typeof LIST_CREATE_REQUESTS)[K] {
  return LIST_CREATE_REQUESTS[kind];
}
