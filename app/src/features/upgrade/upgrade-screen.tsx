import { type UpgradeOffer, usePlans } from '@botdeck/api';
import {
  type BillingPeriod,
  PLAN_TIERS,
  type PlanTier,
  planPurchaseRefusal,
  tierFromPro,
} from '@botdeck/core';
import { useBackButton, usePlatform } from '@botdeck/platform';
import { SegmentedControl } from '@botdeck/ui';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import upgradeTexts from '../../../../locales/en.json?screen=upgradePage';
import { ScreenTexts, useI18n } from '../../i18n';
import { HOME_PATH, href } from '../../shell/paths';
import { PlanLimitsTable } from '../../shell/plan-table';
import frame from '../../shell/screen.module.css';
import { ScreenHeader } from '../../shell/screen-header';
import { ScreenLoading, ScreenUnavailable } from '../../shell/screen-states';
import { useBotId } from '../../shell/use-bot-id';
import { PlanCard, type PurchaseNote } from './plan-card';
import styles from './upgrade.module.css';

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { upgradePage: upgradeTexts };

type PaidTier = Exclude<PlanTier, 'free'>;

/** The answer's invoice handle for each paid plan and billing period (SPEC 3, "Plan response"). */
const INVOICE_HANDLES = {
  standard: { monthly: 'sta_mo', yearly: 'sta_yr' },
  pro: { monthly: 'pro_mo', yearly: 'pro_yr' },
  proPlus: { monthly: 'plus_mo', yearly: 'plus_yr' },
} as const satisfies Record<PaidTier, Record<BillingPeriod, keyof UpgradeOffer>>;

/**
 * A purchase from one card: its invoice is open, the invoice was paid (the app is closing), or
 * how it ended otherwise, which the card's line says ('cancelled' says nothing).
 */
type Purchase = {
  tier: PaidTier;
  state: 'open' | 'paid' | 'cancelled' | Exclude<PurchaseNote, 'opening'>;
};

/**
 * /upgrade?bot=: the plans page (SPEC 2, 4 and 9). A Monthly / Yearly toggle; Free, Standard,
 * Pro and Pro Plus as cards with their price in Telegram Stars and what each allows, the bot's
 * plan marked; a comparison table below. Buying opens Telegram's invoice with the answer's
 * handle; "paid" closes the app (the server grants the plan on Telegram's payment callback, the
 * app never does), anything else lets the person try again. A plan at or below the bot's own is
 * not offered: its card says why, in SPEC's words.
 */
export default function UpgradeScreen() {
  return (
    <ScreenTexts english={ENGLISH}>
      <UpgradePage />
    </ScreenTexts>
  );
}

function UpgradePage() {
  const { t, dir } = useI18n();
  const platform = usePlatform();
  const [, navigate] = useLocation();
  const botId = useBotId();
  const { plans, isLoading, reload } = usePlans(botId);
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  // Set at once, before React renders the busy button: a double tap never opens two invoices.
  const invoiceOpen = useRef(false);
  const buttons = useRef(new Map<PaidTier, HTMLButtonElement>());

  const leave = botId === null ? HOME_PATH : href('dashboard', { bot: botId });
  useBackButton(() => navigate(leave));

  useEffect(() => {
    if (!purchase || purchase.state === 'open' || purchase.state === 'paid') return;
    // The busy button lost focus while disabled; give it back once it takes taps again, unless
    // the person has moved on meanwhile.
    const active = document.activeElement;
    if (active === null || active === document.body) buttons.current.get(purchase.tier)?.focus();
  }, [purchase]);

  const header = (
    <ScreenHeader
      id="upgrade-title"
      title={t('plans.title')}
      subtitle={<span>{t('upgradePage.intro')}</span>}
    />
  );

  if (botId === null) {
    return (
      <section className={frame.screen} aria-labelledby="upgrade-title">
        {header}
        <ScreenUnavailable onBack={() => navigate(HOME_PATH, { replace: true })} />
      </section>
    );
  }
  if (isLoading) {
    return (
      <section className={frame.screen} aria-labelledby="upgrade-title" aria-busy="true">
        {header}
        <ScreenLoading />
      </section>
    );
  }
  if (!plans) {
    // The failure itself was reported in a popup when the load failed.
    return (
      <section className={frame.screen} aria-labelledby="upgrade-title">
        {header}
        <ScreenUnavailable onRetry={() => reload()} onBack={() => navigate(leave)} />
      </section>
    );
  }

  const current = tierFromPro(plans.pro);
  const busy = purchase?.state === 'open' || purchase?.state === 'paid';

  const buy = async (tier: PaidTier) => {
    if (invoiceOpen.current) return;
    invoiceOpen.current = true;
    setPurchase({ tier, state: 'open' });
    try {
      const status = await platform.openInvoice(plans[INVOICE_HANDLES[tier][period]]);
      if (status === 'paid') {
        // The server grants the plan when Telegram confirms the payment; the app only closes,
        // and stays busy meanwhile.
        platform.haptic.notification('success');
        setPurchase({ tier, state: 'paid' });
        platform.close();
        return;
      }
      if (status === 'failed') platform.haptic.notification('error');
      setPurchase({ tier, state: status });
    } catch {
      // The client cannot open invoices (Bot API older than 6.1), or refused this one.
      platform.haptic.notification('error');
      setPurchase({ tier, state: 'cannotPay' });
    }
    invoiceOpen.current = false;
  };

  const noteOf = (tier: PlanTier): PurchaseNote | null => {
    if (purchase?.tier !== tier) return null;
    switch (purchase.state) {
      case 'open':
      case 'paid':
        return 'opening';
      case 'cancelled':
        return null;
      case 'failed':
      case 'pending':
      case 'cannotPay':
        return purchase.state;
      default:
        return purchase.state satisfies never;
    }
  };

  return (
    <section className={frame.screen} aria-labelledby="upgrade-title" aria-busy={busy || undefined}>
      {header}
      <SegmentedControl
        className={styles.period}
        label={t('upgradePage.period')}
        dir={dir}
        value={period}
        onValueChange={(value) => setPeriod(value as BillingPeriod)}
        options={[
          { value: 'monthly', label: t('plans.monthly') },
          { value: 'yearly', label: t('plans.yearly') },
        ]}
      />
      <ul className={styles.plans} aria-label={t('plans.title')}>
        {PLAN_TIERS.map((tier) => (
          <li key={tier}>
            <PlanCard
              tier={tier}
              period={period}
              current={tier === current}
              refusal={planPurchaseRefusal(current, tier)}
              buying={busy && purchase?.tier === tier}
              blocked={busy && purchase?.tier !== tier}
              note={noteOf(tier)}
              onBuy={() => {
                if (tier !== 'free') void buy(tier);
              }}
              buttonRef={(button) => {
                if (tier === 'free') return;
                if (button) buttons.current.set(tier, button);
                else buttons.current.delete(tier);
              }}
            />
          </li>
        ))}
      </ul>
      <div className={styles.compare}>
        <PlanLimitsTable
          caption={t('upgradePage.compare')}
          limitHeading={t('upgradePage.limit')}
          current={current}
        />
      </div>
    </section>
  );
}
