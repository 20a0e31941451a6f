import useSWR from 'swr';
import type { FormValue } from '../client';
import type { MessagesPath } from '../route-table';
import { ROUTES } from '../routes';
import type { UploadMessageData } from '../schemas/messages';
import { useApiClient } from './api-provider';
import { keepAnswer } from './keep-answer';
import { loadOnce } from './load-query';
import { messagesQuery } from './queries';

/**
 * The messages of one item (or the start message), with add, delete and save. Nothing loads
 * without a bot or an item (`null`).
 */
export function useMessages(path: MessagesPath, botId: number | null, itemIndex: number | null) {
  const client = useApiClient();
  const endpoints = ROUTES.messages[path];
  const query = messagesQuery(client, path, botId, itemIndex);
  const { data, error, isLoading, mutate } = useSWR(
    query?.key ?? null,
    query ? () => loadOnce(query) : null,
  );
  const base = { id: client.userId, bot_id: botId as number, mi: itemIndex as number };

  /** The messages become the answer's, unless newer data came meanwhile (keepAnswer). */
  const withMessages = (
    answer: { messages: NonNullable<typeof data>['messages'] },
    current: typeof data,
  ) => (current ? { ...current, messages: answer.messages } : current);

  const add = () =>
    keepAnswer(
      mutate,
      query?.key,
      () => client.call(endpoints.add, { ...base, add: true }),
      withMessages,
    );

  const remove = (index: number) =>
    keepAnswer(
      mutate,
      query?.key,
      () => client.call(endpoints.remove, { ...base, del: true, index }),
      withMessages,
    );

  /** Saves message `data.ind2`: multipart with an optional file and the msgdata JSON. */
  function save(message: Omit<UploadMessageData, 'id' | 'bot_id'>, file: FormValue = null) {
    const msgdata: UploadMessageData = { ...message, id: client.userId, bot_id: botId as number };
    const call = () =>
      client.upload(ROUTES.uploadMessage, { file, msgdata: JSON.stringify(msgdata) });
    return keepAnswer(mutate, query?.key, call, (answer, current) =>
      current
        ? {
            ...current,
            messages: current.messages.map((m, i) => (i === message.ind2 ? answer.message : m)),
          }
        : current,
    );
  }

  return {
    messages: data?.messages,
    username: data?.username,
    pro: data?.pro,
    name: data?.name,
    choices: data?.choices,
    lang: data?.lang,
    error,
    isLoading,
    add,
    remove,
    save,
    /** Reads the messages again, e.g. to retry after a failed load. */
    reload: () => mutate(),
  };
}
