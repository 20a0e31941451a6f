import { z } from 'zod';
import { botRequest, envelope, language, permissionFlags, person } from './common';

export const admin = person.extend(permissionFlags);
export type Admin = z.infer<typeof admin>;

/** POST /api/users {id, bot_id} */
export const usersRequest = botRequest;
export const usersResponse = envelope.extend({
  users: z.array(person),
  admins: z.array(admin),
  banned: z.array(person),
  /** The owner's user id: listed as "Owner" with no actions. */
  owner: z.number().int(),
  lang: language.optional(),
});

/** Promote ({promote: true}) or edit ({edit: true}) an admin: uid plus the eight flags. */
export const promoteRequest = botRequest.extend({
  uid: z.number().int(),
  promote: z.literal(true).optional(),
  edit: z.literal(true).optional(),
  ...permissionFlags,
});
/** {uid} plus one of demote, ban or unban. */
export const userActionRequest = botRequest.extend({
  uid: z.number().int(),
  demote: z.literal(true).optional(),
  ban: z.literal(true).optional(),
  unban: z.literal(true).optional(),
});
export const usersChangeResponse = envelope.extend({
  users: z.array(person),
  admins: z.array(admin),
  banned: z.array(person),
});

export const userListType = z.enum(['us', 'adm', 'bn']);
export type UserListType = z.infer<typeof userListType>;

export const findUsersRequest = botRequest.extend({
  findusers: z.object({ type: userListType, input: z.string() }),
});
export const findUsersResponse = envelope.extend({
  foundUsers: z.array(z.union([admin, person])),
});

/**
 * "View more": the next page after index `ind`; `max` is true when nothing more is left. With
 * `input` (Botdeck's addition) it pages the search for `input` instead of the whole list.
 */
export const viewMoreRequest = botRequest.extend({
  viewmore: z.object({
    type: userListType,
    ind: z.number().int().min(0),
    input: z.string().optional(),
  }),
});
export const viewMoreResponse = envelope.extend({
  foundUsers: z.array(z.union([admin, person])),
  max: z.boolean(),
});
