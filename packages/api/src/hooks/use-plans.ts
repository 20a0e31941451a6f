import useSWR from 'swr';
import { ROUTES } from '../routes';
import { useApiClient } from './api-provider';

/** The plans page: the bot's plan and an invoice link for each plan and period. */
export function usePlans(botId: number | null) {
  const client = useApiClient();
  const { data, error, isLoading, mutate } = useSWR(
    botId ? ['upgrade', client.userId, botId] : null,
    () => client.call(ROUTES.upgrade, { bot: botId as number }),
  );
  return { plans: data, error, isLoading, reload: () => mutate() };
}
