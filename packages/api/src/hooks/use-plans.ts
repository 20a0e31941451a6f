import useSWR from 'swr';
import { useApiClient } from './api-provider';
import { loadOnce } from './load-query';
import { plansQuery } from './queries';

/** The plans page: the bot's plan and an invoice link for each plan and period. */
export function usePlans(botId: number | null) {
  const client = useApiClient();
  const query = plansQuery(client, botId);
  const { data, error, isLoading, mutate } = useSWR(
    query?.key ?? null,
    query ? () => loadOnce(query) : null,
  );
  return { plans: data, error, isLoading, reload: () => mutate() };
}
