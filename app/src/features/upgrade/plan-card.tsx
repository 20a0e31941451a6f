import {
  type BillingPeriod,
  DISCOUNT_FORMAT,
  PLANS,
  type PlanPurchaseRefusal,
  type PlanTier,
  planDiscount,
  planPrice,
} from '@botdeck/core';
import { Badge, Button, Card, CardHeader, CardTitle } from '@botdeck/ui';
import type { Ref } from 'react';
import { type MessageKey, useI18n } from '../../i18n';
import { PLAN_LABEL_KEYS, PLAN_LIMIT_ROWS } from '../../shell/plan-labels';
import styles from './upgrade.module.css';

/** What the card says in place of a Buy button, by core's reason (SPEC 8's texts). */
const REFUSAL_TEXTS = {
  notSold: 'upgradePage.freeIncluded',
  alreadyStandard: 'upgradePage.alreadyStandard',
  alreadyPro: 'errors.alreadyPro',
  alreadyProPlus: 'errors.alreadyProPlus',
} as const satisfies Record<PlanPurchaseRefusal, MessageKey>;

const PRICE_TEXTS = {
  monthly: 'plans.perMonth',
  yearly: 'plans.perYear',
} as const satisfies Record<BillingPeriod, MessageKey>;

/** How a purchase from this card ended, as the line under its button says it. */
export type PurchaseNote = 'opening' | 'failed' | 'pending' | 'cannotPay';

const NOTE_TEXTS = {
  opening: 'upgradePage.opening',
  failed: 'upgradePage.failed',
  pending: 'upgradePage.pending',
  cannotPay: 'upgradePage.cannotPay',
} as const satisfies Record<PurchaseNote, MessageKey>;

export interface PlanCardProps {
  tier: PlanTier;
  period: BillingPeriod;
  /** The bot is on this plan. */
  current: boolean;
  /** Why this plan cannot be bought for the bot (core's planPurchaseRefusal), or null. */
  refusal: PlanPurchaseRefusal | null;
  /** This card's invoice is open: its button is busy. */
  buying: boolean;
  /** Another card's invoice is open: this button takes nothing meanwhile. */
  blocked: boolean;
  /** The line under the button: the invoice being open, or how the last one ended. */
  note: PurchaseNote | null;
  onBuy: () => void;
  /** The Buy button, for focus to come back to once the invoice closes. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** One plan: its name, its price for the period, what it allows, and the way to buy it. */
export function PlanCard({
  tier,
  period,
  current,
  refusal,
  buying,
  blocked,
  note,
  onBuy,
  buttonRef,
}: PlanCardProps) {
  const { t, n } = useI18n();
  const name = t(PLAN_LABEL_KEYS[tier]);
  const discount = planDiscount(tier, period);
  const titleId = `plan-${tier}-title`;

  return (
    <Card
      className={styles.card}
      data-current={current || undefined}
      data-tier={tier}
      role="group"
      aria-labelledby={titleId}
    >
      <CardHeader className={styles.cardHeader}>
        <div className={styles.titleRow}>
          <CardTitle id={titleId}>{name}</CardTitle>
          {current ? <Badge variant="accent">{t('plans.current')}</Badge> : null}
        </div>
        <p className={styles.price}>
          <span>
            {/* A plan that costs nothing says so, rather than "0 ⭐ / year". */}
            {planPrice(tier, period) === 0
              ? t('plans.noCharge')
              : t(PRICE_TEXTS[period], { price: planPrice(tier, period) })}
          </span>
          {/* Written for the locale (digits, sign and % where its readers expect them). */}
          {discount !== null ? (
            <Badge variant="success">{n(discount, DISCOUNT_FORMAT)}</Badge>
          ) : null}
        </p>
      </CardHeader>
      <dl className={styles.limits}>
        {PLAN_LIMIT_ROWS.map(([limit, label]) => {
          const value = PLANS[tier][limit];
          return (
            <div key={limit} className={styles.limit}>
              <dt>{t(label)}</dt>
              <dd>{value === null ? t('common.unlimited') : n(value)}</dd>
            </div>
          );
        })}
      </dl>
      {refusal ? (
        <p className={styles.refusal}>{t(REFUSAL_TEXTS[refusal])}</p>
      ) : (
        <div className={styles.buy}>
          <Button ref={buttonRef} fullWidth loading={buying} disabled={blocked} onClick={onBuy}>
            {t('upgradePage.buy', { plan: name })}
          </Button>
          {/* Always there, so a screen reader hears what the invoice did when the text comes. */}
          <p
            role="status"
            className={styles.note}
            data-tone={note === 'failed' || note === 'cannotPay' ? 'error' : undefined}
          >
            {note ? t(NOTE_TEXTS[note]) : ''}
          </p>
        </div>
      )}
    </Card>
  );
}
