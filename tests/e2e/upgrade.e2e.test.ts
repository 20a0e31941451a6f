import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { freshDataDir, launchBrowser, openApp } from './support';

// In the seed, bot 1 (Dana Helper) is on Free and Dana owns it; the dashboard offers Upgrade.

/** What the Telegram stand-in records on the page, and its way of ending an invoice. */
interface TelegramRecord {
  invoices: string[];
  closed: boolean;
  resolveInvoice: (status: string) => void;
}

const telegram = (page: Page) =>
  page.evaluate(() => {
    const { resolveInvoice: _resolve, ...record } = (
      window as unknown as { __telegram: TelegramRecord }
    ).__telegram;
    return JSON.parse(JSON.stringify(record)) as Omit<TelegramRecord, 'resolveInvoice'>;
  });

/** Ends the open invoice as Telegram would tell the app. */
const resolveInvoice = (page: Page, status: 'paid' | 'cancelled' | 'failed' | 'pending') =>
  page.evaluate(
    (outcome) =>
      (window as unknown as { __telegram: TelegramRecord }).__telegram.resolveInvoice(outcome),
    status,
  );

/** Telegram's payment callback, as the development backend takes it. */
async function payInvoice(server: PreviewServer, link: string) {
  const response = await fetch(`${server.url}/dev/pay-invoice`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ link }),
  });
  return (await response.json()) as { success: boolean; msg: string };
}

describe('buying a plan on /upgrade, on the built app and the development backend', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;
  /** The invoice handles of the last upgrade answer. */
  let offer: Record<string, unknown> = {};

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    page = await openApp(browser, `${server.url}/dashboard?bot=1`);
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname === '/api/upgrade') offer = await response.json();
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  const card = (plan: string) => page.getByRole('group', { name: plan, exact: true });
  const buy = (plan: string) => card(plan).getByRole('button', { name: `Upgrade to ${plan}` });
  const planBadge = () => page.locator('header [data-slot="badge"]');

  it('goes from the Free dashboard to the plans, with Free marked as the current plan', async () => {
    // Bot 1 has a server announcement; it opens once, over the dashboard.
    const popup = page.getByRole('dialog', { name: 'Botdeck 1.2 is here' });
    await expect.poll(() => popup.isVisible()).toBe(true);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => planBadge().textContent()).toBe('Free');

    await page.getByRole('link', { name: 'Upgrade', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/upgrade');
    await expect.poll(() => card('Free').getByText('Current plan').isVisible()).toBe(true);
    expect(await card('Pro').getByText('335 ⭐ / month').isVisible()).toBe(true);
    expect(await buy('Pro').isEnabled()).toBe(true);
  });

  it('cancels an invoice, and the button can be pressed again', async () => {
    await buy('Pro').click();
    await expect.poll(async () => (await telegram(page)).invoices).toEqual([offer.pro_mo]);
    expect(offer.pro_mo).toMatch(/^https:\/\/t\.me\/\$/);
    await expect.poll(() => buy('Pro').getAttribute('aria-busy')).toBe('true');
    expect(await buy('Pro').isDisabled()).toBe(true);
    expect(await buy('Pro Plus').isDisabled()).toBe(true);

    await resolveInvoice(page, 'cancelled');
    await expect.poll(() => buy('Pro').isEnabled()).toBe(true);
    expect(await buy('Pro').getAttribute('aria-busy')).toBeNull();
    expect(await buy('Pro Plus').isEnabled()).toBe(true);
    expect((await telegram(page)).closed).toBe(false);
  });

  it('pays Pro monthly: the server grants it, "paid" closes the app, and Pro is the current plan', async () => {
    await buy('Pro').click();
    await expect
      .poll(async () => (await telegram(page)).invoices)
      .toEqual([offer.pro_mo, offer.pro_mo]);
    // Telegram's side: the payment reaches the server, which grants the plan.
    expect(await payInvoice(server, offer.pro_mo as string)).toMatchObject({ success: true });
    // The app's side: it only closes, busy to the end.
    await resolveInvoice(page, 'paid');
    await expect.poll(async () => (await telegram(page)).closed).toBe(true);
    expect(await buy('Pro').getAttribute('aria-busy')).toBe('true');

    // Opened again: the dashboard and the plans page show Pro.
    await page.goto(`${server.url}/dashboard?bot=1`);
    await expect.poll(() => planBadge().textContent()).toBe('Pro');
    await page.goto(`${server.url}/upgrade?bot=1`);
    await expect.poll(() => card('Pro').getByText('Current plan').isVisible()).toBe(true);
    expect(await card('Free').getByText('Current plan').count()).toBe(0);
    for (const plan of ['Standard', 'Pro']) {
      expect(
        await card(plan).getByText('This bot is already upgraded to Pro or pro plus.').isVisible(),
      ).toBe(true);
      expect(await card(plan).getByRole('button').count()).toBe(0);
    }
    expect(await buy('Pro Plus').isEnabled()).toBe(true);
  });
});
