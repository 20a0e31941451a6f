import { PLAN_TIERS, PLANS, type PlanLimitName, YEARLY_DISCOUNT_LABEL } from '@botdeck/core';
import { useId } from 'react';
import { type MessageKey, useI18n } from '../../i18n';
import styles from './document.module.css';

const TIER_LABELS = {
  free: 'plans.free',
  standard: 'plans.standard',
  pro: 'plans.pro',
  proPlus: 'plans.proPlus',
} as const satisfies Record<(typeof PLAN_TIERS)[number], MessageKey>;

const LIMIT_ROWS = [
  ['messagesPerItem', 'plans.limits.messagesPerItem'],
  ['menus', 'plans.limits.menus'],
  ['commands', 'plans.limits.commands'],
  ['questions', 'plans.limits.questions'],
  ['startPayloads', 'plans.limits.startPayloads'],
  ['joinRequirements', 'plans.limits.joinRequirements'],
  ['messageLength', 'plans.limits.messageLength'],
  ['popupLength', 'plans.limits.popupLength'],
] as const satisfies readonly (readonly [PlanLimitName, MessageKey])[];

const PRICE_ROWS = [
  ['priceMonthly', 'document.sections.plans.priceMonthly'],
  ['priceYearly', 'document.sections.plans.priceYearly'],
] as const satisfies readonly (readonly [PlanLimitName, MessageKey])[];

/**
 * Every plan's limits and prices, read from core's PLANS (the table the server rules and the
 * editors enforce), so the documentation can never quote a number the product does not apply.
 */
export function PlanTable() {
  const { t, n } = useI18n();
  const captionId = useId();

  return (
    // A narrow phone in a long language may still need to scroll the table sideways; the region
    // is focusable so that keyboard users can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className={styles.tableScroll} aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          {t('document.sections.plans.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('document.sections.plans.limit')}</th>
            {PLAN_TIERS.map((tier) => (
              <th key={tier} scope="col">
                {t(TIER_LABELS[tier])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {LIMIT_ROWS.map(([limit, label]) => (
            <tr key={limit}>
              <th scope="row">{t(label)}</th>
              {PLAN_TIERS.map((tier) => {
                const value = PLANS[tier][limit];
                return <td key={tier}>{value === null ? t('common.unlimited') : n(value)}</td>;
              })}
            </tr>
          ))}
          {PRICE_ROWS.map(([limit, label]) => (
            <tr key={limit}>
              <th scope="row">{t(label)}</th>
              {PLAN_TIERS.map((tier) => (
                <td key={tier}>
                  <span className={styles.price}>
                    {t('document.sections.plans.stars', { price: PLANS[tier][limit] })}
                  </span>
                  {limit === 'priceYearly' && tier === 'proPlus' ? (
                    <span className={styles.discount} dir="ltr">
                      {YEARLY_DISCOUNT_LABEL}
                    </span>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
