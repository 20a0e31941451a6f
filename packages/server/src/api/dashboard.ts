import { ENDPOINTS } from '@botdeck/api';
import { effectivePro, languageOf } from '../views';
import { access, define, ok } from './kit';

/** A bot's dashboard: its plan, the caller's role (owner, permissions), and the news popup. */

const dashboard = define(ENDPOINTS.dashboard, (input, ctx) =>
  ctx.store.read(async (tx) => {
    const { bot, owner, role } = await access(tx, ctx, input.bot_id);
    return ok(ENDPOINTS.dashboard, {
      pro: effectivePro(bot.plan, ctx.now),
      owner,
      perms: role.permissions,
      lang: await languageOf(tx, ctx.userId),
      popup: bot.popup,
      name: bot.name,
      username: bot.username,
      status: bot.status,
    });
  }),
);

export const dashboardHandlers = { dashboard };
