import type { Admin, Person, UserListType } from '@botdeck/api';
import type { AdminPermissions } from '@botdeck/core';

/** The three tabs of /users, as the `tab` search parameter spells them. */
export const USER_TABS = ['users', 'admins', 'banned'] as const;
export type UserTab = (typeof USER_TABS)[number];

/** The tab a link opens when it names none (or one the page does not have). */
export const DEFAULT_TAB: UserTab = 'users';

export function isUserTab(value: string | null): value is UserTab {
  return USER_TABS.includes(value as UserTab);
}

/** What the API calls each tab's list in `findusers` and `viewmore`. */
export const LIST_TYPES = {
  users: 'us',
  admins: 'adm',
  banned: 'bn',
} as const satisfies Record<UserTab, UserListType>;

/**
 * A change the server made, for the tabs to follow beyond the first pages it answered with:
 * the person leaves `from` (its loaded pages and search results) and arrives in `to` (whose
 * loaded pages start again from the server's first page, and whose search runs again). An edit
 * moves no one and carries the admin's new permissions instead.
 */
export interface UsersChange {
  /** Tells one change from the next, so the same person can be changed twice. */
  seq: number;
  uid: number;
  from: UserTab | null;
  to: UserTab | null;
  permissions?: AdminPermissions;
}

/** A person as the lists hold them; admins also carry their eight permissions. */
export type Member = Person | Admin;

export function isAdmin(person: Member): person is Admin {
  return 'manage_msg' in person;
}

/** `people` without a second row for anyone already listed (pages shift after a change). */
export function withoutRepeats(people: readonly Member[]): Member[] {
  const seen = new Set<number>();
  return people.filter((person) => {
    if (seen.has(person.id)) return false;
    seen.add(person.id);
    return true;
  });
}
