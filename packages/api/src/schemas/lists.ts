import { itemNameCap, type ListItemKind } from '@botdeck/core';
import * as z from 'zod/mini';
import { botRequest, cappedText, envelope, language, pro } from './common';

export const listItem = z.object({
  name: z.string(),
  /** Set when the plan does not allow this item: the text explains the upgrade. */
  lock: z.nullish(z.string()),
});
export type ListItem = z.infer<typeof listItem>;

/** POST /api/{menu|questions|commands|startPayload} {id, bot_id} */
export const listRequest = botRequest;
/** …with {del: true, index} */
export const listDeleteRequest = z.extend(botRequest, {
  del: z.literal(true),
  index: z.int().check(z.minimum(0)),
});

const listAnswer = {
  lang: z.optional(language),
  /** Botdeck addition: the plan, so the page can show "3 of 4 menus". */
  pro: z.optional(pro),
};

/** Each kind's list lives under its own field (SPEC section 7). */
export const LIST_RESPONSES = {
  menu: z.extend(envelope, { menus: z.array(listItem), ...listAnswer }),
  question: z.extend(envelope, { replies: z.array(listItem), ...listAnswer }),
  command: z.extend(envelope, { commands: z.array(listItem), ...listAnswer }),
  startPayload: z.extend(envelope, { startPayloads: z.array(listItem), ...listAnswer }),
} as const satisfies Record<ListItemKind, z.ZodMiniObject>;

export function listResponse<K extends ListItemKind>(kind: K): (typeof LIST_RESPONSES)[K] {
  return LIST_RESPONSES[kind];
}

/** Delete answers `msg` and `bvalue` (whether it was deleted) plus the list as it now is. */
export const LIST_DELETE_RESPONSES = {
  menu: z.extend(envelope, {
    bvalue: z.optional(z.boolean()),
    menus: z.optional(z.array(listItem)),
  }),
  question: z.extend(envelope, {
    bvalue: z.optional(z.boolean()),
    replies: z.optional(z.array(listItem)),
  }),
  command: z.extend(envelope, {
    bvalue: z.optional(z.boolean()),
    commands: z.optional(z.array(listItem)),
  }),
  startPayload: z.extend(envelope, {
    bvalue: z.optional(z.boolean()),
    startPayloads: z.optional(z.array(listItem)),
  }),
} as const satisfies Record<ListItemKind, z.ZodMiniObject>;

export function listDeleteResponse<K extends ListItemKind>(
  kind: K,
): (typeof LIST_DELETE_RESPONSES)[K] {
  return LIST_DELETE_RESPONSES[kind];
}

/** …with {set: true, <field>: name}; answers the new list. The field is named per kind. */
const create = z.extend(botRequest, { set: z.literal(true) });
export const LIST_CREATE_REQUESTS = {
  menu: z.extend(create, { menu: cappedText(itemNameCap('menu')) }),
  question: z.extend(create, { replies: cappedText(itemNameCap('question')) }),
  command: z.extend(create, { command: cappedText(itemNameCap('command')) }),
  startPayload: z.extend(create, { startPayload: cappedText(itemNameCap('startPayload')) }),
} as const satisfies Record<ListItemKind, z.ZodMiniObject>;

export function listCreateRequest<K extends ListItemKind>(
  kind: K,
): (typeof LIST_CREATE_REQUESTS)[K] {
  return LIST_CREATE_REQUESTS[kind];
}
