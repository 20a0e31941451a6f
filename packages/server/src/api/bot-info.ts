import { ENDPOINTS } from '@botdeck/api';
import { TEXT } from '../texts';
import { languageOf } from '../views';
import { access, define, fail, ok } from './kit';
import type { BotChange } from './telegram-port';

/** A bot's info page: its status and counts, and stopping, starting, deleting or its settings. */

const botInfo = define(ENDPOINTS.botInfo, (input, ctx) =>
  ctx.store.read(async (tx) => {
    const { bot, owner, role } = await access(tx, ctx, input.bot_id, undefined, {
      allowCrashed: true,
    });
    const counts = await tx.members.counts(bot.id);
    return ok(ENDPOINTS.botInfo, {
      status: bot.status,
      users_count: counts.users,
      // The owner is listed among the admins.
      admins_count: (await tx.admins.of(bot.id)).length + 1,
      banned_count: counts.banned,
      name: bot.name,
      username: bot.username,
      photo: bot.photo,
      notActive: bot.status === 'Crashed',
      drop: bot.drop,
      notice: bot.notice,
      lang: await languageOf(tx, ctx.userId),
      owner,
      perms: role.permissions,
    });
  }),
);

const botAction = define(
  ENDPOINTS.botAction,
  { carries: ['stop', 'start', 'delete_bot', 'set'] },
  async (input, ctx) => {
    /** What the runtime is told once the write committed. */
    let after: BotChange | null = null;
    const reply = await ctx.store.write(async (tx) => {
      const chosen = (['stop', 'start', 'delete_bot', 'set'] as const).filter(
        (a) => input[a] !== undefined,
      );
      if (chosen.length !== 1) fail(TEXT.oneAction, { status: 400 });
      const action = chosen[0] as 'stop' | 'start' | 'delete_bot' | 'set';
      switch (action) {
        case 'stop': {
          const { bot } = await access(tx, ctx, input.bot_id, 'stopBot');
          if (bot.status === 'Suspended') fail(TEXT.botAlreadyStopped);
          await tx.bots.update(bot.id, { status: 'Suspended' });
          after = { kind: 'stopped', botId: bot.id };
          return ok(ENDPOINTS.botAction, { msg: TEXT.botStopped });
        }
        case 'start': {
          const { bot } = await access(tx, ctx, input.bot_id, 'stopBot');
          if (bot.status === 'Active') fail(TEXT.botAlreadyRunning);
          await tx.bots.update(bot.id, { status: 'Active' });
          after = { kind: 'running', botId: bot.id, dropPending: bot.drop };
          return ok(ENDPOINTS.botAction, { msg: TEXT.botStarted });
        }
        case 'delete_bot': {
          // Only the owner deletes, and a crashed bot can still be deleted.
          const { bot } = await access(tx, ctx, input.bot_id, 'deleteBot', {
            allowCrashed: true,
          });
          const token = await tx.bots.token(bot.id);
          await tx.bots.delete(bot.id);
          if (token) after = { kind: 'deleted', botId: bot.id, token };
          return ok(ENDPOINTS.botAction, { msg: TEXT.botDeleted, nav: true });
        }
        case 'set': {
          const { bot } = await access(tx, ctx, input.bot_id, 'changeBotSettings');
          const settings = input.set as { drop: boolean; notice: boolean };
          await tx.bots.update(bot.id, { drop: settings.drop, notice: settings.notice });
          return ok(ENDPOINTS.botAction, {
            msg: TEXT.settingsSaved,
            drop: settings.drop,
            notice: settings.notice,
          });
        }
        default:
          return action satisfies never;
      }
    });
    if (after) await ctx.telegram.botChanged(after);
    // A deleted bot's media go too, once its rows are gone for good.
    if (input.delete_bot !== undefined && reply.body.success === true) {
      await ctx.store.uploads.removeAllOf(input.bot_id);
    }
    return reply;
  },
);

export const botInfoHandlers = { botInfo, botAction };
