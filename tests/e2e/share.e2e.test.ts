import type { Browser, Page, Response } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { freshDataDir, launchBrowser, openApp } from './support';

// In the seed, bot 1 (Dana Helper, Free) has 27 people joined through its link and no reward
// collected: the first (20 people, 7 days of Pro) is waiting; the next needs 60.
const LINK = 'https://t.me/BotdeckBot?start=ref-1';
const INVITATION = 'Create your own Telegram bot with Botdeck!';

/** The answer to a collect (a read of the page sends `collect: false`). */
const isCollect = (response: Response) =>
  new URL(response.url()).pathname === '/api/ref' &&
  response.request().method() === 'POST' &&
  response.request().postDataJSON()?.collect === true;

describe('the referral page, on the built app and the development backend', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    page = await openApp(browser, `${server.url}/share?bot=1`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  const link = () => page.getByRole('textbox', { name: 'Your invite link' });
  const getReward = () => page.getByRole('button', { name: 'Get reward' });
  const rewards = () => page.getByRole('list', { name: 'Rewards' }).getByRole('listitem');

  it('copies the invite link to the clipboard and says so', async () => {
    await expect.poll(() => link().isVisible()).toBe(true);
    expect(await link().inputValue()).toBe(LINK);
    expect(await page.getByText('27 users joined').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Link copied' }).count())
      .toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LINK);
  });

  it("shares it through Telegram's share sheet, with a short invitation", async () => {
    await page.getByRole('button', { name: 'Share' }).click();
    const links = () =>
      page.evaluate(
        () => (window as unknown as { __telegram: { links: string[] } }).__telegram.links,
      );
    await expect
      .poll(links)
      .toEqual([
        `https://t.me/share/url?url=${encodeURIComponent(LINK)}&text=${encodeURIComponent(INVITATION)}`,
      ]);
    // Telegram is handed the link and the text as two whole parameters.
    const [opened] = await links();
    const query = new URL(opened as string).searchParams;
    expect(query.get('url')).toBe(LINK);
    expect(query.get('text')).toBe(INVITATION);
  });

  it('collects the first reward: says what was given in the reader’s words, then nothing until 60 joined', async () => {
    expect(await page.getByText('Your reward is ready: 7 days Pro.').isVisible()).toBe(true);
    expect(await getReward().isEnabled()).toBe(true);

    const answered = page.waitForResponse(isCollect);
    await getReward().click();
    expect((await (await answered).json()).success).toBe(true);
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Reward collected: 7 days Pro.' }).count(),
      )
      .toBe(1);
    await expect.poll(() => getReward().isDisabled()).toBe(true);
    expect(await rewards().first().textContent()).toBe('20 invited users7 days ProCollected');
    expect(await page.getByText('Invite 33 more users to unlock 20 days Pro.').isVisible()).toBe(
      true,
    );

    // The server kept it: after a reload the reward is still taken and Get reward still off.
    await page.reload();
    await expect
      .poll(() => rewards().first().textContent())
      .toBe('20 invited users7 days ProCollected');
    expect(await getReward().isDisabled()).toBe(true);
    expect(await page.getByText(/Your reward is ready/).count()).toBe(0);
  });

  it("leads back to the bot's dashboard, which now shows Pro", async () => {
    await page.evaluate(() =>
      (
        window as unknown as { __telegram: { clickBackButton: () => void } }
      ).__telegram.clickBackButton(),
    );
    // Dana Helper's dashboard carries the server's popup on a first visit.
    const popup = page.getByRole('dialog', { name: 'Botdeck 1.2 is here' });
    await expect.poll(() => popup.isVisible()).toBe(true);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Dana Helper' }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.locator('header').getByText('Pro', { exact: true }).isVisible()).toBe(true);
  });
});
