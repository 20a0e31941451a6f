import { REQUEST_CAPS } from '@botdeck/core';
import * as z from 'zod/mini';
import { botRequest, cappedText, envelope, language, permissionFlags, person } from './common';

export const admin = z.extend(person, permissionFlags);
export type Admin = z.infer<typeof admin>;

/** POST /api/users {id, bot_id} */
export const usersRequest = botRequest;
export const usersResponse = z.extend(envelope, {
  users: z.array(person),
  admins: z.array(admin),
  banned: z.array(person),
  /** The owner's user id: listed as "Owner" with no actions. */
  owner: z.int(),
  lang: z.optional(language),
});

/** Promote ({promote: true}) or edit ({edit: true}) an admin: uid plus the eight flags. */
export const promoteRequest = z.extend(botRequest, {
  uid: z.int(),
  promote: z.optional(z.literal(true)),
  edit: z.optional(z.literal(true)),
  ...permissionFlags,
});
/** {uid} plus one of demote, ban or unban. */
export const userActionRequest = z.extend(botRequest, {
  uid: z.int(),
  demote: z.optional(z.literal(true)),
  ban: z.optional(z.literal(true)),
  unban: z.optional(z.literal(true)),
});
export const usersChangeResponse = z.extend(envelope, {
  users: z.array(person),
  admins: z.array(admin),
  banned: z.array(person),
});

export const userListType = z.enum(['us', 'adm', 'bn']);
export type UserListType = z.infer<typeof userListType>;

export const findUsersRequest = z.extend(botRequest, {
  findusers: z.object({ type: userListType, input: cappedText(REQUEST_CAPS.search) }),
});
export const findUsersResponse = z.extend(envelope, {
  foundUsers: z.array(z.union([admin, person])),
});

/**
 * "View more": the next page after index `ind`; `max` is true when nothing more is left. With
 * `input` (Botdeck's addition) it pages the search for `input` instead of the whole list.
 */
export const viewMoreRequest = z.extend(botRequest, {
  viewmore: z.object({
    type: userListType,
    ind: z.int().check(z.minimum(0)),
    input: z.optional(cappedText(REQUEST_CAPS.search)),
  }),
});
export const viewMoreResponse = z.extend(envelope, {
  foundUsers: z.array(z.union([admin, person])),
  max: z.boolean(),
});
