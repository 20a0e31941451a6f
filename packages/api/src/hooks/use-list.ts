import { LIST_ITEMS, type ListItemKind } from '@botdeck/core';
import useSWR from 'swr';
import { ROUTES } from '../routes';
import type { ListItem } from '../schemas/lists';
import { useApiClient } from './api-provider';
import { keepAnswer } from './keep-answer';
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

  /** The list becomes the answer's, unless newer data came meanwhile (keepAnswer). */
  const withItems = (answer: unknown, current: typeof data) => {
    const next = (answer as Record<string, unknown>)[listField] as ListItem[] | undefined;
    return current && next ? { ...current, [listField]: next } : current;
  };

  async function create(name: string) {
    const call = () =>
      client.call(endpoints.create, {
        id: client.userId,
        bot_id: botId as number,
        set: true,
        [createField]: name,
      } as never);
    return keepAnswer(mutate, query?.key, call, withItems);
  }

  async function remove(index: number) {
    const call = () =>
      client.call(endpoints.remove, {
        id: client.userId,
        bot_id: botId as number,
        del: true,
        index,
      });
    const answer = await keepAnswer(mutate, query?.key, call, withItems);
    // A delete answered without the list: read it again.
    if (!(answer as Record<string, unknown>)[listField]) await mutate();
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
