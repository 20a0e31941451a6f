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
import type { DevBot, DevData, DevPerson, DevPlan, DevShopCategory } from './data';
import { TEXT } from './texts';

/** Turning stored data into wire shapes, and the reads every handler shares. */

/** How many users one page of a users list holds ('view more' shows the next page). */
export const USERS_PAGE_SIZE = USERS_VIEW_MORE_AT;

/** The plan as it stands at `now`: a plan past its end date is Free again. */
export function effectivePro(plan: DevPlan, now: number): Pro {
  if (!plan.status || (plan.expires_at !== null && plan.expires_at < now)) {
    return { status: false, pro_type: null };
  }
  return { status: true, pro_type: plan.pro_type };
}

export function tierOf(bot: DevBot, now: number): PlanTier {
  return tierFromPro(effectivePro(bot.plan, now));
}

export function botSummary(bot: DevBot): BotSummary {
  return {
    id: bot.id,
    name: bot.name,
    username: bot.username,
    photo: bot.photo,
    status: bot.status,
  };
}

/** The settings language of a Botdeck user; English until they pick one. */
export function languageOf(data: DevData, userId: number): Language {
  return data.accounts[userId]?.lang ?? FALLBACK_LANGUAGE;
}

export function personOf(data: DevData, id: number): Person {
  const person: DevPerson | undefined = data.people.find((p) => p.id === id);
  // A member the seed never named still needs a row; Telegram always has a first name.
  return person
    ? { id: person.id, name: person.name, username: person.username, photo: person.photo }
    : { id, name: `User ${id}`, username: null, photo: null };
}

/** Items past the plan's allowance come back with the lock text; they stay deletable. */
export function listItems(bot: DevBot, kind: ListItemKind, tier: PlanTier): ListItem[] {
  return bot.lists[kind].map((item, index) => ({
    name: item.name,
    lock: isItemLocked(tier, kind, index) ? TEXT.locked : null,
  }));
}

/** The owner is listed first among the admins, holding every permission. */
function adminsOf(data: DevData, bot: DevBot): Admin[] {
  const owner: Admin = { ...personOf(data, bot.owner), ...allPermissions() };
  return [
    owner,
    ...bot.admins.map((admin) => ({ ...personOf(data, admin.id), ...admin.permissions })),
  ];
}

/** Members who are neither the owner, an admin nor banned. */
function regularUsersOf(data: DevData, bot: DevBot): Person[] {
  const special = new Set([bot.owner, ...bot.admins.map((a) => a.id), ...bot.banned]);
  return bot.members.filter((id) => !special.has(id)).map((id) => personOf(data, id));
}

function bannedOf(data: DevData, bot: DevBot): Person[] {
  return bot.banned.map((id) => personOf(data, id));
}

export function userLists(data: DevData, bot: DevBot) {
  return {
    users: regularUsersOf(data, bot),
    admins: adminsOf(data, bot),
    banned: bannedOf(data, bot),
  };
}

/** The first page of each list: the users page asks for the rest with 'view more'. */
export function firstPages(data: DevData, bot: DevBot) {
  const lists = userLists(data, bot);
  return {
    users: lists.users.slice(0, USERS_PAGE_SIZE),
    admins: lists.admins.slice(0, USERS_PAGE_SIZE),
    banned: lists.banned.slice(0, USERS_PAGE_SIZE),
  };
}

/** Editors see the reward (to edit it); shoppers only get it after paying. */
export function shopView(categories: DevShopCategory[], editor: boolean): ShopCategory[] {
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
