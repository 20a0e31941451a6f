import useSWR from 'swr';
import { ROUTES } from '../routes';
import { useApiClient } from './api-provider';
import { keepAnswer } from './keep-answer';
import { loadOnce } from './load-query';
import { botsQuery } from './queries';

/** The user's bots (POST /api/selectBot), and adding one by token. */
export function useBots() {
  const client = useApiClient();
  const query = botsQuery(client);
  const { data, error, isLoading, mutate } = useSWR(query.key, () => loadOnce(query));

  /**
   * Adds a bot, or gives the crashed bot `botId` its new token; the list becomes the answer's
   * unless newer data came meanwhile (keepAnswer).
   */
  function addBot(token: string, botId?: number) {
    const call = () =>
      client.call(ROUTES.addBot, {
        id: client.userId,
        api_token: token,
        ...(botId === undefined ? {} : { bot_id: botId }),
      });
    return keepAnswer(mutate, query.key, call, (answer, current) =>
      current ? { ...current, bots: answer.bots } : current,
    );
  }

  /**
   * Deletes a bot from the list itself (a crashed bot, which has no page to delete it from);
   * once the server has deleted it, the list drops it without a refetch.
   */
  async function deleteBot(botId: number) {
    const answer = await client.call(ROUTES.botAction, {
      id: client.userId,
      bot_id: botId,
      delete_bot: true,
    });
    await mutate(
      (current) =>
        current ? { ...current, bots: current.bots.filter((bot) => bot.id !== botId) } : current,
      { revalidate: false },
    );
    return answer;
  }

  return {
    bots: data?.bots,
    lang: data?.lang,
    error,
    isLoading,
    addBot,
    deleteBot,
    reload: () => mutate(),
  };
}
