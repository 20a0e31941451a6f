import useSWR from 'swr';
import { ROUTES } from '../routes';
import { useApiClient } from './api-provider';

/** A bot's dashboard (GET /api/dashboard): plan, ownership, language and an optional popup. */
export function useDashboard(botId: number | null) {
  const client = useApiClient();
  const { data, error, isLoading } = useSWR(
    botId ? ['dashboard', client.userId, botId] : null,
    () => client.call(ROUTES.dashboard, { id: client.userId, bot_id: botId as number }),
  );
  return { dashboard: data, error, isLoading };
}
