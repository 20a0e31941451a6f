import { ENDPOINTS } from '@botdeck/api';
import {
  ADMIN_PERMISSIONS,
  type AdminPermissions,
  applyPermissionDependencies,
  mayChangeAdmin,
  validateAdminPermissions,
} from '@botdeck/core';
import type { BotRecord, StoreTx } from '../store/types';
import { TEXT } from '../texts';
import { firstPages, languageOf, searchQuery, userPage } from '../views';
import { access, type Context, define, fail, failIssue, ok } from './kit';

/** A bot's users, admins and banned users: paging, search, promoting, demoting and banning. */

const users = define(ENDPOINTS.users, (input, ctx) =>
  ctx.store.read(async (tx) => {
    const { bot } = await access(tx, ctx, input.bot_id);
    return ok(ENDPOINTS.users, {
      ...(await firstPages(tx, bot)),
      owner: bot.owner,
      lang: await languageOf(tx, ctx.userId),
    });
  }),
);

/** Who may be acted on: a member of the bot, never the caller and never the owner. */
async function target(tx: StoreTx, bot: BotRecord, ctx: Context, uid: number): Promise<void> {
  if (uid === ctx.userId) fail(TEXT.notYourself);
  if (uid === bot.owner) fail(TEXT.notOwner);
  if (!(await tx.members.isMember(bot.id, uid))) fail(TEXT.userMissing);
}

const promoteAdmin = define(
  ENDPOINTS.promoteAdmin,
  { carries: ['promote', 'edit'] },
  (input, ctx) =>
    ctx.store.write(async (tx) => {
      const { bot, role } = await access(
        tx,
        ctx,
        input.bot_id,
        input.edit ? 'editAdmin' : 'promoteAdmin',
      );
      await target(tx, bot, ctx, input.uid);
      const requested = Object.fromEntries(
        ADMIN_PERMISSIONS.map((p) => [p, input[p]]),
      ) as AdminPermissions;
      failIssue(validateAdminPermissions(requested));
      const permissions = applyPermissionDependencies(requested);
      const existing = await tx.admins.get(bot.id, input.uid);
      if (!mayChangeAdmin(role, existing ?? undefined, requested)) fail(TEXT.beyondOwnPermissions);
      if (input.edit) {
        if (!existing) fail(TEXT.notAdmin);
      } else {
        if (existing) fail(TEXT.alreadyAdmin);
        if (await tx.members.isBanned(bot.id, input.uid)) fail(TEXT.alreadyBanned);
      }
      await tx.admins.put(bot.id, input.uid, permissions);
      return ok(ENDPOINTS.promoteAdmin, {
        ...(await firstPages(tx, bot)),
        msg: input.edit ? TEXT.adminEdited : TEXT.adminPromoted,
      });
    }),
);

const userAction = define(
  ENDPOINTS.userAction,
  { carries: ['demote', 'ban', 'unban'] },
  (input, ctx) =>
    ctx.store.write(async (tx) => {
      const chosen = (['demote', 'ban', 'unban'] as const).filter((a) => input[a]);
      if (chosen.length !== 1) fail(TEXT.oneAction, { status: 400 });
      const action = chosen[0] as 'demote' | 'ban' | 'unban';
      const permission = {
        demote: 'removeAdmin',
        ban: 'banUser',
        unban: 'unbanUser',
      } as const;
      const { bot, role } = await access(tx, ctx, input.bot_id, permission[action]);
      await target(tx, bot, ctx, input.uid);
      const adminPermissions = await tx.admins.get(bot.id, input.uid);
      const isAdmin = adminPermissions !== null;
      const isBanned = await tx.members.isBanned(bot.id, input.uid);
      const demoted = action === 'demote' ? (adminPermissions ?? undefined) : undefined;
      if (!mayChangeAdmin(role, demoted, undefined)) fail(TEXT.beyondOwnPermissions);
      let msg: string;
      switch (action) {
        case 'demote':
          if (!isAdmin) fail(TEXT.notAdmin);
          await tx.admins.remove(bot.id, input.uid);
          msg = TEXT.adminRemoved;
          break;
        case 'ban':
          if (isAdmin) fail(TEXT.adminCantBeBanned);
          if (isBanned) fail(TEXT.alreadyBanned);
          await tx.members.ban(bot.id, input.uid);
          msg = TEXT.userBanned;
          break;
        case 'unban':
          if (!isBanned) fail(TEXT.notBanned);
          await tx.members.unban(bot.id, input.uid);
          msg = TEXT.userUnbanned;
          break;
        default:
          return action satisfies never;
      }
      return ok(ENDPOINTS.userAction, { ...(await firstPages(tx, bot)), msg });
    }),
);

/** The first page of a search, as long as a list's first page; 'view more' with `input` pages on. */
const findUsers = define(ENDPOINTS.findUsers, { carries: ['findusers'] }, (input, ctx) =>
  ctx.store.read(async (tx) => {
    const { bot } = await access(tx, ctx, input.bot_id);
    const { type, input: text } = input.findusers;
    const found = await userPage(tx, bot, type, searchQuery(text), 0);
    return ok(ENDPOINTS.findUsers, { foundUsers: found.people });
  }),
);

/** `ind` is how many the page already shows; the answer is the next page (of a search with `input`). */
const viewMore = define(ENDPOINTS.viewMore, { carries: ['viewmore'] }, (input, ctx) =>
  ctx.store.read(async (tx) => {
    const { bot } = await access(tx, ctx, input.bot_id);
    const { type, input: text, ind } = input.viewmore;
    const page = await userPage(tx, bot, type, searchQuery(text ?? ''), ind);
    return ok(ENDPOINTS.viewMore, { foundUsers: page.people, max: !page.more });
  }),
);

export const userHandlers = { users, promoteAdmin, userAction, findUsers, viewMore };
