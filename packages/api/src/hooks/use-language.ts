import type { Language } from '@botdeck/core';
import useSWR from 'swr';
import { ROUTES } from '../routes';
import { useApiClient } from './api-provider';
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

  async function change(choice: { set?: Language; bot_lang?: Language }) {
    const answer = await client.call(ROUTES.language, {
      id: client.userId,
      bot_id: botId as number,
      ...choice,
    });
    await mutate(answer, { revalidate: false });
    return answer;
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
