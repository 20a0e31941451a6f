import { ENDPOINTS } from '@botdeck/api';
import { TEXT } from '../texts';
import { languageOf, userLists } from '../views';
import { access, define, fail, ok } from './kit';

/** A bot's info page: its status and counts, and stopping, starting, deleting or its settings. */

const botInfo = define(ENDPOINTS.botInfo, async (input, ctx) => {
  const data = await ctx.store.read();
  const { bot, owner, role } = access(data, ctx, input.bot_id, undefined, { allowCrashed: true });
  const lists = userLists(data, bot);
  return ok(ENDPOINTS.botInfo, {
    status: bot.status,
    users_count: lists.users.length,
    admins_count: lists.admins.length,
    banned_count: lists.banned.length,
    name: bot.name,
    username: bot.username,
    photo: bot.photo,
    notActive: bot.status === 'Crashed',
    drop: bot.drop,
    notice: bot.notice,
    lang: languageOf(data, ctx.userId),
    owner,
    perms: role.permissions,
  });
});

const botAction = define(
  ENDPOINTS.botAction,
  { carries: ['stop', 'start', 'delete_bot', 'set'] },
  (input, ctx) =>
    ctx.store.write((data) => {
      const chosen = (['stop', 'start', 'delete_bot', 'set'] as const).filter(
        (a) => input[a] !== undefined,
      );
      if (chosen.length !== 1) fail(TEXT.oneAction, { status: 400 });
      const action = chosen[0] as 'stop' | 'start' | 'delete_bot' | 'set';
      switch (action) {
        case 'stop': {
          const { bot } = access(data, ctx, input.bot_id, 'stopBot');
          if (bot.status === 'Suspended') fail(TEXT.botAlreadyStopped);
          bot.status = 'Suspended';
          return ok(ENDPOINTS.botAction, { msg: TEXT.botStopped });
        }
        case 'start': {
          const { bot } = access(data, ctx, input.bot_id, 'stopBot');
          if (bot.status === 'Active') fail(TEXT.botAlreadyRunning);
          bot.status = 'Active';
          return ok(ENDPOINTS.botAction, { msg: TEXT.botStarted });
        }
        case 'delete_bot': {
          // Only the owner deletes, and a crashed bot can still be deleted.
          const { bot } = access(data, ctx, input.bot_id, 'deleteBot', { allowCrashed: true });
          data.bots = data.bots.filter((b) => b !== bot);
          return ok(ENDPOINTS.botAction, { msg: TEXT.botDeleted, nav: true });
        }
        case 'set': {
          const { bot } = access(data, ctx, input.bot_id, 'changeBotSettings');
          const settings = input.set as { drop: boolean; notice: boolean };
          bot.drop = settings.drop;
          bot.notice = settings.notice;
          return ok(ENDPOINTS.botAction, {
            msg: TEXT.settingsSaved,
            drop: bot.drop,
            notice: bot.notice,
          });
        }
        default:
          return action satisfies never;
      }
    }),
);

export const botInfoHandlers = { botInfo, botAction };
