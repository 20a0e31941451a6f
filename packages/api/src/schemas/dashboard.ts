import * as z from 'zod/mini';
import { botStatus, envelope, language, permissionFlags, pro } from './common';

export const dashboardPopup = z.object({
  title: z.string(),
  text: z.string(),
  btn: z.nullish(z.object({ name: z.string(), link: z.string() })),
});
export type DashboardPopup = z.infer<typeof dashboardPopup>;

/** GET /api/dashboard?id=&bot_id= */
// Query values arrive as strings; coercing lets one schema serve the client and the server.
export const dashboardRequest = z.object({
  id: z.coerce.number().check(z.int()),
  bot_id: z.coerce.number().check(z.int()),
});
export const dashboardResponse = z.extend(envelope, {
  pro,
  /** Whether the viewer owns the bot (admins see less). */
  owner: z.boolean(),
  /**
   * Botdeck addition: the viewer's admin permissions (all true for the owner), so the app can
   * refuse a change the viewer may not make without asking the server first.
   */
  perms: z.optional(z.object(permissionFlags)),
  lang: language,
  popup: z.nullish(dashboardPopup),
  /** Botdeck addition: the header shows which bot this is. */
  name: z.optional(z.string()),
  username: z.optional(z.string()),
  /** Botdeck addition: a stopped bot's dashboard says so, with a way to start it. */
  status: z.optional(botStatus),
});
export type Dashboard = z.infer<typeof dashboardResponse>;
