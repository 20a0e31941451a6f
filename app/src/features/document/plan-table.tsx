import {
  BILLING_PERIODS,
  type BillingPeriod,
  DISCOUNT_FORMAT,
  PLAN_TIERS,
  planDiscount,
  planPrice,
} from '@botdeck/core';
import { type MessageKey, useI18n } from '../../i18n';
import { PlanLimitsTable } from '../../shell/plan-table';
import styles from './document.module.css';

const PRICE_LABELS = {
  monthly: 'document.sections.plans.priceMonthly',
  yearly: 'document.sections.plans.priceYearly',
} as const satisfies Record<BillingPeriod, MessageKey>;

/**
 * Every plan's limits and prices (the shell's plan table with a row per billing period), read
 * from core, so the documentation can never quote a number the product does not apply.
 */
export function PlanTable() {
  const { t, n } = useI18n();

  return (
    <PlanLimitsTable
      caption={t('document.sections.plans.caption')}
      limitHeading={t('document.sections.plans.limit')}
    >
      {BILLING_PERIODS.map((period) => (
        <tr key={period}>
          <th scope="row">{t(PRICE_LABELS[period])}</th>
          {PLAN_TIERS.map((tier) => {
            const discount = planDiscount(tier, period);
            return (
              <td key={tier}>
                <span className={styles.price}>
                  {t('document.sections.plans.stars', { price: planPrice(tier, period) })}
                </span>
                {discount !== null ? (
                  <span className={styles.discount}>{n(discount, DISCOUNT_FORMAT)}</span>
                ) : null}
              </td>
            );
          })}
        </tr>
      ))}
    </PlanLimitsTable>
  );
}
