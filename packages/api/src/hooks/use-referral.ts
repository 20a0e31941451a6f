import useSWR from 'swr';
import { ROUTES } from '../routes';
import { useApiClient } from './api-provider';
import { keepAnswer } from './keep-answer';
import { loadOnce } from './load-query';
import { referralQuery } from './queries';

/** The referral page: link, joined count, and collecting the next reward. */
export function useReferral(botId: number | null) {
  const client = useApiClient();
  const query = referralQuery(client, botId);
  const { data, error, isLoading, mutate } = useSWR(
    query?.key ?? null,
    query ? () => loadOnce(query) : null,
  );

  /**
   * Collects the next reward; the answer (its `msg` says what was given) replaces the cache
   * unless newer data came meanwhile (keepAnswer).
   */
  function collect() {
    const call = () =>
      client.call(ROUTES.referral, { id: client.userId, botId: botId as number, collect: true });
    return keepAnswer(mutate, query?.key, call, (answer) => answer);
  }

  return { referral: data?.ref, error, isLoading, collect, reload: () => mutate() };
}
