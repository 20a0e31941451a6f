import { createAuthToken, type Message } from '@botdeck/api';
import { EMOJI_EFFECT_IDS, signInitData } from '@botdeck/core';
import type { CallRecord, ChatEntry } from '@botdeck/sandbox';
import { DEMO_USER, DEMO_USER_ID, DEV_BOT_TOKEN, DEV_TOKEN_SECRET } from '@botdeck/server';
import type { Browser, Locator, Page } from 'playwright';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { addressOf, freshDataDir, launchBrowser, openApp } from './support';

/** What the Telegram stand-in records on the page and the helpers it offers to press. */
interface TelegramRecord {
  backButton: { visible: boolean };
  clickBackButton: () => void;
}

/** A 1×1 PNG, the smallest photo Telegram would take. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A 4×3 photo: its size tells it apart from any other picture Telegram holds. */
const LOAF_PNG = (() => {
  const image = new PNG({ width: 4, height: 3 });
  image.data.fill(180);
  return PNG.sync.write(image);
})();

// Bot 1 of the seed, Dana Helper, is on Free: 4 menus, 1 message per item, 3 commands. It has 3
// menus, so the one created here is the fourth and last, at index 3. Bot 2, Pixel Store, is Pro.
const NEW_MENU = 'gallery';
const NEW_MENU_PAGE = `/menu-messages?bot=1&ind=3`;
const NEW_MENU_DRAFT = `tg-cloud:msgdraft-1-menumsgs-${NEW_MENU}-m0`;
const SAVED_TEXT = '<b>Hello</b> there';

