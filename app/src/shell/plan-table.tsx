import { PLAN_TIERS, PLANS, type PlanTier } from '@botdeck/core';
import { type ReactNode, useId } from 'react';
import { useI18n } from '../i18n';
import { PLAN_LABEL_KEYS, PLAN_LIMIT_ROWS } from './plan-labels';
import styles from './plan-table.module.css';

export interface PlanLimitsTableProps {
  /** The table's caption, which names it. */
  caption: ReactNode;
  /** The heading of the first column, the one naming each limit ("Limit"). */
  limitHeading: ReactNode;
  /** The bot's plan: its column says "Current plan" under the plan's name and is tinted. */
  current?: PlanTier;
  /**
   * Rows after the limits (the documentation's prices), each a `<tr>` with a
   * `<th scope="row">` and one `<td>` per plan.
   */
  children?: ReactNode;
}

/**
 * What every plan allows, one column per plan, read from core's PLANS (the table the server
 * rules and the editors enforce), so no page can quote a number the product does not apply.
 * The documentation (/document) and the plans page (/upgrade) both show it.
 */
export function PlanLimitsTable({
  caption,
  limitHeading,
  current,
  children,
}: PlanLimitsTableProps) {
  const { t, n } = useI18n();
  const captionId = useId();

  return (
    // A narrow phone in a long language may still need to scroll the table sideways; the region
    // is focusable so that keyboard users can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className={styles.tableScroll} aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{limitHeading}</th>
            {PLAN_TIERS.map((tier) => (
              <th key={tier} scope="col" data-current={tier === current || undefined}>
                {t(PLAN_LABEL_KEYS[tier])}
                {tier === current ? (
                  <span className={styles.current}>{t('plans.current')}</span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PLAN_LIMIT_ROWS.map(([limit, label]) => (
            <tr key={limit}>
              <th scope="row">{t(label)}</th>
              {PLAN_TIERS.map((tier) => {
                const value = PLANS[tier][limit];
                return (
                  <td key={tier} data-current={tier === current || undefined}>
                    {value === null ? t('common.unlimited') : n(value)}
                  </td>
                );
              })}
            </tr>
          ))}
          {children}
        </tbody>
      </table>
    </section>
  );
}
