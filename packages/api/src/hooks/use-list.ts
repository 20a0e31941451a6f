import { LIST_ITEMS, type ListItemKind } from '@botdeck/core';
import useSWR from 'swr';
import { ROUTES } from '../routes';
import type { ListItem } from '../schemas/lists';
import { useApiClient } from './api-provider';
import { loadOnce } from './load-query';
import { listQuery } from './queries';

/** A list page's items (menus, Q&A, commands or start payloads), with create and delete. */
export function useList(kind: ListItemKind, botId: number | null) {
  const client = useApiClient();
  const { listField, createField } = LIST_ITEMS[kind];
  const endpoints = ROUTES.lists[kind];
  const query = listQuery(client, kind, botId);
  const { data, error, isLoading, mutate } = useSWR(
    query?.key ?? null,
    query ? () => loadOnce(query) : null,
  );
  const items = data ? ((data as Record<string, unknown>)[listField] as ListItem[]) : undefined;

  const replaceItems = (next: ListItem[] | undefined) =>
    next
      ? mutate((current) => (current ? { ...current, [listField]: next } : current), {
          revalidate: false,
        })
      : mutate();

  async function create(name: string) {
    const answer = await client.call(endpoints.create, {
      id: client.userId,
      bot_id: botId as number,
      set: true,
      [createField]: name,
    } as never);
    await replaceItems((answer as Record<string, unknown>)[listField] as ListItem[]);
    return answer;
  }

  async function remove(index: number) {
    const answer = await client.call(endpoints.remove, {
      id: client.userId,
      bot_id: botId as number,
      del: true,
      index,
    });
    await replaceItems((answer as Record<string, unknown>)[listField] as ListItem[] | undefined);
    return answer;
  }

  return {
    items,
    pro: data?.pro,
    lang: data?.lang,
    error,
    isLoading,
    create,
    remove,
    /** Loads the list again, e.g. after a failed load. */
    reload: () => mutate(),
  };
}