describe('menus, Q&A and their messages, on the built app and the development backend', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    page = await openApp(browser, `${server.url}/menu?bot=1`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  const open = async (path: string, heading: string) => {
    await page.goto(`${server.url}${path}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible())
      .toBe(true);
  };
  const pressBackButton = (on: Page = page) =>
    on.evaluate(() =>
      (window as unknown as { __telegram: TelegramRecord }).__telegram.clickBackButton(),
    );
  const backButtonShown = () =>
    page.evaluate(
      () => (window as unknown as { __telegram: TelegramRecord }).__telegram.backButton.visible,
    );

  const messageList = () => page.getByRole('list', { name: 'Messages', exact: true });
  /** An entry of the message list: its name is "Message 1" (or "Question"…) and its excerpt. */
  const entry = (name: string) =>
    messageList().getByRole('button', { name: new RegExp(`^${name}(\\s|$)`) });
  const textBox = () => page.getByRole('textbox', { name: 'Text', exact: true });
  const saveButton = () => page.getByRole('button', { name: 'Save', exact: true });
  const status = (text: string) => page.getByRole('status').filter({ hasText: text });
  const upgradePrompt = () => page.getByRole('dialog', { name: 'Upgrade your plan' });

  /** Checks the upgrade prompt (its text and "See plans"), then leaves it with Cancel. */
  const expectUpgradePrompt = async (text: string) => {
    const prompt = upgradePrompt();
    await expect
      .poll(() => prompt.getByRole('button', { name: 'See plans' }).isVisible())
      .toBe(true);
    expect(await prompt.textContent()).toContain(text);
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => upgradePrompt().count()).toBe(0);
  };

  /** Acknowledges a refusal popup after checking its text. */
  const expectRefusal = async (text: string) => {
    const popup = page.getByRole('alertdialog', { name: 'Invalid' });
    await expect.poll(() => popup.getByText(text).isVisible()).toBe(true);
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
  };

  /** Telegram's side: the server's sandbox, through its /dev/sandbox/ control routes. */
  const sandbox = async <T = unknown>(method: 'GET' | 'POST', path: string, body?: object) => {
    const response = await fetch(`${server.url}/dev/sandbox/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json()) as { ok: boolean; result: T; error?: string };
    if (!answer.ok) throw new Error(`sandbox ${method} ${path}: ${answer.error}`);
    return answer.result;
  };
  /** The headers of the demo user's API calls, as the Mini App signs them. */
  const apiHeaders = async () => ({
    'Content-Type': 'application/json',
    Authorization: `Bearer ${await createAuthToken(DEV_TOKEN_SECRET)}`,
    'X-Telegram-Init-Data': await signInitData(
      { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify(DEMO_USER) },
      DEV_BOT_TOKEN,
    ),
  });

  /** Picks an option of a select in the button form; the options are portalled onto the body. */
  const choose = async (form: Locator, label: string, option: string) => {
    await form.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
  };

  it('creates a menu after refusing bad names, keeping what was typed', async () => {
    await expect.poll(() => page.getByText('3 of 4 menus').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'New menu' });
    const field = dialog.getByRole('textbox', { name: 'Name' });
    const create = dialog.getByRole('button', { name: 'Create' });

    await field.fill('bad name!');
    await create.click();
    await expect
      .poll(() => dialog.getByText('Use only Latin letters (A–Z), digits and _.').isVisible())
      .toBe(true);
    expect(await field.inputValue()).toBe('bad name!');

    // Sixteen characters where a menu takes 15: refused, and nothing is cut.
    await field.fill('a_sixteen_chars_');
    await create.click();
    await expect
      .poll(() => dialog.getByText("The name can't be longer than 15 characters.").isVisible())
      .toBe(true);
    expect(await field.inputValue()).toBe('a_sixteen_chars_');

    await field.fill(NEW_MENU);
    await create.click();
    await expect.poll(() => dialog.count()).toBe(0);
    const menus = page.getByRole('list', { name: 'Menus' });
    const link = menus.getByRole('link', { name: NEW_MENU, exact: true });
    await expect.poll(() => link.isVisible()).toBe(true);
    expect(await link.getAttribute('href')).toBe(NEW_MENU_PAGE);
    expect(await menus.getByRole('link').allTextContents()).toEqual([
      'prices',
      'hours',
      'contact',
      NEW_MENU,
    ]);
    expect(await page.getByText('4 of 4 menus').isVisible()).toBe(true);
  });

  it("meets the Free plan's limits: no fifth menu, no locked command", async () => {
    await page.getByRole('button', { name: 'Add menu' }).click();
    await expectUpgradePrompt("You have reached your plan's limit. Upgrade to add more.");
    expect(await page.getByRole('dialog', { name: 'New menu' }).count()).toBe(0);

    await open('/commands?bot=1', 'Commands');
    const locked = page.getByRole('list', { name: 'Commands' }).getByRole('button', {
      name: /^promo .* Locked$/,
    });
    // It is marked aria-disabled (nothing to open) but still answers a tap, which Playwright's
    // actionability check would refuse to make.
    expect(await locked.getAttribute('aria-disabled')).toBe('true');
    await locked.click({ force: true });
    await expectUpgradePrompt('This item is not included in your plan. Upgrade to use it.');
    expect(addressOf(page)).toBe('/commands?bot=1');
  });

  it("edits the new menu's message (HTML, photo, two rows of buttons) and keeps it all", async () => {
    await open('/menu?bot=1', 'Menus');
    await page.getByRole('link', { name: NEW_MENU, exact: true }).click();
    await expect.poll(() => addressOf(page)).toBe(NEW_MENU_PAGE);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: NEW_MENU }).isVisible())
      .toBe(true);
    expect(await entry('Message 1').getAttribute('aria-current')).toBe('true');

    await textBox().fill(SAVED_TEXT);
    await page.getByRole('switch', { name: 'HTML format' }).click();

    await page.getByRole('radio', { name: 'Photo', exact: true }).click();
    await page
      .getByLabel('Upload photo')
      .setInputFiles({ name: 'gallery.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect
      .poll(() => page.getByRole('img', { name: 'The chosen photo' }).isVisible())
      .toBe(true);

    // Row 1: a link. The first button of a message opens a new row by itself.
    await page.getByRole('button', { name: 'Add button' }).click();
    let form = page.getByRole('dialog', { name: 'Add button' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Our site');
    await choose(form, 'Type', 'Url');
    await form.getByRole('textbox', { name: 'URL' }).fill('https://example.com/bakery');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);

    // Row 2: a button that opens one of the bot's menus.
    await page.getByRole('button', { name: 'Add button' }).click();
    form = page.getByRole('dialog', { name: 'Add button' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Prices');
    await choose(form, 'Type', 'Menu');
    await choose(form, 'Menu', 'prices');
    await choose(form, 'Row', 'New row');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    expect(await page.getByRole('grid', { name: 'Buttons' }).getByRole('row').count()).toBe(2);

    await saveButton().click();
    await expect.poll(() => status('Message saved.').isVisible()).toBe(true);
    await expect.poll(() => saveButton().isDisabled()).toBe(true);

    await page.reload();
    await expect.poll(() => textBox().isVisible()).toBe(true);
    expect(await textBox().inputValue()).toBe(SAVED_TEXT);
    expect(await page.getByRole('switch', { name: 'HTML format' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Photo', exact: true }).isChecked()).toBe(true);
    // The photo is the one the server stored, and it loads.
    const stored = page.getByRole('img', { name: 'The current photo' });
    await expect
      .poll(() => stored.evaluate((img) => img instanceof HTMLImageElement && img.naturalWidth > 0))
      .toBe(true);
    expect(await stored.getAttribute('src')).toMatch(/^\/uploads\//);

    const grid = page.getByRole('grid', { name: 'Buttons' });
    expect(await grid.getByRole('row').count()).toBe(2);
    const row1 = grid.getByRole('row', { name: 'Row 1', exact: true });
    const row2 = grid.getByRole('row', { name: 'Row 2', exact: true });
    expect(await row1.getByRole('button', { name: 'Our site' }).isVisible()).toBe(true);
    expect(await row2.getByRole('button', { name: 'Prices' }).isVisible()).toBe(true);

    const preview = page.getByRole('figure', { name: 'Message preview' });
    expect(await preview.getByRole('img', { name: 'Photo', exact: true }).isVisible()).toBe(true);
    // HTML format: the tags are read, not shown.
    expect(await preview.getByText('Hello', { exact: true }).evaluate((el) => el.tagName)).toBe(
      'STRONG',
    );
    const keyboard = preview.getByRole('list', { name: 'Buttons' }).getByRole('listitem');
    expect(await keyboard.allTextContents()).toEqual(['Our site', 'Prices']);
    // Saved, so there is neither a draft to offer nor anything to save.
    expect(await page.getByRole('button', { name: 'Restore' }).count()).toBe(0);
    expect(await saveButton().isDisabled()).toBe(true);
  });

  it('keeps a Free menu at one message, and its first message undeletable', async () => {
    expect(await page.getByText('1 of 1 message').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add message' }).click();
    await expectUpgradePrompt("You have reached your plan's limit. Upgrade to add more.");
    expect(await messageList().getByRole('listitem').count()).toBe(1);

    await page.getByRole('button', { name: 'Delete Message 1' }).click();
    await expectRefusal("Can't delete the first message");
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await messageList().getByRole('listitem').count()).toBe(1);
    expect(await textBox().inputValue()).toBe(SAVED_TEXT);
  });

  it('offers unsaved edits back after the page is closed, and restores them', async () => {
    const drafted = `${SAVED_TEXT}, and a draft`;
    await textBox().fill(drafted);
    // Kept after a short pause in typing (in localStorage, the stand-in's CloudStorage).
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key) !== null, NEW_MENU_DRAFT))
      .toBe(true);

    await page.reload();
    const offer = page.getByRole('region', { name: 'You have unsaved changes from before' });
    await expect.poll(() => offer.isVisible()).toBe(true);
    // The editor starts from what is saved until the owner chooses.
    expect(await textBox().inputValue()).toBe(SAVED_TEXT);
    await offer.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => textBox().inputValue()).toBe(drafted);
    expect(await offer.count()).toBe(0);

    await saveButton().click();
    await expect.poll(() => status('Message saved.').isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key) === null, NEW_MENU_DRAFT))
      .toBe(true);
  });

  it('shows a Q&A as its question and responses, under the rules and the plan', async () => {
    await open('/questions?bot=1', 'Q&A');
    await page.getByRole('link', { name: 'delivery', exact: true }).click();
    await expect.poll(() => addressOf(page)).toBe('/qa-messages?bot=1&ind=0');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'delivery' }).isVisible())
      .toBe(true);
    const entries = messageList().getByRole('listitem');
    expect(await entries.count()).toBe(2);
    expect(await entries.nth(0).getByRole('button').first().textContent()).toMatch(/Question/);
    expect(await entries.nth(1).getByRole('button').first().textContent()).toMatch(
      /Response message 1/,
    );
    expect(await textBox().inputValue()).toBe('Do you deliver?');
    // Free allows one message per item, and a Q&A's responses are what counts.
    expect(await page.getByText('1 of 1 response').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Delete Question' }).click();
    await expectRefusal("Can't delete a question message");
    await page.getByRole('button', { name: 'Add message' }).click();
    await expectUpgradePrompt("You have reached your plan's limit. Upgrade to add more.");
    expect(await entries.count()).toBe(2);

    // On Pro (7 responses) a response is added, then deleted after a confirmation.
    await open('/qa-messages?bot=2&ind=0', 'payment');
    expect(await page.getByText('2 of 7 responses').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add message' }).click();
    await expect.poll(() => entry('Response message 3').getAttribute('aria-current')).toBe('true');
    expect(await status('Message added.').isVisible()).toBe(true);
    expect(await page.getByText('3 of 7 responses').isVisible()).toBe(true);
    expect(await textBox().inputValue()).toBe('Edit this message.');

    await page.getByRole('button', { name: 'Delete Response message 3' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Response message 3?' });
    await expect.poll(() => confirm.getByRole('button', { name: 'Delete' }).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => messageList().getByRole('listitem').count()).toBe(3);
    await expect.poll(() => status('Message deleted.').isVisible()).toBe(true);
    expect(await page.getByText('2 of 7 responses').isVisible()).toBe(true);
  });

  it("goes back with Telegram's BackButton: to the list, and from /startmsg to the dashboard", async () => {
    await open(NEW_MENU_PAGE, NEW_MENU);
    await expect.poll(backButtonShown).toBe(true);
    await pressBackButton();
    await expect.poll(() => addressOf(page)).toBe('/menu?bot=1');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Menus' }).isVisible())
      .toBe(true);

    await open('/qa-messages?bot=1&ind=1', 'refunds');
    await pressBackButton();
    await expect.poll(() => addressOf(page)).toBe('/questions?bot=1');

    await open('/startmsg?bot=1', 'Start message');
    await expect.poll(backButtonShown).toBe(true);
    await pressBackButton();
    await expect.poll(() => addressOf(page)).toBe('/dashboard?bot=1');
  });

  it('sends the start message as saved in the editor: text, entities, buttons, photo, effect', async () => {
    await open('/startmsg?bot=1', 'Start message');
    const savedText =
      '<b>Fresh</b> bread, <i>warm</i> from the <a href="https://example.com/bakery">oven</a>';
    await textBox().fill(savedText);
    expect(await page.getByRole('switch', { name: 'HTML format' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Photo', exact: true }).click();
    await page
      .getByLabel('Upload photo')
      .setInputFiles({ name: 'loaf.png', mimeType: 'image/png', buffer: LOAF_PNG });
    await expect
      .poll(() => page.getByRole('img', { name: 'The chosen photo' }).isVisible())
      .toBe(true);

    // A fourth row under the seed's three: a popup and a share button.
    await page.getByRole('button', { name: 'Add button' }).click();
    let form = page.getByRole('dialog', { name: 'Add button' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Hours');
    await choose(form, 'Type', 'Popup');
    await form.getByRole('textbox', { name: 'Popup text' }).fill('Open from 7 to 19');
    await choose(form, 'Row', 'New row');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    await page.getByRole('button', { name: 'Add button' }).click();
    form = page.getByRole('dialog', { name: 'Add button' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Tell a friend');
    await choose(form, 'Type', 'Share');
    await form.getByRole('textbox', { name: 'Text to share' }).fill('The best bread in town');
    await choose(form, 'Row', 'Row 4');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);

    await page
      .getByRole('radiogroup', { name: 'Effect' })
      .getByRole('radio', { name: 'Heart' })
      .click();
    await saveButton().click();
    await expect.poll(() => status('Message saved.').isVisible()).toBe(true);

    // A customer of the bot (a person of the seed) starts it in Telegram, the server's sandbox.
    const customer = 100000202;
    const bot = 7100000001;
    await sandbox('POST', `users/${customer}/send`, { bot, text: '/start' });
    const received = async () =>
      (await sandbox<ChatEntry[]>('GET', `users/${customer}/chats/${bot}`)).filter(
        (entry) => 'bot' in entry.from,
      );
    await expect.poll(async () => (await received()).length).toBe(1);
    const [welcome] = await received();
    const message = welcome?.message;
    expect(message?.caption).toBe('Fresh bread, warm from the oven');
    expect(message?.caption_entities).toEqual([
      { type: 'bold', offset: 0, length: 5 },
      { type: 'italic', offset: 13, length: 4 },
      { type: 'text_link', offset: 27, length: 4, url: 'https://example.com/bakery' },
    ]);
    expect(message?.text).toBeUndefined();
    expect(message?.reply_markup?.inline_keyboard).toEqual([
      [
        { text: 'Prices', callback_data: expect.stringMatching(/^m\d+$/) },
        { text: 'Opening hours', callback_data: expect.stringMatching(/^m\d+$/) },
      ],
      [
        // Telegram writes a bare host with its path.
        { text: 'Website', url: 'https://example.com/' },
        { text: 'Summer offer', url: 'https://t.me/dana_helper_bot?start=sp-summer' },
      ],
      [{ text: 'Do you deliver?', callback_data: expect.stringMatching(/^q\d+$/) }],
      [
        { text: 'Hours', callback_data: 'ps.0.5' },
        {
          text: 'Tell a friend',
          url: `https://t.me/share/url?url=${encodeURIComponent('https://t.me/dana_helper_bot')}&text=${encodeURIComponent('The best bread in town')}`,
        },
      ],
    ]);
    expect(welcome?.effectId).toBe(EMOJI_EFFECT_IDS.heart);
    const photo = message?.photo?.at(-1);
    expect(photo).toMatchObject({ width: 4, height: 3, file_size: LOAF_PNG.length });

    // What the server stored is what the editor sent, and what went to Telegram.
    const stored = await fetch(`${server.url}/api/startmsg`, {
      method: 'POST',
      headers: await apiHeaders(),
      body: JSON.stringify({ id: DEMO_USER_ID, bot_id: 1, mi: 0 }),
    });
    const [saved] = ((await stored.json()) as { messages: Message[] }).messages;
    expect(saved).toMatchObject({
      text: savedText,
      parse: true,
      effect: EMOJI_EFFECT_IDS.heart,
      media_type: 'photo',
      media: expect.stringMatching(/^\/uploads\//),
    });
    expect(saved?.buttons.slice(-2)).toEqual([
      { text: 'Hours', type: 'Popup', value: 'Open from 7 to 19', row: 3 },
      { text: 'Tell a friend', type: 'Share', value: 'The best bread in town', row: 3 },
    ]);
    const popup = await sandbox<{ shown: string; text: string }>(
      'POST',
      `users/${customer}/press`,
      { bot, message_id: message?.message_id, button: 'Hours' },
    );
    expect(popup).toMatchObject({ shown: 'toast', text: 'Open from 7 to 19' });

    // A second /start sends Telegram's file id of the photo, not the file again.
    await sandbox('POST', `users/${customer}/send`, { bot, text: '/start' });
    await expect.poll(async () => (await received()).length).toBe(2);
    const sendPhoto = await sandbox<CallRecord[]>('GET', `bots/${bot}/calls?method=sendPhoto`);
    expect(sendPhoto.map((call) => call.files.length)).toEqual([1, 0]);
    expect(sendPhoto[1]?.params.photo).toBe(photo?.file_id);
    expect((await received())[1]?.message.photo?.at(-1)?.file_unique_id).toBe(
      photo?.file_unique_id,
    );
  });

  it('switches the screens to Arabic on /lang and creates a menu in Arabic', async () => {
    const isolated = (text: string) => `\u2068${text}\u2069`;
    // A page of its own: the chosen language is remembered in its browser storage.
    const arabic = await openApp(browser, `${server.url}/lang?bot=1`);
    try {
      const settings = arabic.getByRole('radiogroup', { name: 'Settings language' });
      await expect.poll(() => settings.isVisible()).toBe(true);
      await settings.getByRole('radio', { name: 'العربية' }).click();
      await expect.poll(() => arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await arabic.evaluate(() => document.documentElement.lang)).toBe('ar');
      await expect
        .poll(() => arabic.getByRole('heading', { level: 1, name: 'اللغة' }).isVisible())
        .toBe(true);
      // Values put into Arabic texts come isolated (FSI … PDI), so they keep their own direction.
      await expect
        .poll(() => arabic.getByText(`تم الحفظ: ${isolated('العربية')}`).isVisible())
        .toBe(true);
      expect(
        await arabic
          .getByRole('radiogroup', { name: 'لغة الواجهة' })
          .getByRole('radio', { name: 'العربية' })
          .isChecked(),
      ).toBe(true);

      // Opened again, the app stays in Arabic. Pixel Store (Pro) has room for a menu.
      await arabic.goto(`${server.url}/menu?bot=2`);
      await expect
        .poll(() => arabic.getByRole('heading', { level: 1, name: 'القوائم' }).isVisible())
        .toBe(true);
      expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const number = async (value: number) =>
        isolated(await arabic.evaluate((n) => new Intl.NumberFormat('ar').format(n), value));
      expect(
        await arabic.getByText(`${await number(3)} من ${await number(15)} قائمة`).isVisible(),
      ).toBe(true);

      await arabic.getByRole('button', { name: 'إضافة قائمة' }).click();
      const dialog = arabic.getByRole('dialog', { name: 'قائمة جديدة' });
      const field = dialog.getByRole('textbox', { name: 'الاسم' });
      await field.fill('bad name!');
      await dialog.getByRole('button', { name: 'إنشاء' }).click();
      await expect
        .poll(() =>
          dialog
            .getByText(
              'استخدم الحروف اللاتينية (\u2068A–Z\u2069) والأرقام والشرطة السفلية (_) فقط.',
            )
            .isVisible(),
        )
        .toBe(true);
      await field.fill('offers');
      await dialog.getByRole('button', { name: 'إنشاء' }).click();
      await expect.poll(() => dialog.count()).toBe(0);

      const menus = arabic.getByRole('list', { name: 'القوائم' });
      await expect
        .poll(() => menus.getByRole('link', { name: 'offers', exact: true }).isVisible())
        .toBe(true);
      expect(
        await menus.getByRole('button', { name: `حذف ${isolated('offers')}` }).isVisible(),
      ).toBe(true);
      expect(
        await arabic.getByText(`${await number(4)} من ${await number(15)} قائمة`).isVisible(),
      ).toBe(true);
    } finally {
      await arabic.context().close();
    }
  });
});
