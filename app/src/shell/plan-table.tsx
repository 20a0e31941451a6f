import { PLAN_TIERS, PLANS, type PlanTier } from '@botdeck/core';
import { type ReactNode, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
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

/** Which sides of a box that scrolls sideways have more of its content past them. */
interface HiddenSides {
  start: boolean;
  end: boolean;
}

const NOTHING_HIDDEN: HiddenSides = { start: false, end: false };

/**
 * The sides of `element` that hide some of its content, kept up to date as it scrolls and as it
 * or its content changes size (a language switch, a rotated phone). Chromium counts scrollLeft
 * from the start edge in either direction (negative towards the end in right-to-left).
 */
function useHiddenSides() {
  const [hidden, setHidden] = useState<HiddenSides>(NOTHING_HIDDEN);
  const element = useRef<HTMLElement>(null);
  const measure = useCallback(() => {
    const box = element.current;
    if (!box) return;
    const hiddenWidth = box.scrollWidth - box.clientWidth;
    const scrolled = Math.abs(box.scrollLeft);
    const start = hiddenWidth > 1 && scrolled > 1;
    const end = hiddenWidth > 1 && scrolled < hiddenWidth - 1;
    setHidden((known) => (known.start === start && known.end === end ? known : { start, end }));
  }, []);
  // After every render too, before it is painted: a language switch re-renders the table at a
  // new width, and the observer below would tell a frame or more later (the hint of the last
  // language stayed meanwhile, and the pictures' page height with it).
  useLayoutEffect(measure);
  useLayoutEffect(() => {
    const box = element.current;
    if (!box) return;
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(box);
    if (box.firstElementChild) resized.observe(box.firstElementChild);
    return () => resized.disconnect();
  }, [measure]);
  return { element, hidden, measure };
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
  const hintId = useId();
  const { element, hidden, measure } = useHiddenSides();
  const scrolls = hidden.start || hidden.end;

  return (
    <div className={styles.frame}>
      {/* Outside the part that scrolls, so that the table's name and the hint stay in view. */}
      <p id={captionId} className={styles.caption}>
        {caption}
      </p>
      {/*
       * A narrow phone (320 px) or a long language cannot show every plan at once: the table
       * then scrolls sideways, says so under its name, and fades out at the side that hides
       * more, so no cut column passes for the last one.
       */}
      {scrolls ? (
        <p id={hintId} className={styles.scrollHint}>
          {t('plans.scrollsSideways')}
        </p>
      ) : null}
      <div
        className={styles.viewport}
        data-hidden-start={hidden.start || undefined}
        data-hidden-end={hidden.end || undefined}
      >
        <section
          ref={element}
          className={styles.tableScroll}
          aria-labelledby={captionId}
          aria-describedby={scrolls ? hintId : undefined}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          onScroll={measure}
        >
          <table className={styles.table} aria-labelledby={captionId}>
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
      </div>
    </div>
  );
}
