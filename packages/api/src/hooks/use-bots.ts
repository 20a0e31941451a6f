import useSWR from 'swr';
import type { ApiClient } from '../client';
import { ROUTES } from '../routes';
import { useApiClient } from './api-provider';
import type { LoadQuery } from './load-query';

/** The bot list's load call (POST /api/selectBot), for {@link useBots} and preloading. */
export const botsQuery = (client: ApiClient) =>
  ({
    key: ['selectBot', client.userId],
    load: () => client.call(ROUTES.bots, { id: client.userId, select: true }),
  }) satisfies LoadQuery;

/** The user's bots (POST /api/selectBot), and adding one by token. */
export function useBots() {
  const client = useApiClient();
  const query = botsQuery(client);
  const { data, error, isLoading, mutate } = useSWR(query.key, query.load);

  /** Adds a bot, or gives the crashed bot `botId` its new token; the list becomes the answer's. */
  async function addBot(token: string, botId?: number) {
    const answer = await client.call(ROUTES.addBot, {
      id: client.userId,
      api_token: token,
      ...(botId === undefined ? {} : { bot_id: botId }),
    });
    await mutate((current) => (current ? { ...current, bots: answer.bots } : current), {
      revalidate: false,
    });
    return answer;
  }

  return { bots: data?.bots, lang: data?.lang, error, isLoading, addBot, reload: () => mutate() };
}
