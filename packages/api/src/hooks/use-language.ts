import type { Language } from '@botdeck/core';
import useSWR from 'swr';
import { ROUTES } from '../routes';
import { useApiClient } from './api-provider';
import { keepAnswer } from './keep-answer';
import { loadOnce } from './load-query';
import { languageQuery } from './queries';

/** The settings language and the bot's language, and changing either. */
export function useLanguage(botId: number | null) {
  const client = useApiClient();
  const query = languageQuery(client, botId);
  const { data, error, isLoading, mutate } = useSWR(
    query?.key ?? null,
    query ? () => loadOnce(query) : null,
  );

  /** Saves a choice; the answer becomes the cache unless newer data came meanwhile (keepAnswer). */
  function change(choice: { set?: Language; bot_lang?: Language }) {
    const call = () =>
      client.call(ROUTES.language, { id: client.userId, bot_id: botId as number, ...choice });
    return keepAnswer(mutate, query?.key, call, (answer) => answer);
  }

  return {
    settingsLanguage: data?.lang,
    botLanguage: data?.bot_lang,
    error,
    isLoading,
    change,
    /** Loads the languages again, e.g. after a failed load. */
    reload: () => mutate(),
  };
}
