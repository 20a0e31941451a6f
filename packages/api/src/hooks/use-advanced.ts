import useSWR from 'swr';
import type { z } from 'zod';
import { ROUTES } from '../routes';
import type { advancedSaveRequest } from '../schemas/advanced';
import { useApiClient } from './api-provider';
import { loadOnce } from './load-query';
import { advancedQuery } from './queries';

/** Advanced protection settings and join requirements. */
export function useAdvanced(botId: number | null) {
  const client = useApiClient();
  const query = advancedQuery(client, botId);
  const { data, error, isLoading, mutate } = useSWR(
    query?.key ?? null,
    query ? () => loadOnce(query) : null,
  );
  const base = () => ({ id: client.userId, bot_id: botId as number });

  /** Saves all sections at once; the cache then holds what was saved. */
  async function save(advanced: z.input<typeof advancedSaveRequest>['advanced']) {
    const answer = await client.call(ROUTES.saveAdvanced, { ...base(), advanced });
    await mutate(
      (current) =>
        current
          ? {
              ...current,
              jr_enable: advanced.jr,
              adv: {
                captcha: advanced.captcha,
                chat_mode: advanced.chatMode,
                links: advanced.links,
                langs: advanced.langs,
                antispam: advanced.antiSpam,
              },
            }
          : current,
      { revalidate: false },
    );
    return answer;
  }

  const setRequirements = (join_req: NonNullable<typeof data>['join_req']) =>
    mutate((current) => (current ? { ...current, join_req } : current), { revalidate: false });

  async function addRequirement(link: string) {
    const answer = await client.call(ROUTES.addRequirement, { ...base(), add_req: link });
    await setRequirements(answer.join_req);
    return answer;
  }

  async function removeRequirement(index: number) {
    const answer = await client.call(ROUTES.removeRequirement, { ...base(), rem_req: index });
    await setRequirements(answer.join_req);
    return answer;
  }

  return {
    advanced: data,
    error,
    isLoading,
    save,
    addRequirement,
    removeRequirement,
    /** Reads the settings again, e.g. to see whether /enable was typed in a group yet. */
    reload: () => mutate(),
  };
}
