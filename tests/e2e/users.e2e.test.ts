import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { freshDataDir, launchBrowser, openApp } from './support';

/** What the Telegram stand-in records on the page and the helpers it offers to press. */
interface TelegramRecord {
  clickBackButton: () => void;
}

// Bot 2 of the seed, Pixel Store, is the demo user's own: 35 users, 3 admins (plus the owner)
// and 4 banned users. Elif Evans and Goran Costa are users on its first page.
const USERS_PAGE = '/users?bot=2';

describe('the users page of a bot, on the built app and the development backend', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    page = await openApp(browser, `${server.url}${USERS_PAGE}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  /** The panel of the tab shown (the others are hidden). */
  const panel = () => page.getByRole('tabpanel');
  /** The names listed in the tab shown, in order. */
  const names = () => panel().locator('[data-slot="list-item-name"]').allTextContents();
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  const showTab = async (name: string) => {
    await tab(name).click();
    await expect.poll(() => tab(name).getAttribute('aria-selected')).toBe('true');
  };
  const viewMore = () => panel().getByRole('button', { name: 'View more' });
  const status = (text: string) => page.getByRole('status').filter({ hasText: text });
  const checked = (dialog: ReturnType<Page['getByRole']>) =>
    dialog.getByRole('checkbox', { checked: true }).count();

  /** Opens the action menu of `name` in the tab shown and picks `action`. */
  const act = async (name: string, action: string) => {
    await panel()
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
  };

  const search = async (label: string, query: string) => {
    await panel().getByRole('searchbox', { name: label }).fill(query);
  };

  it('lists the first ten users with "View more"', async () => {
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Users' }).isVisible())
      .toBe(true);
    await expect.poll(names).toHaveLength(10);
    expect(await viewMore().isVisible()).toBe(true);
  });

  it('refuses to promote with no permission, naming the rule', async () => {
    await act('Farah Haddad', 'Make admin');
    const dialog = page.getByRole('dialog', { name: 'Make Farah Haddad an admin' });
    await dialog.getByRole('button', { name: 'Make admin' }).click();
    await expect
      .poll(() =>
        dialog.getByText('Please select at least one permission to promote admin.').isVisible(),
      )
      .toBe(true);
    // Stop the bot needs advanced settings and media, so it can't be the one permission.
    expect(await dialog.getByRole('checkbox', { name: /^Stop the bot/ }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await names()).toContain('Farah Haddad');
  });

  it('promotes a user with two permissions and shows them among the admins', async () => {
    await act('Elif Evans', 'Make admin');
    const dialog = page.getByRole('dialog', { name: 'Make Elif Evans an admin' });
    await dialog.getByRole('checkbox', { name: /^Ban users/ }).check();
    await dialog.getByRole('checkbox', { name: /^Get user reply messages/ }).check();
    await dialog.getByRole('button', { name: 'Make admin' }).click();
    await expect.poll(() => status('Elif Evans is now an admin.').isVisible()).toBe(true);
    expect(await names()).not.toContain('Elif Evans');

    await showTab('Admins');
    // The tab is in the address, replacing it.
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('admins');
    await expect.poll(names).toContain('Elif Evans');
    await act('Elif Evans', 'Edit permissions');
    const edit = page.getByRole('dialog', { name: 'Permissions of Elif Evans' });
    await expect.poll(() => checked(edit)).toBe(2);
    expect(await edit.getByRole('checkbox', { name: /^Ban users/ }).isChecked()).toBe(true);
    expect(await edit.getByRole('checkbox', { name: /^Get user reply messages/ }).isChecked()).toBe(
      true,
    );
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('edits the new admin and keeps the change after a reload', async () => {
    await act('Elif Evans', 'Edit permissions');
    const edit = page.getByRole('dialog', { name: 'Permissions of Elif Evans' });
    await edit.getByRole('checkbox', { name: /^Unban users/ }).check();
    await edit.getByRole('checkbox', { name: /^Get user reply messages/ }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status('Permissions of Elif Evans saved.').isVisible()).toBe(true);

    await page.reload();
    // The reload opens the same tab.
    await expect.poll(() => tab('Admins').getAttribute('aria-selected')).toBe('true');
    await expect.poll(names).toContain('Elif Evans');
    await act('Elif Evans', 'Edit permissions');
    const again = page.getByRole('dialog', { name: 'Permissions of Elif Evans' });
    await expect.poll(() => checked(again)).toBe(2);
    expect(await again.getByRole('checkbox', { name: /^Ban users/ }).isChecked()).toBe(true);
    expect(await again.getByRole('checkbox', { name: /^Unban users/ }).isChecked()).toBe(true);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('bans and unbans a user after asking, naming them', async () => {
    await showTab('Users');
    await act('Goran Costa', 'Ban');
    const ban = page.getByRole('dialog', { name: 'Ban Goran Costa?' });
    await ban.getByRole('button', { name: 'Ban' }).click();
    await expect.poll(() => status('Goran Costa is banned.').isVisible()).toBe(true);
    expect(await names()).not.toContain('Goran Costa');

    await showTab('Banned');
    await expect.poll(names).toContain('Goran Costa');
    await act('Goran Costa', 'Unban');
    const unban = page.getByRole('dialog', { name: 'Unban Goran Costa?' });
    await unban.getByRole('button', { name: 'Unban' }).click();
    await expect.poll(() => status('Goran Costa is no longer banned.').isVisible()).toBe(true);
    expect(await names()).not.toContain('Goran Costa');
    await showTab('Users');
    await expect.poll(names).toContain('Goran Costa');
  });

  it('searches each tab, says when no one matches, and returns to the list when cleared', async () => {
    await search('Search users', 'amir');
    await expect.poll(names).toEqual(['Amir Aydin', 'Amir Evans']);
    await search('Search users', 'zzz');
    await expect
      .poll(() => panel().getByRole('heading', { name: 'No one matches' }).isVisible())
      .toBe(true);
    await panel().getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(names).toHaveLength(10);

    await showTab('Admins');
    await search('Search admins', 'rosa');
    await expect.poll(names).toEqual(['Rosa Haddad']);
    await search('Search admins', '');
    await expect
      .poll(names)
      .toEqual(['Dana Demo', 'Priya Baker', 'Quinn Evans', 'Rosa Haddad', 'Elif Evans']);

    await showTab('Banned');
    await search('Search banned users', 'tara');
    await expect.poll(names).toEqual(['Tara Fischer']);
    await search('Search banned users', '@amir_baker');
    await expect.poll(names).toEqual(['Amir Baker']);
    await panel().getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(names).toHaveLength(4);
  });

  it('views more users until the last, keeping the scroll position', async () => {
    await showTab('Users');
    // Elif Evans is an admin now: 34 users are left.
    for (const count of [20, 30, 34]) {
      await viewMore().scrollIntoViewIfNeeded();
      const before = await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0);
      await viewMore().click();
      await expect.poll(names).toHaveLength(count);
      const after = await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0);
      expect(Math.abs(after - before)).toBeLessThanOrEqual(1);
    }
    await expect.poll(() => viewMore().count()).toBe(0);
    expect((await names()).at(-1)).toBe('Omar Garcia');
  });

  it('views more within search results until the last', async () => {
    await search('Search users', 'a');
    await expect.poll(names).toHaveLength(10);
    let shown = 10;
    while ((await viewMore().count()) > 0) {
      await viewMore().click();
      await expect.poll(async () => (await names()).length).toBeGreaterThan(shown);
      shown = (await names()).length;
    }
    expect(shown).toBeGreaterThan(20);
    for (const name of await names()) expect(name.toLowerCase()).toContain('a');
    // Cleared, the list is back as it was left: every page already shown.
    await panel().getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(names).toHaveLength(34);
  });

  it('returns to the tab it left, and Back leads to the dashboard', async () => {
    await page.goto(`${server.url}/dashboard?bot=2`);
    await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
    await expect.poll(names).toHaveLength(10);
    await showTab('Banned');
    await page.goto(`${server.url}/document?bot=2`);
    await page.goBack();
    await expect.poll(() => tab('Banned').getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('banned');
    // The tabs replaced one another in the history: Back leaves the page at once.
    await page.evaluate(() =>
      (window as unknown as { __telegram: TelegramRecord }).__telegram.clickBackButton(),
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
  });
});
