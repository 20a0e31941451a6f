import useSWR from 'swr';
import { ROUTES } from '../routes';
import { useApiClient } from './api-provider';

type BotAction =
  | { stop: true }
  | { start: true }
  | { delete_bot: true }
  | { set: { drop: boolean; notice: boolean } };

/** The bot page: info and counts, stop/start/delete and its two settings. */
export function useBotInfo(botId: number | null) {
  const client = useApiClient();
  const { data, error, isLoading, mutate } = useSWR(
    botId ? ['bot', client.userId, botId] : null,
    () => client.call(ROUTES.botInfo, { id: client.userId, bot_id: botId as number }),
  );

  async function act(action: BotAction) {
    const answer = await client.call(ROUTES.botAction, {
      id: client.userId,
      bot_id: botId as number,
      ...action,
    });
    await mutate(
      (current) => {
        if (!current) return current;
        if ('stop' in action) return { ...current, status: 'Suspended' as const };
        if ('start' in action) return { ...current, status: 'Active' as const };
        if ('set' in action)
          return {
            ...current,
            drop: answer.drop ?? action.set.drop,
            notice: answer.notice ?? action.set.notice,
          };
        return current;
      },
      { revalidate: false },
    );
    return answer;
  }

  return { info: data, error, isLoading, act };
}
