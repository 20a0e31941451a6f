import useSWR from 'swr';
import { ROUTES } from '../routes';
import type { ModerationItem } from '../schemas/moderation';
import { useApiClient } from './api-provider';
import { keepAnswer } from './keep-answer';
import { loadOnce } from './load-query';
import { mediaQuery } from './queries';

/** Media moderation: the list and saving it. */
export function useMedia(botId: number | null) {
  const client = useApiClient();
  const query = mediaQuery(client, botId);
  const read = () => client.call(ROUTES.media, { id: client.userId, bot_id: botId as number });
  const { data, error, isLoading, mutate } = useSWR(
    query?.key ?? null,
    query ? () => loadOnce(query) : null,
  );

  /**
   * Saves the whole list, shown at once. When that fails, the list is read again so it shows
   * what the server has (SPEC 4); when even that read fails, the list goes back to what it was
   * before this change, so an unsaved change never looks saved. The failure is thrown.
   */
  async function save(media: ModerationItem[]) {
    let before: ModerationItem[] | undefined;
    await mutate(
      (current) => {
        before = current?.media;
        return current ? { ...current, media } : current;
      },
      { revalidate: false },
    );
    // Answers are kept unless newer data came meanwhile (keepAnswer).
    const withMedia = (answer: { media: ModerationItem[] }, current: typeof data) =>
      current ? { ...current, media: answer.media } : current;
    try {
      const call = () =>
        client.call(ROUTES.media, { id: client.userId, bot_id: botId as number, media });
      return await keepAnswer(mutate, query?.key, call, withMedia);
    } catch (failure) {
      // Read directly rather than through SWR, so a failed read is not reported a second time.
      await keepAnswer(mutate, query?.key, read, withMedia).catch(() =>
        mutate((current) => (current && before ? { ...current, media: before } : current), {
          revalidate: false,
        }),
      );
      throw failure;
    }
  }

  return { media: data?.media, error, isLoading, save, reload: () => mutate() };
}
