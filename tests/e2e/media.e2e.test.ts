import type { Browser, Page, Request } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { freshDataDir, launchBrowser, openApp } from './support';

// In the seed, bot 1 (Dana Helper) moderates no media; on bot 5 (Team Desk) the demo user is an
// admin with manage_msg and ban_users, without adv_and_media.
const RESTRICTED = "You don't have permission to do this";
const READ_ONLY_NOTE =
  'You can see these settings, but changing them needs the permission “Manage advanced settings and media”.';

/** A request that saves the media list (a read carries no `media`). */
const isMediaSave = (request: Request) =>
  request.method() === 'POST' &&
  new URL(request.url()).pathname === '/api/media' &&
  'media' in (request.postDataJSON() ?? {});

describe('media moderation, on the built app and the development backend', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;
  const savesSent: Request[] = [];

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    page = await openApp(browser, `${server.url}/media?bot=1`);
    page.on('request', (request) => {
      if (isMediaSave(request)) savesSent.push(request);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const kind = (name: string) => page.getByRole('switch', { name, exact: true });
  const action = (kind: string, name: 'Ban' | 'Filter') =>
    page
      .getByRole('radiogroup', { name: `Action for ${kind}` })
      .getByRole('radio', { name, exact: true });
  const restricted = () => page.getByRole('alertdialog', { name: 'Restricted' });
  const readOnlyNote = () => page.getByRole('note');

  /** Does `act` and waits for the media save it sends to be answered. */
  const saving = async (act: () => Promise<void>) => {
    const answered = page.waitForResponse((response) => isMediaSave(response.request()));
    await act();
    const response = await answered;
    expect((await response.json()).success).toBe(true);
  };

  /** Checks the restricted dialog and closes it with OK. */
  const dismissRestricted = async () => {
    await expect.poll(() => restricted().isVisible()).toBe(true);
    expect(await restricted().textContent()).toContain(RESTRICTED);
    await restricted().getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => restricted().count()).toBe(0);
  };

  it('turns Photo moderation on (it starts with Filter), switches it to Ban, and keeps it after a reload', async () => {
    await expect.poll(() => kind('Photo').isVisible()).toBe(true);
    expect(await heading('Media').isVisible()).toBe(true);
    expect(await kind('Photo').getAttribute('aria-checked')).toBe('false');

    await saving(() => kind('Photo').click());
    await expect.poll(() => kind('Photo').getAttribute('aria-checked')).toBe('true');
    expect(await action('Photo', 'Filter').getAttribute('aria-checked')).toBe('true');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Saved: Photo' }).count())
      .toBe(1);

    await saving(() => action('Photo', 'Ban').click());
    await expect.poll(() => action('Photo', 'Ban').getAttribute('aria-checked')).toBe('true');

    await page.reload();
    await expect.poll(() => kind('Photo').getAttribute('aria-checked')).toBe('true');
    expect(await action('Photo', 'Ban').getAttribute('aria-checked')).toBe('true');
    // Nothing else changed.
    expect(await page.getByRole('switch', { checked: true }).count()).toBe(1);
  });

  it('as an admin without adv_and_media, the dashboard refuses to open Media', async () => {
    await page.goto(`${server.url}/dashboard?bot=5`);
    await expect.poll(() => heading('Team Desk').isVisible()).toBe(true);
    await page.getByRole('navigation').getByRole('link', { name: 'Media' }).click();
    await dismissRestricted();
    expect(await heading('Team Desk').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('opened at its address in the same session, /media?bot=5 is read-only and a tap says why', async () => {
    // The dashboard above told the app the viewer's role; the address is opened in the running
    // app, as a link would, without a reload.
    const before = savesSent.length;
    await page.evaluate(() => window.history.pushState(null, '', '/media?bot=5'));
    await expect.poll(() => kind('Photo').isVisible()).toBe(true);
    expect(await heading('Media').isVisible()).toBe(true);
    expect(await readOnlyNote().textContent()).toBe(READ_ONLY_NOTE);
    expect(await kind('Photo').getAttribute('aria-disabled')).toBe('true');

    // Playwright waits for an aria-disabled control to be enabled; a person just taps it.
    await kind('Photo').click({ force: true });
    await dismissRestricted();
    expect(await kind('Photo').getAttribute('aria-checked')).toBe('false');
    expect(savesSent.length).toBe(before);
  });

  it('loaded afresh at /media?bot=5, the server refuses the change, and the list turns read-only', async () => {
    // A reload forgets the role: the controls are offered and the server decides.
    await page.goto(`${server.url}/media?bot=5`);
    await expect.poll(() => kind('Photo').isVisible()).toBe(true);
    expect(await readOnlyNote().count()).toBe(0);

    await kind('Photo').click();
    await dismissRestricted();
    await expect.poll(() => kind('Photo').getAttribute('aria-checked')).toBe('false');
    expect(await readOnlyNote().textContent()).toBe(READ_ONLY_NOTE);
    expect(await kind('Photo').getAttribute('aria-disabled')).toBe('true');
    // Another tap is refused on the spot, with no second request.
    const before = savesSent.length;
    await kind('Photo').click({ force: true });
    await dismissRestricted();
    expect(savesSent.length).toBe(before);
  });
});
