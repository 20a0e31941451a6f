import useSWR from 'swr';
import { isApiError } from '../errors';
import { ROUTES } from '../routes';
import type { ModerationItem } from '../schemas/moderation';
import { useApiClient } from './api-provider';

/** Media moderation: the list and saving it. */
export function useMedia(botId: number | null) {
  const client = useApiClient();
  const key = botId ? ['media', client.userId, botId] : null;
  const { data, error, isLoading, mutate } = useSWR(key, () =>
    client.call(ROUTES.media, { id: client.userId, bot_id: botId as number }),
  );

  /** Saves the whole list; when that fails, the list is read again so it shows the truth. */
  async function save(media: ModerationItem[]) {
    await mutate((current) => (current ? { ...current, media } : current), { revalidate: false });
    try {
      const answer = await client.call(ROUTES.media, {
        id: client.userId,
        bot_id: botId as number,
        media,
      });
      await mutate((current) => (current ? { ...current, media: answer.media } : current), {
        revalidate: false,
      });
      return answer;
    } catch (failure) {
      if (isApiError(failure)) await mutate();
      throw failure;
    }
  }

  return { media: data?.media, error, isLoading, save };
}
