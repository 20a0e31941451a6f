import {
  type Sale,
  type SaleStatus,
  type ShopCategory,
  useApiClient,
  useShopSales,
} from '@botdeck/api';
import { useBackButton } from '@botdeck/platform';
import {
  Avatar,
  Badge,
  type BadgeProps,
  Button,
  ConfirmDialog,
  EmptyState,
  Sheet,
  SheetContent,
  ShopIcon,
} from '@botdeck/ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import salesTexts from '../../../../locales/en.json?screen=shopSales';
import { ScreenTexts, useI18n } from '../../i18n';
import { useErrorReport } from '../../shell/error-reporting';
import { ScreenLoading, ScreenUnavailable } from '../../shell/screen-states';
import styles from './sales.module.css';

/** The sheet's own English texts, which travel in its chunk. */
const ENGLISH = { shopSales: salesTexts };

/** What a refund's answer brings: the sale as it stands now, the shop after it. */
interface RefundAnswer {
  sale: Sale;
  categories: ShopCategory[];
}

export interface SalesSheetProps {
  botId: number;
  /** Refunds a sale; the shop's categories become the answer's (useShop's `refund`). */
  refund: (chargeId: string) => Promise<RefundAnswer>;
  /** Formats whole Stars as the shop's prices are. */
  formatStars: (stars: number) => string;
  onClose: () => void;
}

/** The sales whose Stars may still go back to their buyer (the server refuses the others). */
const REFUNDABLE: ReadonlySet<SaleStatus> = new Set([
  'delivering',
  'delivered',
  'undeliverable',
  'refunding',
]);

/**
 * The shop's sales for its editors (/shop?bot=, "Sales"): each sale's item, buyer, amount, date
 * and where it stands, a page at a time, newest first; a sale whose Stars may still go back has
 * Refund, which asks first. Loads when it opens (never with the shop), and owns Telegram's
 * BackButton while open.
 */
export default function SalesSheet(props: SalesSheetProps) {
  return (
    <ScreenTexts english={ENGLISH}>
      <SalesView {...props} />
    </ScreenTexts>
  );
}

/** What the sheet says after a refund, in the app's words (never the server's English msg). */
type Outcome = { kind: 'refunded'; amount: number; buyer: string } | { kind: 'void' };

