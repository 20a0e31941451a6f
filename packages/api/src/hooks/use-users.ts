import type { AdminPermissions } from '@botdeck/core';
import { useCallback } from 'react';
import useSWR from 'swr';
import type { CallOptions } from '../client';
import { ROUTES } from '../routes';
import type { UserListType } from '../schemas/users';
import { useApiClient } from './api-provider';
import { keepAnswer } from './keep-answer';
import { loadOnce } from './load-query';
import { usersQuery } from './queries';

/** Users, admins and banned users of a bot, with every action of the users page. */
export function useUsers(botId: number | null) {
  const client = useApiClient();
  const query = usersQuery(client, botId);
  const { data, error, isLoading, mutate } = useSWR(
    query?.key ?? null,
    query ? () => loadOnce(query) : null,
  );
  const base = () => ({ id: client.userId, bot_id: botId as number });

  /** The three lists become the answer's, unless newer data came meanwhile (keepAnswer). */
  const withLists = (
    answer: { users: unknown; admins: unknown; banned: unknown },
    current: typeof data,
  ) =>
    current
      ? ({
          ...current,
          users: answer.users,
          admins: answer.admins,
          banned: answer.banned,
        } as typeof current)
      : current;

  function promote(uid: number, permissions: AdminPermissions, mode: 'promote' | 'edit') {
    const call = () =>
      client.call(ROUTES.promoteAdmin, { ...base(), uid, [mode]: true, ...permissions });
    return keepAnswer(mutate, query?.key, call, withLists);
  }

  function act(uid: number, action: 'demote' | 'ban' | 'unban') {
    const call = () => client.call(ROUTES.userAction, { ...base(), uid, [action]: true });
    return keepAnswer(mutate, query?.key, call, withLists);
  }

  /** The first page of one list's people matching `input`; `signal` abandons a stale search. */
  const search = useCallback(
    (type: UserListType, input: string, options?: CallOptions) =>
      client.call(
        ROUTES.findUsers,
        { id: client.userId, bot_id: botId as number, findusers: { type, input } },
        options,
      ),
    [client, botId],
  );

  /**
   * The page after the `ind` people already shown, of the whole list or, with `input`, of the
   * search for it (Botdeck's addition to `viewmore`).
   */
  const viewMore = useCallback(
    (type: UserListType, ind: number, input?: string, options?: CallOptions) =>
      client.call(
        ROUTES.viewMore,
        {
          id: client.userId,
          bot_id: botId as number,
          viewmore: input === undefined ? { type, ind } : { type, ind, input },
        },
        options,
      ),
    [client, botId],
  );

  return {
    users: data?.users,
    admins: data?.admins,
    banned: data?.banned,
    owner: data?.owner,
    error,
    isLoading,
    promote,
    act,
    search,
    viewMore,
    /** Loads the lists again, e.g. after a failed load. */
    reload: () => mutate(),
  };
}
