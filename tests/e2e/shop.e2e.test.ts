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

/** Pixel Store, the seed's bot 2, as Telegram knows it. */
const PIXEL_STORE_USERNAME = 'pixel_store_bot';
/** The reward text the editor gives the item the shopper buys. */
const REWARD_TEXT = 'Thanks! Your comet.';

/** Telegram's side: the server's sandbox, through its /dev/sandbox/ control routes. */
async function sandboxAt<T>(
  server: PreviewServer,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
) {
  const response = await fetch(`${server.url}/dev/sandbox/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as { ok: boolean; result: T; error?: string };
  if (!answer.ok) throw new Error(`sandbox ${method} ${path}: ${answer.error}`);
  return answer.result;
}

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
  const sandbox = <T = unknown>(method: 'GET' | 'POST', path: string, body?: object) =>
    sandboxAt<T>(server, method, path, body);
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
    await form.getByRole('textbox', { name: 'Text or caption' }).fill(REWARD_TEXT);
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

    // Buying asks the server for the invoice's link; the confirm dialog comes with it.
    const invoiceAnswer = shopper.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/shop/getInvoice',
    );
    await comet.getByRole('button', { name: 'Buy Comet for 45 stars' }).click();
    const { link: served } = (await (await invoiceAnswer).json()) as { link: string };
    expect(served).toMatch(/^https:\/\/t\.me\/\$/);
    const confirm = shopper.getByRole('dialog', { name: 'Buy Comet?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/guide?opt=user-pay&bot=2',
    );
    await confirm.getByRole('button', { name: 'Next' }).click();
    // Telegram is told only the invoice's slug; the stand-in writes it back as that link.
    await expect.poll(async () => (await telegram(shopper)).invoices).toEqual([served]);
    // The shopper pays as Telegram plays it: the sandbox asks the bot (pre-checkout), charges,
    // and the bot records the payment and sends the reward.
    const [link] = (await telegram(shopper)).invoices;
    expect(await sandbox('POST', `users/${SHOPPER.id}/pay`, { link })).toMatchObject({
      status: 'paid',
    });
    await resolveInvoice(shopper, 'paid');
    await expect
      .poll(() => shopper.getByText('Paid. The bot is sending you Comet.').isVisible())
      .toBe(true);
    await expect.poll(() => comet.getByText('1/5').isVisible()).toBe(true);
    // The bot sent the reward text to the shopper in their chat with it.
    const bots = await sandbox<{ id: number; username: string }[]>('GET', 'bots');
    const pixel = bots.find((bot) => bot.username === PIXEL_STORE_USERNAME);
    await expect
      .poll(async () =>
        (
          await sandbox<{ message: { text?: string } }[]>(
            'GET',
            `users/${SHOPPER.id}/chats/${pixel?.id}`,
          )
        ).map((entry) => entry.message.text),
      )
      .toContain(REWARD_TEXT);
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

  it("refunds the shopper's payment from the editor's sales, and the unit is for sale again", async () => {
    await editor.reload();
    const comet = card(editor, 'Comet');
    await expect.poll(() => comet.getByText('1/5').isVisible()).toBe(true);
    await editor.getByRole('button', { name: 'Sales' }).click();
    const sheet = editor.getByRole('dialog', { name: 'Sales' });
    // The newest sale is the shopper's, its reward sent by the bot.
    const sale = sheet.getByRole('article').first();
    await expect.poll(() => sale.textContent()).toContain('Comet');
    await expect.poll(() => sale.getByText('Sent').isVisible()).toBe(true);
    expect(await sale.textContent()).toContain('Amir Aydin');
    expect(await sale.textContent()).toContain('@amir_aydin');
    await sale.getByRole('button', { name: 'Refund Comet bought by Amir Aydin' }).click();
    const confirm = editor.getByRole('dialog', { name: 'Refund 45 ⭐?' });
    await confirm.getByRole('button', { name: 'Refund' }).click();
    // Telegram (the sandbox) gave the Stars back: the row says so, in the app's words.
    await expect
      .poll(() => sheet.getByText('Refunded: 45 ⭐ went back to Amir Aydin.').isVisible())
      .toBe(true);
    await expect.poll(() => sale.getByText('Refunded').isVisible()).toBe(true);
    expect(await sale.getByRole('button', { name: /^Refund / }).count()).toBe(0);
    await sheet.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => sheet.count()).toBe(0);
    await expect.poll(() => comet.getByText('0/5').isVisible()).toBe(true);
    // Kept: after a reload the sale is still refunded, and the unit still free.
    await editor.reload();
    await expect.poll(() => comet.getByText('0/5').isVisible()).toBe(true);
    await editor.getByRole('button', { name: 'Sales' }).click();
    await expect
      .poll(() => sheet.getByRole('article').first().getByText('Refunded').isVisible())
      .toBe(true);
    await sheet.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => sheet.count()).toBe(0);
  });

  it('deletes the item', async () => {
    await editor.reload();
    const comet = card(editor, 'Comet');
    await expect.poll(() => comet.getByText('0/5').isVisible()).toBe(true);
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