function SalesView({ botId, refund, formatStars, onClose }: SalesSheetProps) {
  const { t } = useI18n();
  const { report } = useErrorReport();
  const { sales, more, isLoading, loadMore, replace, reload } = useShopSales(botId);
  const [loadingMore, setLoadingMore] = useState(false);
  // The sale the confirmation asks about; kept until its refund is done or cancelled.
  const [asking, setAsking] = useState<{ sale: Sale; open: boolean } | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // After Load more, the first sale it added takes the focus (the button may be gone with the
  // last page): reading goes on where the new sales begin, not from the top.
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom === null || !sales || sales.length <= focusFrom) return;
    list.current?.querySelectorAll('article')[focusFrom]?.focus();
    setFocusFrom(null);
  }, [focusFrom, sales]);

  // Telegram's BackButton closes the sheet. Taken one commit after opening, so it is shown
  // after the screen has hidden its own in the same commit (as the item form does).
  const [ownsBackButton, setOwnsBackButton] = useState(false);
  useEffect(() => setOwnsBackButton(true), []);
  useBackButton(ownsBackButton ? onClose : null);

  const showMore = async () => {
    if (loadingMore) return;
    setLoadingMore(true);
    const shown = sales?.length ?? 0;
    try {
      await loadMore();
      setFocusFrom(shown);
    } catch (error) {
      report(error, { variant: 'failed' });
    } finally {
      setLoadingMore(false);
    }
  };

  const refundSale = async (sale: Sale) => {
    if (working !== null) return;
    setWorking(sale.charge_id);
    setOutcome(null);
    try {
      const answer = await refund(sale.charge_id);
      await replace(answer.sale);
      setOutcome(
        answer.sale.status === 'void'
          ? { kind: 'void' }
          : { kind: 'refunded', amount: answer.sale.amount, buyer: answer.sale.buyer.name },
      );
    } catch (error) {
      report(error, { variant: 'failed' });
    } finally {
      setWorking(null);
      setAsking(null);
    }
  };

  const asked = asking?.sale;
  return (
    <Sheet
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <SheetContent
        title={t('shopSales.title')}
        backLabel={t('common.back')}
        aria-busy={isLoading || working !== null || undefined}
      >
        <div className={styles.body}>
          <p role="status" className={styles.outcome}>
            {outcome?.kind === 'refunded'
              ? t('shopSales.doneRefunded', {
                  amount: formatStars(outcome.amount),
                  buyer: outcome.buyer,
                })
              : outcome?.kind === 'void'
                ? t('shopSales.doneVoid')
                : ''}
          </p>
          {isLoading ? (
            <ScreenLoading label={t('shopSales.loading')} />
          ) : !sales ? (
            <>
              <p className={styles.loadFailed} role="alert">
                {t('shopSales.loadFailed')}
              </p>
              {/* The sheet's header has the way back. */}
              <ScreenUnavailable onRetry={() => void reload()} />
            </>
          ) : sales.length === 0 ? (
            <EmptyState
              icon={<ShopIcon />}
              title={t('shopSales.empty')}
              description={t('shopSales.emptyText')}
            />
          ) : (
            <ul ref={list} className={styles.list}>
              {sales.map((sale) => (
                <SaleRow
                  key={sale.charge_id}
                  botId={botId}
                  sale={sale}
                  formatStars={formatStars}
                  working={working === sale.charge_id}
                  onRefund={() => setAsking({ sale, open: true })}
                />
              ))}
            </ul>
          )}
          {sales && more ? (
            <Button variant="secondary" loading={loadingMore} onClick={() => void showMore()}>
              {t('shopSales.loadMore')}
            </Button>
          ) : null}
        </div>
      </SheetContent>
      {asked ? (
        <ConfirmDialog
          open={asking.open}
          onOpenChange={(open) => {
            if (!open) setAsking((current) => (current ? { ...current, open: false } : current));
          }}
          variant="destructive"
          title={t('shopSales.confirmTitle', { amount: formatStars(asked.amount) })}
          text={t('shopSales.confirmText', {
            buyer: asked.buyer.name,
            amount: formatStars(asked.amount),
            item: asked.item,
          })}
          confirmLabel={t('shopSales.refund')}
          cancelLabel={t('common.cancel')}
          onConfirm={() => void refundSale(asked)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </Sheet>
  );
}

/** The words and colour of a sale's status. */
function statusLook(status: SaleStatus): {
  key:
    | 'shopSales.sent'
    | 'shopSales.sending'
    | 'shopSales.undeliverable'
    | 'shopSales.refunding'
    | 'shopSales.refunded'
    | 'shopSales.void';
  variant: NonNullable<BadgeProps['variant']>;
} {
  switch (status) {
    case 'delivered':
      return { key: 'shopSales.sent', variant: 'success' };
    case 'delivering':
      return { key: 'shopSales.sending', variant: 'accent' };
    case 'undeliverable':
      return { key: 'shopSales.undeliverable', variant: 'danger' };
    case 'refunding':
      return { key: 'shopSales.refunding', variant: 'warning' };
    case 'refunded':
      return { key: 'shopSales.refunded', variant: 'neutral' };
    case 'void':
      return { key: 'shopSales.void', variant: 'neutral' };
    default:
      return status satisfies never;
  }
}

interface SaleRowProps {
  botId: number;
  sale: Sale;
  formatStars: (stars: number) => string;
  /** Its refund is on its way: the button shows it and takes no tap. */
  working: boolean;
  onRefund: () => void;
}

/** One sale: the item and amount, the buyer, the date, its status and, when it may, Refund. */
function SaleRow({ botId, sale, formatStars, working, onRefund }: SaleRowProps) {
  const { t, locale } = useI18n();
  const client = useApiClient();
  const nameId = useId();
  const dates = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
  const { buyer } = sale;
  const look = statusLook(sale.status);
  const amount = formatStars(sale.amount);
  return (
    <li className={styles.row}>
      <article
        aria-labelledby={nameId}
        className={styles.sale}
        data-status={sale.status}
        // Focused from script only, after Load more.
        tabIndex={-1}
      >
        <div className={styles.top}>
          <h3 id={nameId} className={styles.item} dir="auto" data-truncates="">
            {sale.item}
          </h3>
          <span
            className={styles.amount}
            role="img"
            aria-label={t('shopSales.amountLabel', { amount })}
          >
            {t('shopSales.amount', { amount })}
          </span>
        </div>
        <div className={styles.buyer}>
          <Avatar
            id={buyer.id}
            name={buyer.name}
            size="sm"
            src={buyer.photo ? client.photoUrl(buyer.photo, botId) : null}
          />
          <span className={styles.buyerText}>
            <bdi className={styles.buyerName} data-truncates="">
              {buyer.name}
            </bdi>
            {buyer.username ? (
              <bdi dir="ltr" className={styles.username} data-truncates="">
                @{buyer.username}
              </bdi>
            ) : null}
          </span>
        </div>
        <div className={styles.meta}>
          <Badge variant={look.variant}>{t(look.key)}</Badge>
          <time className={styles.date} dateTime={new Date(sale.paid_at).toISOString()}>
            {dates.format(sale.paid_at)}
          </time>
        </div>
        {sale.status === 'delivering' && sale.attempts > 0 ? (
          <p className={styles.detail}>{t('shopSales.retrying', { count: sale.attempts })}</p>
        ) : null}
        {sale.status === 'undeliverable' ? (
          <div className={styles.detail}>
            <p>{t('shopSales.undeliverableText')}</p>
            {sale.error ? (
              <p>
                {t('shopSales.reasonLabel')}{' '}
                <bdi dir="auto" className={styles.reason}>
                  {sale.error}
                </bdi>
              </p>
            ) : null}
          </div>
        ) : null}
        {sale.status === 'void' ? <p className={styles.detail}>{t('shopSales.voidText')}</p> : null}
        {REFUNDABLE.has(sale.status) ? (
          <Button
            variant="secondary"
            size="sm"
            className={styles.refund}
            loading={working}
            aria-label={t('shopSales.refundLabel', {
              item: sale.item,
              buyer: buyer.name,
            })}
            onClick={() => {
              if (!working) onRefund();
            }}
          >
            {working ? t('shopSales.refundWorking') : t('shopSales.refund')}
          </Button>
        ) : null}
      </article>
    </li>
  );
}
