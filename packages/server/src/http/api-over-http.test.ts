import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuthToken } from '@botdeck/api';
import { signInitData, UPLOAD_MAX_BYTES } from '@botdeck/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madeUpTelegram } from '../api/made-up-telegram';
import { DEV_BOT_TOKEN, DEV_TOKEN_SECRET } from '../auth';
import { openPglite } from '../db/database';
import { migrate } from '../db/migrate';
import { createDatabaseStore } from '../db/store';
import { testTokenKey } from '../db/testing';
import { createSeed, DEMO_USER, DEMO_USER_ID, SEED_BOTS } from '../seed';
import type { Store } from '../store/types';
import { openDiskUploads } from '../uploads/disk-storage';
import { readConfig } from './config';
import { MAX_BODY_BYTES } from './node-adapter';
import { type RunningServer, startServer } from './server';

/**
 * The API through a real socket onto the real database (PGlite) and uploads on disk: what the
 * transport adds to the handlers (bodies, files, their limits, the app's other origin).
 */

let dir: string;
let store: Store;
let server: RunningServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'botdeck-server-'));
  const db = await openPglite();
  await migrate(db);
  store = createDatabaseStore(db, {
    tokenKey: testTokenKey(),
    uploads: await openDiskUploads({ dir }),
  });
  await store.reset(createSeed());
  const { config } = readConfig(
    { BOTDECK_APP_ORIGINS: 'http://127.0.0.1:5173' },
    { repoRoot: dir },
  );
  server = await startServer({ config: { ...config, port: 0 }, store, telegram: madeUpTelegram });
}, 120_000);
afterAll(async () => {
  await server.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

async function auth() {
  const initData = await signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify(DEMO_USER) },
    DEV_BOT_TOKEN,
  );
  return {
    'X-Telegram-Init-Data': initData,
    Authorization: `Bearer ${await createAuthToken(DEV_TOKEN_SECRET)}`,
  };
}

function shopForm(image: Blob) {
  const form = new FormData();
  const fields = {
    id: String(DEMO_USER_ID),
    bot_id: String(SEED_BOTS.pro),
    name: 'Comet',
    des: 'A comet sticker.',
    price: '20',
    reward_text: 'Thanks!',
    cat: 'Space',
    edit: 'false',
    media_type: '0',
    all_limit: 'null',
    limit: '5',
    ufile: '',
    rem_media: 'false',
    ind: '0',
    ind2: '0',
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file1', image, 'comet.png');
  return form;
}

describe('the HTTP server', () => {
  it('listens on loopback', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers a JSON call', async () => {
    const response = await fetch(`${server.url}/api/selectBot`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(await auth()) },
      body: JSON.stringify({ id: DEMO_USER_ID, select: true }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { bots: unknown[] }).bots.length).toBe(6);
  });

  it('refuses a call without initData', async () => {
    const response = await fetch(`${server.url}/api/selectBot`, {
      method: 'POST',
      body: JSON.stringify({ id: DEMO_USER_ID, select: true }),
    });
    expect(response.status).toBe(401);
  });

  it('takes a shop item upload and serves its image', async () => {
    const response = await fetch(`${server.url}/api/shop/upload`, {
      method: 'POST',
      headers: await auth(),
      body: shopForm(new Blob([new Uint8Array([9, 8, 7])], { type: 'image/png' })),
    });
    const answer = (await response.json()) as {
      msg: string;
      categories: { name: string; items: { img: string }[] }[];
    };
    expect(answer.msg).toBe('Item added.');
    const img = answer.categories.find((c) => c.name === 'Space')?.items[0]?.img ?? '';
    const image = await fetch(`${server.url}/shop/images${img}`);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array([9, 8, 7]));
  });

  it('refuses an image over 5 MB with the spec text', async () => {
    const response = await fetch(`${server.url}/api/shop/upload`, {
      method: 'POST',
      headers: await auth(),
      body: shopForm(new Blob([new Uint8Array(UPLOAD_MAX_BYTES + 1)], { type: 'image/png' })),
    });
    expect(await response.json()).toEqual({
      success: false,
      msg: 'Your file exceeds 5 MB. Upload via Telegram or upload a file smaller than 5 MB.',
    });
  });

  it('refuses a JSON body over the limit with 413, telling of the request, not of a file', async () => {
    const response = await fetch(`${server.url}/api/selectBot`, {
      method: 'POST',
      headers: { ...(await auth()), 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 1, select: true, pad: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      msg: 'This request is too large for the server (15 MB at most). Nothing was saved.',
    });
  });

  it('refuses an upload over the body limit with 413 and the spec text about the file', async () => {
    const response = await fetch(`${server.url}/api/shop/upload`, {
      method: 'POST',
      headers: await auth(),
      body: shopForm(new Blob([new Uint8Array(MAX_BODY_BYTES + 1)], { type: 'image/png' })),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      msg: 'Your file exceeds 5 MB. Upload via Telegram or upload a file smaller than 5 MB.',
    });
  });

  it('answers the preflight of a call from the app hosted on another origin', async () => {
    const response = await fetch(`${server.url}/api/selectBot`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:5173' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('X-Telegram-Init-Data');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('http://127.0.0.1:5173');
  });

  it('answers 404 outside its routes', async () => {
    expect((await fetch(`${server.url}/somewhere`)).status).toBe(404);
  });
});
