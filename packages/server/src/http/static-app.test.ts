import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryPageFile, staticApp } from './static-app';

describe('staticApp', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'botdeck-static-'));
    mkdirSync(join(dir, 'entry'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<p>index</p>');
    writeFileSync(join(dir, 'entry', 'shop.html'), '<p>shop</p>');
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'export {};');
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const text = async (pathname: string) => (await staticApp(dir).answer(pathname))?.text();

  it("answers an entry screen's path with its own page, in any case and with a trailing slash", async () => {
    expect(await text('/shop')).toBe('<p>shop</p>');
    expect(await text('/Shop/')).toBe('<p>shop</p>');
    const page = await staticApp(dir).answer('/shop');
    expect(page?.headers.get('Cache-Control')).toBe('no-cache');
    expect(page?.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
  });

  it('answers every other path of the app with index.html', async () => {
    expect(await text('/users')).toBe('<p>index</p>');
    expect(await text('/')).toBe('<p>index</p>');
    expect(await text('/shop/items')).toBe('<p>index</p>');
    expect(await text('/entry')).toBe('<p>index</p>');
    expect(await text('/%2e%2e%2fshop')).toBe('<p>index</p>');
  });

  it('answers a built file with itself, cached for a year', async () => {
    const file = await staticApp(dir).answer('/assets/app-1a2b.js');
    expect(await file?.text()).toBe('export {};');
    expect(file?.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('names the entry page a path may have, as the router matches paths', () => {
    expect(entryPageFile('/shop')).toBe('entry/shop.html');
    expect(entryPageFile('/SelectBot//')).toBe('entry/selectbot.html');
    expect(entryPageFile('/')).toBeNull();
    expect(entryPageFile('/shop/items')).toBeNull();
    expect(entryPageFile('/../index')).toBeNull();
    expect(entryPageFile('/shop.html')).toBeNull();
  });
});
