import { z } from 'zod';
import { envelope, language, permissionFlags, pro } from './common';

export const dashboardPopup = z.object({
  title: z.string(),
  text: z.string(),
  btn: z.object({ name: z.string(), link: z.string() }).nullish(),
});
export type DashboardPopup = z.infer<typeof dashboardPopup>;

/** GET /api/dashboard?id=&bot_id= */
// Query values arrive as strings; coercing lets one schema serve the client and the server.
export const dashboardRequest = z.object({
  id: z.coerce.number().int(),
  bot_id: z.coerce.number().int(),
});
export const dashboardResponse = envelope.extend({
  pro,
  /** Whether the viewer owns the bot (admins see less). */
  owner: z.boolean(),
  /**
   * Botdeck addition: the viewer's admin permissions (all true for the owner), so the app can
   * refuse a change the viewer may not make without asking the server first.
   */
  perms: z.object(permissionFlags).optional(),
  lang: language,
  popup: dashboardPopup.nullish(),
  /** Botdeck addition: the header shows which bot this is. */
  name: z.string().optional(),
  username: z.string().optional(),
});
export type Dashboard = z.infer<typeof dashboardResponse>;
