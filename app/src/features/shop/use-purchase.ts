import type { ShopItem } from '@botdeck/api';
import type { ShopItemPosition } from '@botdeck/core';
import { type InvoiceStatus, usePlatform } from '@botdeck/platform';
import { useCallback, useRef, useState } from 'react';

/** An item on its way to being bought: its invoice is asked for, then confirmed and paid. */
interface PendingPurchase extends ShopItemPosition {
  item: ShopItem;
  /** The invoice link the server gave; the confirm dialog asks before it is opened. */
  link: string;
}

/** How the last purchase ended, for the page's status line. */
type PurchaseOutcome =
  | { kind: 'paid'; name: string }
  | { kind: Exclude<InvoiceStatus, 'paid' | 'cancelled'> }
  | { kind: 'unsupported' };

export interface Purchase {
  /** The purchase under way, or null. */
  pending: PendingPurchase | null;
  /** Whether the item at `at` is busy (its invoice asked for, confirmed or open). */
  isBusy: (at: ShopItemPosition) => boolean;
  /** Starts buying: ignored while that item is busy. */
  start: (at: ShopItemPosition, item: ShopItem) => void;
  /** Next in the confirm dialog: opens Telegram's invoice. */
  confirm: () => void;
  /** Cancel in the confirm dialog. */
  cancel: () => void;
  outcome: PurchaseOutcome | null;
}

const key = ({ ind, ind2 }: ShopItemPosition) => `${ind}:${ind2}`;

/**
 * SPEC 4's buy flow. Buying sets the item's busy state and asks the server for an invoice;
 * further taps on that item are ignored. With the link a confirm dialog (the Terms of Service,
 * Next / Cancel) asks; Next opens Telegram's invoice and the busy state clears when it closes;
 * Cancel clears it at once. On "paid" the shop is read again: the server grants, the client never
 * does. A failed invoice request is reported (`onFailed`, the "failed" dialogs of SPEC 8).
 */
export function usePurchase({
  requestInvoice,
  onPaid,
  onFailed,
}: {
  requestInvoice: (at: ShopItemPosition) => Promise<{ link: string }>;
  onPaid: () => void;
  onFailed: (error: unknown) => void;
}): Purchase {
  const platform = usePlatform();
  const [pending, setPendingState] = useState<PendingPurchase | null>(null);
  // The purchase the confirm dialog is about, read synchronously: the dialog reports its closing
  // after Next too, and that must not free an item whose invoice is now open.
  const pendingNow = useRef<PendingPurchase | null>(null);
  const setPending = useCallback((next: PendingPurchase | null) => {
    pendingNow.current = next;
    setPendingState(next);
  }, []);
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [outcome, setOutcome] = useState<PurchaseOutcome | null>(null);
  // Read synchronously, so a double tap in one frame is ignored too.
  const busyNow = useRef(new Set<string>());

  const release = useCallback((at: ShopItemPosition) => {
    busyNow.current.delete(key(at));
    setBusy(new Set(busyNow.current));
  }, []);

  const start = useCallback(
    (at: ShopItemPosition, item: ShopItem) => {
      if (busyNow.current.has(key(at))) return;
      busyNow.current.add(key(at));
      setBusy(new Set(busyNow.current));
      setOutcome(null);
      requestInvoice(at).then(
        ({ link }) => setPending({ ...at, item, link }),
        (error: unknown) => {
          release(at);
          onFailed(error);
        },
      );
    },
    [requestInvoice, onFailed, release, setPending],
  );

  const cancel = useCallback(() => {
    const current = pendingNow.current;
    if (!current) return;
    release(current);
    setPending(null);
  }, [release, setPending]);

  const confirm = useCallback(() => {
    const current = pendingNow.current;
    if (!current) return;
    const { link, item } = current;
    const at = { ind: current.ind, ind2: current.ind2 };
    setPending(null);
    platform.openInvoice(link).then(
      (status) => {
        release(at);
        if (status === 'paid') {
          setOutcome({ kind: 'paid', name: item.name });
          onPaid();
        } else if (status !== 'cancelled') {
          setOutcome({ kind: status });
        }
      },
      () => {
        // Telegram below Bot API 6.1 has no invoices.
        release(at);
        setOutcome({ kind: 'unsupported' });
      },
    );
  }, [platform, release, onPaid, setPending]);

  const isBusy = useCallback((at: ShopItemPosition) => busy.has(key(at)), [busy]);

  return { pending, isBusy, start, confirm, cancel, outcome };
}
