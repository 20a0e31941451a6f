import useSWR from 'swr';
import type { FormValue } from '../client';
import { ROUTES } from '../routes';
import type { ShopUploadFields } from '../schemas/shop';
import { useApiClient } from './api-provider';
import { keepAnswer } from './keep-answer';
import { loadOnce } from './load-query';
import { shopQuery } from './queries';

export interface UseShopOptions {
  /**
   * Handles a failed load instead of the app's usual report (SPEC 4: a shop that fails to load
   * without `nav` is only logged).
   */
  onLoadError?: (error: unknown) => void;
}

/** The shop: categories and items, buying, deleting and adding or editing items. */
export function useShop(botId: number | null, options: UseShopOptions = {}) {
  const client = useApiClient();
  const query = shopQuery(client, botId);
  const { data, error, isLoading, mutate } = useSWR(
    query?.key ?? null,
    query ? () => loadOnce(query) : null,
    options.onLoadError ? { onError: options.onLoadError } : undefined,
  );
  const base = () => ({ id: client.userId, bot_id: botId as number });
  /** The categories become the answer's, unless newer data came meanwhile (keepAnswer). */
  const withCategories = (
    answer: { categories: NonNullable<typeof data>['categories'] },
    current: typeof data,
  ) => (current ? { ...current, categories: answer.categories } : current);

  const invoice = (ind: number, ind2: number) =>
    client.call(ROUTES.invoice, { ...base(), ind, ind2 });

  function remove(ind: number, ind2: number) {
    const call = () => client.call(ROUTES.deleteShopItem, { ...base(), ind, ind2 });
    return keepAnswer(mutate, query?.key, call, withCategories);
  }

  function upload(
    fields: Omit<ShopUploadFields, 'id' | 'bot_id'>,
    files: { file1?: FormValue; file2?: FormValue },
  ) {
    const call = () =>
      client.upload(ROUTES.uploadShopItem, {
        ...fields,
        id: String(client.userId),
        bot_id: String(botId),
        file1: files.file1,
        file2: files.file2,
      });
    return keepAnswer(mutate, query?.key, call, withCategories);
  }

  /**
   * An editor refunds a sale's Stars: the shop's categories become the answer's (the unit is for
   * sale again), unless newer data came meanwhile (keepAnswer); the answer's `sale` is for the
   * sales list.
   */
  function refund(chargeId: string) {
    const call = () => client.call(ROUTES.refundSale, { ...base(), charge_id: chargeId });
    return keepAnswer(mutate, query?.key, call, withCategories);
  }

  return {
    shop: data,
    error,
    isLoading,
    invoice,
    remove,
    upload,
    refund,
    reload: () => mutate(),
  };
}
