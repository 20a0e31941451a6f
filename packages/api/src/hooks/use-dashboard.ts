import { type BotRole, ownerRole } from '@botdeck/core';
import useSWR, { useSWRConfig } from 'swr';
import { ROUTES } from '../routes';
import type { BotSummary } from '../schemas/bots';
import { useApiClient } from './api-provider';
import { loadOnce } from './load-query';
import { dashboardKey, dashboardQuery } from './queries';

/**
 * A bot's dashboard (GET /api/dashboard): plan, ownership, language and an optional popup; and
 * starting a stopped bot from it.
 */
export function useDashboard(botId: number | null) {
  const client = useApiClient();
  const { mutate: mutateKey } = useSWRConfig();
  const query = dashboardQuery(client, botId);
  const { data, error, isLoading, mutate } = useSWR(
    query?.key ?? null,
    query ? () => loadOnce(query) : null,
  );

  /**
   * Starts the stopped bot (the bot page's start call). Once the server has started it, the
   * dashboard, the bot list and the bot page (when loaded) read Active, with no refetch.
   */
  async function startBot() {
    if (botId === null) return;
    const answer = await client.call(ROUTES.botAction, {
      id: client.userId,
      bot_id: botId,
      start: true,
    });
    const active = 'Active' as const;
    await mutate((current) => (current ? { ...current, status: active } : current), {
      revalidate: false,
    });
    await mutateKey<{ bots: BotSummary[] }>(
      ['selectBot', client.userId],
      (current) =>
        current
          ? {
              ...current,
              bots: current.bots.map((bot) =>
                bot.id === botId ? { ...bot, status: active } : bot,
              ),
            }
          : current,
      { revalidate: false },
    );
    await mutateKey<{ status: BotSummary['status'] }>(
      ['bot', client.userId, botId],
      (current) => (current ? { ...current, status: active } : current),
      { revalidate: false },
    );
    return answer;
  }

  return { dashboard: data, error, isLoading, startBot };
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
  const { data } = useSWR<RoleAnswer>(botId ? dashboardKey(client.userId, botId) : null, null);
  return roleOf(data);
}

/** The part of an answer (the dashboard's, the bot page's) that tells the viewer's role. */
export interface RoleAnswer {
  owner?: boolean;
  perms?: BotRole['permissions'];
}

/**
 * The viewer's role as an answer tells it; undefined when it does not (no answer, or a backend
 * that sends no `perms`): then the server alone decides.
 */
export function roleOf(answer: RoleAnswer | undefined): BotRole | undefined {
  if (!answer) return undefined;
  if (answer.owner) return ownerRole();
  return answer.perms ? { owner: false, permissions: answer.perms } : undefined;
}
