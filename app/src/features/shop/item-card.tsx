import type { ShopItem } from '@botdeck/api';
import { isSoldOut, safeUrl } from '@botdeck/core';
import { Badge, Button, ImageIcon, MoreIcon, SettingsIcon, TrashIcon } from '@botdeck/ui';
import { memo, useId } from 'react';
import { useI18n } from '../../i18n';
import { MenuOnFirstUse } from '../../shell/menu-on-first-use';
import styles from './shop.module.css';

/** What an editor can do to an item, by its place in the shop. */
export interface ItemEditing {
  onView: (ind: number, ind2: number) => void;
  onEdit: (ind: number, ind2: number) => void;
  onDelete: (ind: number, ind2: number) => void;
}

export interface ItemCardProps {
  item: ShopItem;
  /** The item's category position and its own within it. */
  ind: number;
  ind2: number;
  /** The item's image address (under /shop/images). */
  imageUrl: string;
  /** Its invoice is being asked for, confirmed or open: taps are ignored meanwhile. */
  busy: boolean;
  /** Whether the viewer can buy at all (a shopper who never started the bot cannot yet). */
  buyable: boolean;
  /** Whole stars as the locale writes numbers. */
  formatStars: (stars: number) => string;
  onBuy: (ind: number, ind2: number, item: ShopItem) => void;
  onPreview: (ind: number, ind2: number) => void;
  /** The editor's three-dot menu (View, Edit, Delete), for editors only. */
  editing?: ItemEditing | undefined;
  /** What the editor receives for the price, net of the platform's fee ("You receive 95 ⭐"). */
  net?: string;
}

/**
 * One item of the shop (SPEC 3): its image (tap for the preview), name, description, the stock
 * of a limited item ("3/10", or "Sold out" with buying off), and the buy button with the price.
 * Memoised, with plain props (numbers, the item, stable callbacks): typing in the search box
 * re-renders the results, not every card of a big shop.
 */
export const ItemCard = memo(function ItemCard({
  item,
  ind,
  ind2,
  imageUrl,
  busy,
  buyable,
  formatStars,
  onBuy,
  onPreview,
  editing,
  net,
}: ItemCardProps) {
  const { t } = useI18n();
  const titleId = useId();
  const soldOut = isSoldOut(item);
  const price = formatStars(item.price);
  return (
    <article className={styles.card} aria-labelledby={titleId} aria-busy={busy || undefined}>
      <button
        type="button"
        className={styles.imageButton}
        aria-label={t('shop.preview', { name: item.name })}
        onClick={() => onPreview(ind, ind2)}
      >
        <img
          className={styles.image}
          src={safeUrl(imageUrl) ?? undefined}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </button>
      <div className={styles.cardBody}>
        <div className={styles.cardTitleRow}>
          {/* dir="auto": a seller's text reads in its own direction, whatever the app's. */}
          <h3 id={titleId} className={styles.cardTitle} dir="auto">
            {item.name}
          </h3>
          {editing ? (
            <ItemActions name={item.name} ind={ind} ind2={ind2} editing={editing} />
          ) : null}
        </div>
        <p className={styles.description} dir="auto" data-truncates="">
          {item.info}
        </p>
        <div className={styles.stock}>
          {soldOut ? (
            <Badge variant="danger">{t('shop.soldOut')}</Badge>
          ) : item.all_limit !== null ? (
            <Badge
              aria-label={t('shop.limitedLabel', {
                bought: formatStars(item.bought),
                total: formatStars(item.all_limit),
              })}
            >
              {t('shop.limited', {
                bought: formatStars(item.bought),
                total: formatStars(item.all_limit),
              })}
            </Badge>
          ) : null}
          {item.limit !== null ? (
            <span className={styles.perUser}>{t('shop.perUser', { count: item.limit })}</span>
          ) : null}
        </div>
        <div className={styles.buyRow}>
          <Button
            className={styles.buy}
            aria-label={t('shop.buyLabel', { name: item.name, price })}
            loading={busy}
            disabled={soldOut || !buyable}
            onClick={() => onBuy(ind, ind2, item)}
          >
            {t('shop.buy', { price })}
          </Button>
          {net ? <span className={styles.net}>{net}</span> : null}
        </div>
      </div>
    </article>
  );
});

/**
 * The editor's three-dot menu (SPEC 3): View (the preview), Edit, Delete. A plain button until
 * first used, then the menu in its place (MenuOnFirstUse): a search of a big shop mounts a page
 * of cards per keystroke, and a menu each made that keystroke miss its frame (the bench).
 */
function ItemActions({
  name,
  ind,
  ind2,
  editing,
}: {
  name: string;
  ind: number;
  ind2: number;
  editing: ItemEditing;
}) {
  const { t } = useI18n();
  return (
    <MenuOnFirstUse
      label={t('shop.actionsFor', { name })}
      variant="ghost"
      size="sm"
      icon={<MoreIcon />}
      actions={[
        {
          key: 'view',
          label: t('common.view'),
          icon: <ImageIcon />,
          onSelect: () => editing.onView(ind, ind2),
        },
        {
          key: 'edit',
          label: t('common.edit'),
          icon: <SettingsIcon />,
          onSelect: () => editing.onEdit(ind, ind2),
        },
        {
          key: 'delete',
          label: t('common.delete'),
          icon: <TrashIcon />,
          variant: 'destructive',
          onSelect: () => editing.onDelete(ind, ind2),
        },
      ]}
    />
  );
}
