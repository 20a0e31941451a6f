import useSWR from 'swr';
import { ROUTES } from '../routes';
import type { Sale } from '../schemas/shop';
import { useApiClient } from './api-provider';
import { keepAnswer } from './keep-answer';

/** The sales the editor has seen so far: the first page and every page loaded after it. */
interface SalesPages {
  sales: Sale[];
  /** Whether older sales follow the last one shown. */
  more: boolean;
}

/**
 * A shop's sales for its editors (POST /api/shop/sales), newest first: the first page when the
 * hook mounts (the shop's sales view, never the shop's own load), then a page at a time on
 * `loadMore`. `replace` puts an updated sale (a refund's answer) in place of the one shown.
 */
export function useShopSales(botId: number | null) {
  const client = useApiClient();
  const key = botId === null ? null : ['shopSales', client.userId, botId];
  const { data, error, isLoading, mutate } = useSWR<SalesPages>(key, () =>
    client.call(ROUTES.sales, { id: client.userId, bot_id: botId as number }),
  );

  /**
   * The page after the last sale shown, added under it; the cache keeps the pages seen so far,
   * unless a fresh load came meanwhile (keepAnswer), whose first page then stands alone.
   */
  function loadMore() {
    const last = data?.sales.at(-1);
    if (!last) return Promise.resolve(undefined);
    const call = () =>
      client.call(ROUTES.sales, {
        id: client.userId,
        bot_id: botId as number,
        before: { paid_at: last.paid_at, charge_id: last.charge_id },
      });
    // The page is named by the last sale shown (not by a count), so a sale paid meanwhile, newer
    // than every page, neither moves nor repeats what follows.
    return keepAnswer(mutate, key ?? undefined, call, (answer, current) =>
      current ? { sales: [...current.sales, ...answer.sales], more: answer.more } : current,
    );
  }

  /** Shows `sale` in place of the sale of the same charge id (e.g. after its refund). */
  function replace(sale: Sale) {
    return mutate(
      (current) =>
        current
          ? {
              ...current,
              sales: current.sales.map((shown) =>
                shown.charge_id === sale.charge_id ? sale : shown,
              ),
            }
          : current,
      { revalidate: false },
    );
  }

  return {
    sales: data?.sales,
    more: data?.more ?? false,
    error,
    isLoading,
    loadMore,
    replace,
    /** Loads the first page again, e.g. after a failed load. */
    reload: () => mutate(),
  };
}
