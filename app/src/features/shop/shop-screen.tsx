import {
  isApiError,
  type Shop,
  type ShopCategory,
  type ShopItem,
  useApiClient,
  useShop,
} from '@botdeck/api';
import { netOfFee, type ShopItemPosition, searchShopItems } from '@botdeck/core';
import { useBackButton, useClosingConfirmation, usePlatform } from '@botdeck/platform';
import {
  Banner,
  Button,
  EmptyState,
  LoadingOverlay,
  PlusIcon,
  partOnFirstUse,
  SearchInput,
  ShopIcon,
  StarIcon,
  usePartOnFirstUse,
} from '@botdeck/ui';
import {
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react';
import { Link, useLocation } from 'wouter';
import shopTexts from '../../../../locales/en.json?screen=shop';
import { ScreenTexts, useI18n } from '../../i18n';
import { useErrorReport } from '../../shell/error-reporting';
import { lazyPart } from '../../shell/lazy-part';
import { LazyConfirmDialog, LazyErrorDialog } from '../../shell/lazy-parts';
import { usePreloadedActionsMenu } from '../../shell/menu-on-first-use';
import { HOME_PATH, href } from '../../shell/paths';
import frame from '../../shell/screen.module.css';
import { ScreenHeader } from '../../shell/screen-header';
import { ScreenLoading, ScreenUnavailable } from '../../shell/screen-states';
import { uniqueKeys } from '../../shell/unique-keys';
import { useBotId } from '../../shell/use-bot-id';
import { ItemCard, type ItemEditing } from './item-card';
import styles from './shop.module.css';
import { usePurchase } from './use-purchase';

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { shop: shopTexts };

/** The editor's add/edit form, loaded when an editor opens it. */
const ItemFormSheet = lazyPart(() =>
  import('./item-form/item-form-sheet').then((m) => m.default),
).Part;
/** The editor's sales, loaded when an editor opens them. */
const SalesSheet = lazyPart(() => import('./sales-sheet').then((m) => m.default)).Part;
/**
 * The preview overlay loads on first use: its dialog (Radix's, with the scroll lock and focus
 * trap) is the largest part of what the shop would otherwise carry in its first load.
 */
const itemPreview = partOnFirstUse(() =>
  import('./item-preview').then((module) => module.ItemPreview),
);

/** How many search results show before "Show more": a keystroke renders at most these. */
const RESULTS_PAGE = 12;
/**
 * How many results the keystroke that enters search mode renders: the two rows of two that fill
 * a phone's screen under the search box. The rest of the page follows a frame later, so entering
 * search mode on a big shop fits in a frame (timed by the bench: 6 measured 3 ms slower).
 */
const FIRST_RESULTS = 4;
/**
 * How many items a category shows before "Show all": a shop of thousands of items opens (and
 * enters search mode) without laying out thousands of cards. A multiple of 2 and 3, the columns.
 */
const CATEGORY_PREVIEW = 12;

/**
 * /shop?bot=: a bot's shop (SPEC 3 and 4). Everyone browses the categories, searches, previews
 * and buys items for Telegram Stars; editors (`can_edit`) also add, edit and delete them. A
 * failed load with `nav` goes back to bot selection; any other is logged and "Try again" offered.
 */
export default function ShopScreen() {
  return (
    <ScreenTexts english={ENGLISH}>
      <ShopPage />
    </ScreenTexts>
  );
}

/** The screen's states: loading, unavailable, or the shop. */
function ShopPage() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const { report } = useErrorReport();
  const botId = useBotId();
  const leave = botId === null ? HOME_PATH : href('dashboard', { bot: botId });
  // SPEC 4: a failed load is only logged, unless it sends the person away (nav, close, a
  // refused session): those are reported as everywhere, and act.
  const onLoadError = useCallback(
    (error: unknown) => {
      if (isApiError(error) && (error.nav || error.close || error.kind === 'session')) {
        report(error);
      } else {
        console.error('The shop could not be loaded', error);
      }
    },
    [report],
  );
  const shopData = useShop(botId, { onLoadError });
  const { shop, isLoading, reload } = shopData;

  const header = <ScreenHeader id="shop-title" title={t('shop.title')} />;
  if (botId === null || isLoading || !shop) {
    return (
      <section
        className={frame.screen}
        aria-labelledby="shop-title"
        aria-busy={isLoading || undefined}
      >
        <BackTo onBack={() => navigate(leave)} />
        {header}
        {botId === null ? (
          <ScreenUnavailable onBack={() => navigate(HOME_PATH, { replace: true })} />
        ) : isLoading ? (
          <ScreenLoading />
        ) : (
          <>
            <p className={styles.loadFailed} role="alert">
              {t('shop.loadFailed')}
            </p>
            <ScreenUnavailable onRetry={() => void reload()} onBack={() => navigate(leave)} />
          </>
        )}
      </section>
    );
  }
  return <ShopView botId={botId} shop={shop} actions={shopData} leave={leave} />;
}

