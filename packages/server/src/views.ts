import type { Admin, BotSummary, ListItem, Person, Pro, ShopCategory } from '@botdeck/api';
import {
  allPermissions,
  FALLBACK_LANGUAGE,
  isItemLocked,
  type Language,
  type ListItemKind,
  type PlanTier,
  tierFromPro,
  USERS_VIEW_MORE_AT,
} from '@botdeck/core';
import type { DevPerson, DevPlan } from './data';
import type { BotRecord, MemberList, ShopCategoryRecord, StoreTx } from './store/types';
import { TEXT } from './texts';

/** Turning stored data into wire shapes, and the reads every handler shares. */

/** How many users one page of a users list holds ('view more' shows the next page). */
const USERS_PAGE_SIZE = USERS_VIEW_MORE_AT;

/** The plan as it stands at `now`: a plan past its end date is Free again. */
export function effectivePro(plan: DevPlan, now: number): Pro {
  if (!plan.status || (plan.expires_at !== null && plan.expires_at < now)) {
    return { status: false, pro_type: null };
  }
  return { status: true, pro_type: plan.pro_type };
}

export function tierOf(bot: BotRecord, now: number): PlanTier {
  return tierFromPro(effectivePro(bot.plan, now));
}

export function botSummary(bot: BotRecord): BotSummary {
  return {
    id: bot.id,
    name: bot.name,
    username: bot.username,
    photo: bot.photo,
    status: bot.status,
  };
}

/** The settings language of a Botdeck user; English until they pick one. */
export async function languageOf(tx: StoreTx, userId: number): Promise<Language> {
  return (await tx.accounts.get(userId))?.lang ?? FALLBACK_LANGUAGE;
}

/** A person as the wire shows them; one never recorded reads as "User <id>". */
export function asPerson(id: number, person: DevPerson | null | undefined): Person {
  // Telegram always has a first name, so a person the store lacks still gets one.
  return person
    ? { id, name: person.name, username: person.username, photo: person.photo }
    : { id, name: `User ${id}`, username: null, photo: null };
}

export async function personOf(tx: StoreTx, id: number): Promise<Person> {
  return asPerson(id, await tx.people.get(id));
}

/** Items past the plan's allowance come back with the lock text; they stay deletable. */
export function listItems(
  names: readonly string[],
  kind: ListItemKind,
  tier: PlanTier,
): ListItem[] {
  return names.map((name, index) => ({
    name,
    lock: isItemLocked(tier, kind, index) ? TEXT.locked : null,
  }));
}

/** The owner is listed first among the admins, holding every permission. */
async function adminsOf(tx: StoreTx, bot: BotRecord): Promise<Admin[]> {
  const admins = await tx.admins.of(bot.id);
  const people = new Map(
    (await tx.people.getMany([bot.owner, ...admins.map((a) => a.id)])).map((p) => [p.id, p]),
  );
  const personAt = (id: number) => asPerson(id, people.get(id));
  return [
    { ...personAt(bot.owner), ...allPermissions() },
    ...admins.map((admin) => ({ ...personAt(admin.id), ...admin.permissions })),
  ];
}

/** The admins whose name, username or id holds `query` (lower case, without @; empty for all). */
function matchingPeople<P extends Person>(people: readonly P[], query: string): P[] {
  if (!query) return [...people];
  return people.filter(
    (person) =>
      person.name.toLowerCase().includes(query) ||
      (person.username ?? '').toLowerCase().includes(query) ||
      String(person.id).includes(query),
  );
}

/** A search as the users page types it: trimmed, lower case, a leading @ ignored. */
export function searchQuery(input: string): string {
  return input.trim().toLowerCase().replace(/^@/, '');
}

/** The wire's list names: users, admins and banned. */
export type UserListType = 'us' | 'adm' | 'bn';

const MEMBER_LIST: Readonly<Record<Exclude<UserListType, 'adm'>, MemberList>> = {
  us: 'users',
  bn: 'banned',
};

/** One page of one list, searched: up to a page from `offset`, and whether more follow. */
export async function userPage(
  tx: StoreTx,
  bot: BotRecord,
  type: UserListType,
  query: string,
  offset: number,
): Promise<{ people: Person[]; more: boolean }> {
  if (type === 'adm') {
    // Admins are few (the plan caps them), so they are searched here rather than in the store.
    const found = matchingPeople(await adminsOf(tx, bot), query);
    return {
      people: found.slice(offset, offset + USERS_PAGE_SIZE),
      more: found.length > offset + USERS_PAGE_SIZE,
    };
  }
  return tx.members.page(bot.id, MEMBER_LIST[type], {
    query,
    offset,
    limit: USERS_PAGE_SIZE,
  });
}

/** The first page of each list: the users page asks for the rest with 'view more'. */
export async function firstPages(tx: StoreTx, bot: BotRecord) {
  const admins = await adminsOf(tx, bot);
  return {
    users: (await userPage(tx, bot, 'us', '', 0)).people,
    admins: admins.slice(0, USERS_PAGE_SIZE),
    banned: (await userPage(tx, bot, 'bn', '', 0)).people,
  };
}

/** Editors see the reward (to edit it); shoppers only get it after paying. */
export function shopView(categories: ShopCategoryRecord[], editor: boolean): ShopCategory[] {
  return categories.map((category) => ({
    name: category.name,
    items: category.items.map((item) => ({
      name: item.name,
      info: item.info,
      price: item.price,
      img: item.img,
      media_type: item.media_type,
      reward_text: editor ? item.reward_text : null,
      reward_img: editor ? item.reward_img : null,
      // Botdeck's addition (docs/api.md): the item form shows and keeps a reward's file id.
      ufile: editor ? item.reward_file_id : null,
      all_limit: item.all_limit,
      limit: item.limit,
      bought: item.bought,
    })),
  }));
}
