import { type BotRole, ownerRole } from '@botdeck/core';
import useSWR from 'swr';
import { useApiClient } from './api-provider';
import { loadOnce } from './load-query';
import { dashboardKey, dashboardQuery } from './queries';

/** A bot's dashboard (GET /api/dashboard): plan, ownership, language and an optional popup. */
export function useDashboard(botId: number | null) {
  const query = dashboardQuery(useApiClient(), botId);
  const { data, error, isLoading } = useSWR(
    query?.key ?? null,
    query ? () => loadOnce(query) : null,
  );
  return { dashboard: data, error, isLoading };
}

/**
 * The viewer's role on a bot, from the dashboard answer already loaded (this makes no request:
 * every other screen is reached through the dashboard). Undefined when it is not loaded (after
 * a reload deep in the app) or the answer has no `perms`: then the server alone decides, and its
 * refusal is shown.
 */
export function useBotRole(botId: number | null): BotRole | undefined {
  const client = useApiClient();
  // No fetcher: read what the dashboard loaded, and follow it if it is loaded again.
  const { data } = useSWR<{ owner: boolean; perms?: BotRole['permissions'] }>(
    botId ? dashboardKey(client.userId, botId) : null,
    null,
  );
  if (!data) return undefined;
  if (data.owner) return ownerRole();
  // A backend that does not send `perms` leaves the decision to the server.
  return data.perms ? { owner: false, permissions: data.perms } : undefined;
}
