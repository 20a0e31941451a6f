import useSWR from 'swr';
import type { z } from 'zod';
import { ROUTES } from '../routes';
import type { advancedSaveRequest } from '../schemas/advanced';
import { useApiClient } from './api-provider';
import { keepAnswer } from './keep-answer';
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

  // Each answer is kept unless newer data came meanwhile (keepAnswer).

  /** Saves all sections at once; the cache then holds what was saved. */
  function save(advanced: z.input<typeof advancedSaveRequest>['advanced']) {
    const call = () => client.call(ROUTES.saveAdvanced, { ...base(), advanced });
    return keepAnswer(mutate, query?.key, call, (_answer, current) =>
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
    );
  }

  const withRequirements = (
    answer: { join_req: NonNullable<typeof data>['join_req'] },
    current: typeof data,
  ) => (current ? { ...current, join_req: answer.join_req } : current);

  function addRequirement(link: string) {
    const call = () => client.call(ROUTES.addRequirement, { ...base(), add_req: link });
    return keepAnswer(mutate, query?.key, call, withRequirements);
  }

  function removeRequirement(index: number) {
    const call = () => client.call(ROUTES.removeRequirement, { ...base(), rem_req: index });
    return keepAnswer(mutate, query?.key, call, withRequirements);
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
