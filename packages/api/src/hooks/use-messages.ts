import useSWR from 'swr';
import type { FormValue } from '../client';
import type { MessagesPath } from '../route-table';
import { ROUTES } from '../routes';
import type { UploadMessageData } from '../schemas/messages';
import { useApiClient } from './api-provider';
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

  const replaceMessages = (messages: NonNullable<typeof data>['messages']) =>
    mutate((current) => (current ? { ...current, messages } : current), { revalidate: false });

  async function add() {
    const answer = await client.call(endpoints.add, { ...base, add: true });
    await replaceMessages(answer.messages);
    return answer;
  }

  async function remove(index: number) {
    const answer = await client.call(endpoints.remove, { ...base, del: true, index });
    await replaceMessages(answer.messages);
    return answer;
  }

  /** Saves message `data.ind2`: multipart with an optional file and the msgdata JSON. */
  async function save(message: Omit<UploadMessageData, 'id' | 'bot_id'>, file: FormValue = null) {
    const msgdata: UploadMessageData = { ...message, id: client.userId, bot_id: botId as number };
    const answer = await client.upload(ROUTES.uploadMessage, {
      file,
      msgdata: JSON.stringify(msgdata),
    });
    await mutate(
      (current) =>
        current
          ? {
              ...current,
              messages: current.messages.map((m, i) => (i === message.ind2 ? answer.message : m)),
            }
          : current,
      { revalidate: false },
    );
    return answer;
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
