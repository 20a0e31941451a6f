import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { freshDataDir, launchBrowser, openApp } from './support';

// In the seed, Dana Demo owns bot 2 (Pixel Store) and edits its shop; Amir Aydin is one of its
// users, who shops there.
const SHOPPER = {
  id: 100000110,
  first_name: 'Amir',
  last_name: 'Aydin',
  username: 'amir_aydin',
  language_code: 'en',
};

/** What the Telegram stand-in records on the page, and its way of ending an invoice. */
interface TelegramRecord {
  invoices: string[];
  resolveInvoice: (status: string) => void;
}

/** A 1×1 PNG, the item's picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAFhgJ/ZGQwJgAAAABJRU5ErkJggg==',
  'base64',
);

describe('the shop, on the built app and the development backend', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let editor: Page;
  let shopper: Page;

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    editor = await openApp(browser, `${server.url}/shop?bot=2`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  const card = (page: Page, name: string) => page.getByRole('article', { name });
  const dismiss = async (page: Page) => {
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  };
  const telegram = (page: Page) =>
    page.evaluate(() => {
      const { invoices } = (window as unknown as { __telegram: TelegramRecord }).__telegram;
      return { invoices: [...invoices] };
    });
  const resolveInvoice = (page: Page, status: string) =>
    page.evaluate(
      (outcome) =>
        (window as unknown as { __telegram: TelegramRecord }).__telegram.resolveInvoice(outcome),
      status,
    );

  it('adds an item in a new category, with an image, 5 in stock and a reward text', async () => {
    await editor.getByRole('button', { name: 'Add item' }).click();
    const form = editor.getByRole('dialog', { name: 'Add item' });
    await expect.poll(() => form.isVisible()).toBe(true);

    await form.getByRole('combobox', { name: 'Category' }).click();
    await editor.getByRole('option', { name: '+ Add category' }).click();
    const category = editor.getByRole('dialog', { name: 'Add category' });
    await category.getByRole('textbox', { name: 'Category name' }).fill('Space art');
    await category.getByRole('button', { name: 'Add' }).click();
    await expect
      .poll(() => form.getByRole('combobox', { name: 'Category' }).textContent())
      .toContain('Space art');

    await form.getByRole('textbox', { name: 'Name' }).fill('Comet');
    await form.getByRole('textbox', { name: 'Description' }).fill('A comet with a glowing tail.');
    await form.getByRole('textbox', { name: 'Price' }).fill('40');
    await form
      .getByRole('radiogroup', { name: 'Quantity' })
      .getByRole('radio', { name: 'Custom' })
      .click();
    await form.getByRole('textbox', { name: 'Custom quantity' }).fill('5');
    await form.getByLabel(/^Item image/).setInputFiles({
      name: 'comet.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await form.getByRole('textbox', { name: 'Text or caption' }).fill('Thanks! Your comet.');
    await form.getByRole('button', { name: 'Save' }).click();
    await dismiss(editor);

    await expect
      .poll(() => editor.getByRole('heading', { level: 2, name: 'Space art' }).count())
      .toBe(1);
    expect(await card(editor, 'Comet').getByText('0/5').isVisible()).toBe(true);
  });

  it('edits its price', async () => {
    await card(editor, 'Comet').getByRole('button', { name: 'Actions for Comet' }).click();
    await editor.getByRole('menuitem', { name: 'Edit' }).click();
    const form = editor.getByRole('dialog', { name: 'Edit item' });
    await expect.poll(() => form.isVisible()).toBe(true);
    await form.getByRole('textbox', { name: 'Price' }).fill('45');
    await form.getByRole('button', { name: 'Save' }).click();
    await dismiss(editor);
    await expect
      .poll(() =>
        card(editor, 'Comet').getByRole('button', { name: 'Buy Comet for 45 stars' }).count(),
      )
      .toBe(1);
  });

  it('finds it by searching', async () => {
    await editor.getByRole('searchbox', { name: 'Search items' }).fill('COM');
    const results = editor.getByRole('region', { name: 'Results' });
    await expect.poll(() => results.getByRole('status').textContent()).toBe('1 item found');
    expect(await results.getByRole('article', { name: 'Comet' }).count()).toBe(1);
    await editor.getByRole('searchbox', { name: 'Search items' }).fill('');
    await expect.poll(() => results.count()).toBe(0);
  });

  it('is bought by a shopper through Telegram\'s invoice: paid counts it, "1/5"', async () => {
    shopper = await openApp(browser, `${server.url}/shop?bot=2`, { user: SHOPPER });
    const comet = card(shopper, 'Comet');
    await expect.poll(() => comet.isVisible()).toBe(true);
    // A shopper edits nothing.
    expect(await shopper.getByRole('button', { name: 'Add item' }).count()).toBe(0);

    await comet.getByRole('button', { name: 'Buy Comet for 45 stars' }).click();
    const confirm = shopper.getByRole('dialog', { name: 'Buy Comet?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/guide?opt=user-pay&bot=2',
    );
    await confirm.getByRole('button', { name: 'Next' }).click();
    await expect.poll(async () => (await telegram(shopper)).invoices.length).toBe(1);
    // Telegram tells the bot's server about the payment; the development backend stands in.
    const [link] = (await telegram(shopper)).invoices;
    const paid = await fetch(`${server.url}/dev/pay-invoice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ link }),
    });
    expect(await paid.json()).toMatchObject({ success: true });
    await resolveInvoice(shopper, 'paid');
    await expect
      .poll(() => shopper.getByText('Paid. The bot is sending you Comet.').isVisible())
      .toBe(true);
    await expect.poll(() => comet.getByText('1/5').isVisible()).toBe(true);
  });

  it('leaves the buy button usable when the shopper cancels the invoice', async () => {
    const comet = card(shopper, 'Comet');
    const buy = comet.getByRole('button', { name: 'Buy Comet for 45 stars' });
    await buy.click();
    await shopper
      .getByRole('dialog', { name: 'Buy Comet?' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expect.poll(async () => (await telegram(shopper)).invoices.length).toBe(2);
    // Busy while the invoice is open.
    expect(await buy.getAttribute('aria-busy')).toBe('true');
    await resolveInvoice(shopper, 'cancelled');
    await expect.poll(() => buy.getAttribute('aria-busy')).toBeNull();
    expect(await buy.isEnabled()).toBe(true);
    expect(await comet.getByText('1/5').isVisible()).toBe(true);
  });

  it('deletes the item', async () => {
    await editor.reload();
    const comet = card(editor, 'Comet');
    await expect.poll(() => comet.getByText('1/5').isVisible()).toBe(true);
    await comet.getByRole('button', { name: 'Actions for Comet' }).click();
    await editor.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = editor.getByRole('dialog', { name: 'Delete Comet?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const done = editor.getByRole('alertdialog', { name: 'Deleted' });
    await expect.poll(() => done.isVisible()).toBe(true);
    await done.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => comet.count()).toBe(0);
    await editor.reload();
    await expect
      .poll(() => editor.getByRole('article', { name: 'Night city' }).isVisible())
      .toBe(true);
    expect(await card(editor, 'Comet').count()).toBe(0);
  });
});
