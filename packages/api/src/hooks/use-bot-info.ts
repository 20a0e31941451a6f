import useSWR, { useSWRConfig } from 'swr';
import { ROUTES } from '../routes';
import type { BotSummary } from '../schemas/bots';
import { useApiClient } from './api-provider';
import { keepAnswer } from './keep-answer';
import { loadOnce } from './load-query';
import { botInfoQuery } from './queries';

type BotAction =
  | { stop: true }
  | { start: true }
  | { delete_bot: true }
  | { set: { drop: boolean; notice: boolean } };

/** The cached answer of useBots, as far as this hook touches it. */
type BotList = { bots: BotSummary[] } | undefined;

/** The bot page: info and counts, stop/start/delete and its two settings. */
export function useBotInfo(botId: number | null) {
  const client = useApiClient();
  const { mutate: mutateKey } = useSWRConfig();
  const query = botInfoQuery(client, botId);
  const { data, error, isLoading, mutate } = useSWR(
    query?.key ?? null,
    query ? () => loadOnce(query) : null,
  );

  /**
   * The bot list (useBots) follows what changed here, from the server's success, with no refetch:
   * a stopped bot reads "Stopped" there, and a deleted one is gone.
   */
  const updateBotList = (change: (bots: BotSummary[]) => BotSummary[]) =>
    mutateKey<BotList>(
      ['selectBot', client.userId],
      (current) => (current ? { ...current, bots: change(current.bots) } : current),
      { revalidate: false },
    );
  const setListedStatus = (status: BotSummary['status']) =>
    updateBotList((bots) => bots.map((bot) => (bot.id === botId ? { ...bot, status } : bot)));

  async function act(action: BotAction) {
    const call = () =>
      client.call(ROUTES.botAction, { id: client.userId, bot_id: botId as number, ...action });
    if ('delete_bot' in action) {
      const answer = await call();
      await updateBotList((bots) => bots.filter((bot) => bot.id !== botId));
      // The bot is gone: forget its page rather than keep a stale copy of it.
      await mutate(undefined, { revalidate: false });
      return answer;
    }
    // The page follows the answer unless newer data came meanwhile (keepAnswer); the bot list
    // follows only an answer the page kept.
    let kept = false;
    const answer = await keepAnswer(mutate, query?.key, call, (answer, current) => {
      kept = true;
      if (!current) return current;
      if ('stop' in action) return { ...current, status: 'Suspended' as const };
      if ('start' in action) return { ...current, status: 'Active' as const };
      return {
        ...current,
        drop: answer.drop ?? action.set.drop,
        notice: answer.notice ?? action.set.notice,
      };
    });
    if (kept && 'stop' in action) await setListedStatus('Suspended');
    if (kept && 'start' in action) await setListedStatus('Active');
    return answer;
  }

  return {
    info: data,
    error,
    isLoading,
    act,
    /** Loads the page again: after a failed load, or once a crashed bot has a new token. */
    reload: () => mutate(),
  };
}