/** Telegram's BackButton, shown while this is mounted. */
function BackTo({ onBack }: { onBack: () => void }) {
  useBackButton(onBack);
  return null;
}

type FormTarget = { mode: 'add' } | { mode: 'edit'; ind: number; ind2: number };

interface ShopViewProps {
  botId: number;
  shop: Shop;
  actions: ReturnType<typeof useShop>;
  leave: string;
}

/** The loaded shop: header, search, categories or results, and the editor's parts. */
function ShopView({ botId, shop, actions, leave }: ShopViewProps) {
  const { t, n } = useI18n();
  const platform = usePlatform();
  const client = useApiClient();
  const [, navigate] = useLocation();
  const { report } = useErrorReport();
  const { invoice, remove, reload, upload, refund } = actions;
  const { categories, can_edit: canEdit, username } = shop;
  const shopper = !canEdit;
  const started = shop.user !== null;

  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(RESULTS_PAGE);
  const [preview, setPreview] = useState<ShopItemPosition | null>(null);
  const [form, setForm] = useState<FormTarget | null>(null);
  const [salesOpen, setSalesOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ShopItemPosition | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<{ variant: 'deleted' | 'success'; message: string } | null>(
    null,
  );

  // SPEC 3: the MainButton is hidden here; a shopper who started the bot has no dashboard to go
  // back to, so Telegram asks before closing instead of offering Back.
  useEffect(() => platform.mainButton.hide(), [platform]);
  useClosingConfirmation(shopper && started);
  // Editors get a menu on each card, mounted on first use.
  usePreloadedActionsMenu(canEdit);

  // Stars are whole numbers (the contract's integers, netOfFee's floor): the translator writes
  // them without an Intl object (writeWhole), whose first making is the costly part.
  const formatStars = n;

  // Rendered with the keystroke: a page of results is small enough to keep typing instant on a
  // shop of thousands (timed by the bench); deferring it cost a frame more on entering search.
  const searched = query;
  const results = useMemo(() => searchShopItems(categories, searched), [categories, searched]);
  const searching = results !== null;

  const itemAt = (at: ShopItemPosition): ShopItem | undefined => categories[at.ind]?.items[at.ind2];

  const purchase = usePurchase({
    requestInvoice: useCallback((at) => invoice(at.ind, at.ind2), [invoice]),
    onPaid: useCallback(() => void reload(), [reload]),
    onFailed: useCallback((error: unknown) => report(error, { variant: 'failed' }), [report]),
  });

  const openPreview = useCallback((ind: number, ind2: number) => setPreview({ ind, ind2 }), []);
  const buy = useCallback(
    (ind: number, ind2: number, item: ShopItem) => purchase.start({ ind, ind2 }, item),
    [purchase.start],
  );
  const editing = useMemo<ItemEditing | undefined>(
    () =>
      canEdit
        ? {
            onView: (ind, ind2) => setPreview({ ind, ind2 }),
            onEdit: (ind, ind2) => {
              setQuery('');
              setForm({ mode: 'edit', ind, ind2 });
            },
            onDelete: (ind, ind2) => setToDelete({ ind, ind2 }),
          }
        : undefined,
    [canEdit],
  );
  const imageUrl = useCallback((item: ShopItem) => client.shopImageUrl(item.img), [client]);
  // Editors see what they receive for each price, net of the platform's fee (DECISIONS.md).
  const netOf = useMemo(
    () =>
      canEdit
        ? (price: number) =>
            t('shop.youReceive', { amount: formatStars(netOfFee(price, shop.fee)) })
        : undefined,
    [canEdit, t, formatStars, shop.fee],
  );
  const cardProps = {
    imageUrl,
    netOf,
    isBusy: purchase.isBusy,
    buyable: started || canEdit,
    formatStars,
    onBuy: buy,
    onPreview: openPreview,
    editing,
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      const answer = await remove(toDelete.ind, toDelete.ind2);
      // SPEC 4: the server's list replaces the shop's, and the search is cleared.
      setQuery('');
      setNotice({ variant: 'deleted', message: answer.msg || t('common.delete') });
    } catch (error) {
      report(error, { variant: 'failed' });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const hasItems = categories.some((category) => category.items.length > 0);
  const previewed = preview ? itemAt(preview) : undefined;
  const ItemPreview = usePartOnFirstUse(itemPreview, previewed !== undefined, (error) => {
    setPreview(null);
    report(error);
  });
  const deletingItem = toDelete ? itemAt(toDelete) : undefined;
  const overlayOpen = previewed !== undefined || form !== null || salesOpen;
  // Shoppers who started the bot get no Back (SPEC 3); everyone else goes to the dashboard.
  const offersBack = canEdit || !started;

  return (
    <section
      className={styles.screen}
      aria-labelledby="shop-title"
      aria-busy={deleting || undefined}
    >
      {offersBack && !overlayOpen ? <BackTo onBack={() => navigate(leave)} /> : null}
      <ScreenHeader
        id="shop-title"
        title={t('shop.title')}
        subtitle={
          <bdi dir="ltr" className={styles.username}>
            @{username}
          </bdi>
        }
        actions={
          shop.balance !== null && shop.balance !== undefined ? (
            <span
              className={styles.balance}
              role="img"
              aria-label={t('shop.balanceLabel', { balance: formatStars(shop.balance) })}
            >
              <StarIcon size={16} />
              {formatStars(shop.balance)}
            </span>
          ) : null
        }
      />
      {shopper && !started ? (
        <Banner
          title={t('shop.startFirst', { username })}
          text={t('shop.startFirstText')}
          actions={
            <Button onClick={() => platform.openTelegramLink(`https://t.me/${username}?start`)}>
              {t('shop.openBot', { username })}
            </Button>
          }
        />
      ) : null}
      {hasItems ? (
        <SearchInput
          label={t('shop.search')}
          clearLabel={t('common.close')}
          value={query}
          onValueChange={(value) => {
            setQuery(value);
            setShown(RESULTS_PAGE);
          }}
        />
      ) : null}
      {!hasItems ? (
        <EmptyState
          icon={<ShopIcon />}
          title={t('shop.noItems')}
          description={canEdit ? t('shop.emptyEditor') : undefined}
        />
      ) : null}
      {/* One cell of the screen's grid, so the parked catalogue adds no gap under the results. */}
      <div>
        {searching ? (
          <SearchResults
            query={searched}
            results={results}
            shown={shown}
            onShowMore={() => setShown((count) => count + RESULTS_PAGE)}
            itemAt={itemAt}
            {...cardProps}
          />
        ) : null}
        {/*
          Kept mounted while searching, so leaving search mode shows it at once; its own props do
          not change, so entering search mode renders none of it. Parked, not display: none: the
          browser keeps its hundreds of cards styled and laid out, so hiding and showing them costs
          a few milliseconds instead of a frame. Inert and aria-hidden keep it out of the tab
          order and away from screen readers meanwhile.
        */}
        <div
          className={searching ? styles.parked : undefined}
          inert={searching}
          aria-hidden={searching || undefined}
        >
          <Catalog categories={categories} {...cardProps} />
        </div>
      </div>
      {canEdit ? (
        <div className={styles.footer}>
          {/* Its sales are the editor's alone: the server refuses them to anyone else. */}
          <Button variant="secondary" onClick={() => setSalesOpen(true)}>
            {t('shop.sales')}
          </Button>
          <Button className={styles.add} onClick={() => setForm({ mode: 'add' })}>
            <PlusIcon />
            {t('shop.addItem')}
          </Button>
        </div>
      ) : null}
      {deleting ? <LoadingOverlay className={styles.overlay} label={t('shop.deleting')} /> : null}
      <p role="status" className={styles.outcome}>
        {purchase.outcome?.kind === 'paid'
          ? t('shop.paid', { name: purchase.outcome.name })
          : purchase.outcome?.kind === 'failed'
            ? t('shop.paymentFailed')
            : purchase.outcome?.kind === 'pending'
              ? t('shop.paymentPending')
              : purchase.outcome?.kind === 'unsupported'
                ? t('shop.invoiceUnsupported')
                : ''}
      </p>
      {ItemPreview && previewed ? (
        <ItemPreview
          item={previewed}
          imageUrl={imageUrl(previewed)}
          onClose={() => setPreview(null)}
        />
      ) : null}
      {purchase.pending ? (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            // Closing reports through onCancel (a dismissal) or onConfirm (Next, 200 ms after
            // the dialog closed); the purchase ends the dialog either way.
            onOpenChange={() => undefined}
            title={t('shop.confirmTitle', { name: purchase.pending.item.name })}
            text={
              <>
                {t('shop.confirmText', { price: formatStars(purchase.pending.item.price) })}{' '}
                {t('shop.termsBefore')}
                <Link
                  className={styles.terms}
                  href={href('guide', { opt: 'user-pay', bot: botId })}
                >
                  {t('shop.termsLink')}
                </Link>
                {t('shop.termsAfter')}
              </>
            }
            confirmLabel={t('common.next')}
            cancelLabel={t('common.cancel')}
            onConfirm={purchase.confirm}
            onCancel={purchase.cancel}
          />
        </Suspense>
      ) : null}
      {deletingItem ? (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            onOpenChange={(open) => {
              if (!open && !deleting) setToDelete(null);
            }}
            variant="destructive"
            title={t('shop.deleteTitle', { name: deletingItem.name })}
            text={t('shop.deleteText')}
            confirmLabel={t('common.delete')}
            cancelLabel={t('common.cancel')}
            onConfirm={() => void confirmDelete()}
          />
        </Suspense>
      ) : null}
      {form ? (
        <Suspense
          fallback={<LoadingOverlay className={styles.overlay} label={t('common.saving')} />}
        >
          <ItemFormSheet
            botId={botId}
            target={form}
            categories={categories}
            username={username}
            fee={shop.fee}
            upload={upload}
            onClose={({ saved, msg }) => {
              setForm(null);
              if (saved && msg) setNotice({ variant: 'success', message: msg });
            }}
          />
        </Suspense>
      ) : null}
      {salesOpen ? (
        <Suspense fallback={<LoadingOverlay className={styles.overlay} label={t('app.loading')} />}>
          <SalesSheet
            botId={botId}
            refund={refund}
            formatStars={formatStars}
            onClose={() => setSalesOpen(false)}
            onLoadFailed={() => setSalesOpen(false)}
          />
        </Suspense>
      ) : null}
      {notice ? (
        <Suspense fallback={null}>
          <LazyErrorDialog
            open
            onOpenChange={(open) => {
              if (!open) setNotice(null);
            }}
            variant={notice.variant}
            message={notice.message}
            titles={{
              invalid: t('dialog.titles.invalid'),
              failed: t('dialog.titles.failed'),
              restricted: t('dialog.titles.restricted'),
              error: t('dialog.titles.error'),
              deleted: t('dialog.titles.deleted'),
              success: t('dialog.titles.success'),
            }}
            okLabel={t('common.ok')}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** What every card of the screen shares; all stable between keystrokes. */
interface CardProps {
  imageUrl: (item: ShopItem) => string;
  netOf: ((price: number) => string) | undefined;
  isBusy: (at: ShopItemPosition) => boolean;
  buyable: boolean;
  formatStars: (stars: number) => string;
  onBuy: (ind: number, ind2: number, item: ShopItem) => void;
  onPreview: (ind: number, ind2: number) => void;
  editing: ItemEditing | undefined;
}

/** One card in its list cell. */
function ItemCell({
  item,
  ind,
  ind2,
  imageUrl,
  isBusy,
  netOf,
  ...rest
}: CardProps & { item: ShopItem; ind: number; ind2: number }) {
  return (
    <li className={styles.cell}>
      <ItemCard
        item={item}
        ind={ind}
        ind2={ind2}
        imageUrl={imageUrl(item)}
        busy={isBusy({ ind, ind2 })}
        net={netOf?.(item.price)}
        {...rest}
      />
    </li>
  );
}

/**
 * The results of a search (SPEC 3): how many were found, or that none were, and a page of cards
 * with "Show more". Mounted as search mode starts, when it renders only the first screenful with
 * the keystroke and the rest of the page in the background (a transition the next keystroke may
 * interrupt); later keystrokes render the whole page at once.
 */
function SearchResults({
  query,
  results,
  shown,
  onShowMore,
  itemAt,
  ...cardProps
}: CardProps & {
  query: string;
  results: ShopItemPosition[];
  shown: number;
  onShowMore: () => void;
  itemAt: (at: ShopItemPosition) => ShopItem | undefined;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const rendered = useDeferredValue(shown, Math.min(shown, FIRST_RESULTS));
  return (
    <section
      aria-labelledby={headingId}
      className={styles.category}
      // Which query the results show (the box may be ahead of them while they catch up);
      // the bench times a keystroke until its results are here.
      data-search-query={query}
    >
      <h2 id={headingId} className={styles.categoryTitle}>
        {t('shop.results')}
      </h2>
      <p role="status" className={styles.found}>
        {results.length === 0
          ? t('shop.noResults', { query: query.trim() })
          : t('shop.found', { count: results.length })}
      </p>
      {results.length > 0 ? (
        <ul className={styles.grid}>
          {results.slice(0, rendered).map((at) => {
            const item = itemAt(at);
            return item ? (
              <ItemCell key={`${at.ind}:${at.ind2}`} item={item} {...at} {...cardProps} />
            ) : null;
          })}
        </ul>
      ) : null}
      {results.length > shown ? (
        <Button variant="secondary" onClick={onShowMore}>
          {t('shop.showMore')}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * Every category with its items under its name; a category without items shows nothing (SPEC 3).
 * Memoised: a keystroke in the search box changes none of its props, so a shop of thousands of
 * items is not rendered again while someone types.
 */
const Catalog = memo(function Catalog({
  categories,
  ...cardProps
}: CardProps & { categories: ShopCategory[] }) {
  const keys = useMemo(() => uniqueKeys(categories, (category) => category.name), [categories]);
  return (
    <>
      {categories.map((category, ind) =>
        category.items.length === 0 ? null : (
          <CategorySection key={keys[ind]} category={category} ind={ind} {...cardProps} />
        ),
      )}
    </>
  );
});

/** A category's items under its name: the first dozen, and the rest on "Show all". */
function CategorySection({
  category,
  ind,
  ...cardProps
}: CardProps & { category: ShopCategory; ind: number }) {
  const { t } = useI18n();
  const headingId = useId();
  const [all, setAll] = useState(false);
  const count = category.items.length;
  const shown = all ? category.items : category.items.slice(0, CATEGORY_PREVIEW);
  const keys = useMemo(() => uniqueKeys(category.items, (item) => item.name), [category.items]);
  return (
    <section aria-labelledby={headingId} className={styles.category}>
      <h2 id={headingId} className={styles.categoryTitle} dir="auto">
        {category.name}
      </h2>
      <ul className={styles.grid}>
        {shown.map((item, ind2) => (
          <ItemCell key={keys[ind2]} item={item} ind={ind} ind2={ind2} {...cardProps} />
        ))}
      </ul>
      {shown.length < count ? (
        <Button variant="secondary" onClick={() => setAll(true)}>
          {t('shop.showAll', { count })}
        </Button>
      ) : null}
    </section>
  );
}
