import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { freshDataDir, launchBrowser, openApp } from './support';

/*
 * The built pages' Content Security Policy (app/build/content-security-policy-plugin.ts). That
 * it lets the app do everything it does is checked by every other test of this suite: openApp
 * fails a test on any refusal (support.ts, refuseCspViolations). Here: that it refuses what the
 * app never does.
 */

/** Every page the build wrote: index.html and the entry screens' own pages. */
const PAGES = [
  'index.html',
  ...readdirSync('app/dist/entry')
    .filter((file) => file.endsWith('.html'))
    .map((file) => `entry/${file}`),
];

/** The policy a page's `<meta>` gives, directive by directive. */
function policyOf(html: string): Map<string, string[]> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
  if (!content) throw new Error('the page has no policy');
  return new Map(
    content.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name as string, sources];
    }),
  );
}

describe('the Content Security Policy of the built pages', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  /** A page of the app opened as Telegram opens it, with the policy's refusals noted. */
  async function open(path: string): Promise<{ page: Page; refusals: string[] }> {
    const refusals: string[] = [];
    const page = await openApp(browser, `${server.url}${path}`, { cspRefusals: refusals });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return { page, refusals };
  }

  it.each(PAGES)('%s runs its own scripts alone, each inline one by its hash', (file) => {
    const html = readFileSync(`app/dist/${file}`, 'utf8');
    // Before every script and style of the page: a policy met later governs nothing before it.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style'));
    const policy = policyOf(html);
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/\bsrc=/.test(attributes ?? ''))
      .map(
        ([, , text]) =>
          `'sha256-${createHash('sha256')
            .update(text ?? '')
            .digest('base64')}'`,
      );
    expect(inline.length).toBeGreaterThan(0);
    expect(policy.get('script-src')).toEqual(["'self'", ...inline]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
  });

  it('refuses a script, an event handler and a javascript: link put into the page', async () => {
    const { page, refusals } = await open('/selectbot');
    /** Runs `put` in the page: whether its flag was set, and what the policy refused meanwhile. */
    const attempt = async (put: string) => {
      const before = refusals.length;
      const ran = await page.evaluate(async (markup) => {
        const holder = document.createElement('div');
        if (markup.startsWith('script:')) {
          const script = document.createElement('script');
          script.textContent = markup.slice('script:'.length);
          holder.append(script);
        } else holder.innerHTML = markup;
        document.body.append(holder);
        holder.querySelector('a')?.click();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return (window as unknown as { __ran?: boolean }).__ran === true;
      }, put);
      return { ran, refused: refusals.slice(before).map((text) => text.split(':')[0]) };
    };
    const refusedAs = (directive: string) => [`Content Security Policy refused ${directive}`];
    expect(await attempt('script:window.__ran = true')).toEqual({
      ran: false,
      refused: refusedAs('script-src-elem'),
    });
    expect(await attempt('<img src="/no-such-picture.png" onerror="window.__ran = true">')).toEqual(
      { ran: false, refused: refusedAs('script-src-attr') },
    );
    expect(await attempt('<a href="javascript:window.__ran = true">x</a>')).toEqual({
      ran: false,
      refused: refusedAs('script-src-elem'),
    });
    await page.context().close();
  });

  it('opens a screen with nothing refused, and loads no picture from another origin', async () => {
    const { page, refusals } = await open('/dashboard?bot=1');
    expect(refusals).toEqual([]);
    const loaded = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const picture = new Image();
          picture.onload = () => resolve(true);
          picture.onerror = () => resolve(false);
          picture.src = 'http://127.0.0.2:9/elsewhere.png';
        }),
    );
    expect(loaded).toBe(false);
    await expect
      .poll(() => refusals)
      .toEqual([expect.stringContaining('img-src: http://127.0.0.2:9/elsewhere.png')]);
    await page.context().close();
  });
});
