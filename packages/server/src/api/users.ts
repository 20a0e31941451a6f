import { ENDPOINTS, type Person } from '@botdeck/api';
import {
  ADMIN_PERMISSIONS,
  type AdminPermissions,
  applyPermissionDependencies,
  mayChangeAdmin,
  validateAdminPermissions,
} from '@botdeck/core';
import type { DevBot, DevData } from '../data';
import { TEXT } from '../texts';
import { firstPages, languageOf, USERS_PAGE_SIZE, userLists } from '../views';
import { access, type Context, define, fail, failIssue, ok } from './kit';

/** A bot's users, admins and banned users: paging, search, promoting, demoting and banning. */

const users = define(ENDPOINTS.users, async (input, ctx) => {
  const data = await ctx.store.read();
  const { bot } = access(data, ctx, input.bot_id);
  return ok(ENDPOINTS.users, {
    ...firstPages(data, bot),
    owner: bot.owner,
    lang: languageOf(data, ctx.userId),
  });
});

/** Who may be acted on: a member of the bot, never the caller and never the owner. */
function target(bot: DevBot, ctx: Context, uid: number): void {
  if (uid === ctx.userId) fail(TEXT.notYourself);
  if (uid === bot.owner) fail(TEXT.notOwner);
  if (!bot.members.includes(uid)) fail(TEXT.userMissing);
}

const promoteAdmin = define(
  ENDPOINTS.promoteAdmin,
  { carries: ['promote', 'edit'] },
  (input, ctx) =>
    ctx.store.write((data) => {
      const { bot, role } = access(
        data,
        ctx,
        input.bot_id,
        input.edit ? 'editAdmin' : 'promoteAdmin',
      );
      target(bot, ctx, input.uid);
      const requested = Object.fromEntries(
        ADMIN_PERMISSIONS.map((p) => [p, input[p]]),
      ) as AdminPermissions;
      failIssue(validateAdminPermissions(requested));
      const permissions = applyPermissionDependencies(requested);
      const existing = bot.admins.find((a) => a.id === input.uid);
      if (!mayChangeAdmin(role, existing?.permissions, requested)) fail(TEXT.beyondOwnPermissions);
      if (input.edit) {
        if (!existing) fail(TEXT.notAdmin);
        existing.permissions = permissions;
      } else {
        if (existing) fail(TEXT.alreadyAdmin);
        if (bot.banned.includes(input.uid)) fail(TEXT.alreadyBanned);
        bot.admins.push({ id: input.uid, permissions });
      }
      return ok(ENDPOINTS.promoteAdmin, {
        ...firstPages(data, bot),
        msg: input.edit ? TEXT.adminEdited : TEXT.adminPromoted,
      });
    }),
);

const userAction = define(
  ENDPOINTS.userAction,
  { carries: ['demote', 'ban', 'unban'] },
  (input, ctx) =>
    ctx.store.write((data) => {
      const chosen = (['demote', 'ban', 'unban'] as const).filter((a) => input[a]);
      if (chosen.length !== 1) fail(TEXT.oneAction, { status: 400 });
      const action = chosen[0] as 'demote' | 'ban' | 'unban';
      const permission = {
        demote: 'removeAdmin',
        ban: 'banUser',
        unban: 'unbanUser',
      } as const;
      const { bot, role } = access(data, ctx, input.bot_id, permission[action]);
      target(bot, ctx, input.uid);
      const isAdmin = bot.admins.some((a) => a.id === input.uid);
      const isBanned = bot.banned.includes(input.uid);
      const demoted = action === 'demote' ? bot.admins.find((a) => a.id === input.uid) : undefined;
      if (!mayChangeAdmin(role, demoted?.permissions, undefined)) fail(TEXT.beyondOwnPermissions);
      let msg: string;
      switch (action) {
        case 'demote':
          if (!isAdmin) fail(TEXT.notAdmin);
          bot.admins = bot.admins.filter((a) => a.id !== input.uid);
          msg = TEXT.adminRemoved;
          break;
        case 'ban':
          if (isAdmin) fail(TEXT.adminCantBeBanned);
          if (isBanned) fail(TEXT.alreadyBanned);
          bot.banned.push(input.uid);
          msg = TEXT.userBanned;
          break;
        case 'unban':
          if (!isBanned) fail(TEXT.notBanned);
          bot.banned = bot.banned.filter((id) => id !== input.uid);
          msg = TEXT.userUnbanned;
          break;
        default:
          return action satisfies never;
      }
      return ok(ENDPOINTS.userAction, { ...firstPages(data, bot), msg });
    }),
);

function listOfType(data: DevData, bot: DevBot, type: 'us' | 'adm' | 'bn') {
  const lists = userLists(data, bot);
  return type === 'us' ? lists.users : type === 'adm' ? lists.admins : lists.banned;
}

/** The people of one list whose name, username or id holds `input` (an @ in front ignored). */
function matching(people: Person[], input: string): Person[] {
  const query = input.trim().toLowerCase().replace(/^@/, '');
  if (!query) return people;
  return people.filter(
    (person) =>
      person.name.toLowerCase().includes(query) ||
      (person.username ?? '').toLowerCase().includes(query) ||
      String(person.id).includes(query),
  );
}

/** The first page of a search, as long as a list's first page; 'view more' with `input` pages on. */
const findUsers = define(ENDPOINTS.findUsers, { carries: ['findusers'] }, async (input, ctx) => {
  const data = await ctx.store.read();
  const { bot } = access(data, ctx, input.bot_id);
  const found = matching(listOfType(data, bot, input.findusers.type), input.findusers.input);
  return ok(ENDPOINTS.findUsers, { foundUsers: found.slice(0, USERS_PAGE_SIZE) });
});

/** `ind` is how many the page already shows; the answer is the next page (of a search with `input`). */
const viewMore = define(ENDPOINTS.viewMore, { carries: ['viewmore'] }, async (input, ctx) => {
  const data = await ctx.store.read();
  const { bot } = access(data, ctx, input.bot_id);
  const all = matching(listOfType(data, bot, input.viewmore.type), input.viewmore.input ?? '');
  const start = input.viewmore.ind;
  return ok(ENDPOINTS.viewMore, {
    foundUsers: all.slice(start, start + USERS_PAGE_SIZE),
    max: start + USERS_PAGE_SIZE >= all.length,
  });
});

export const userHandlers = { users, promoteAdmin, userAction, findUsers, viewMore };
