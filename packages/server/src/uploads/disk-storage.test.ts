import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_NAME } from '../store/upload-names';
import { openDiskUploads } from './disk-storage';
import { UploadQuotaError } from './quota-error';

const file = (size: number, name = 'photo.png') => ({
  name,
  type: 'image/png',
  bytes: new Uint8Array(size).fill(7),
});

describe('uploads on disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'botdeck-disk-uploads-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps a file under a generated name of its bot, and gives it back', async () => {
    const uploads = await openDiskUploads({ dir });
    const name = await uploads.put(2, file(10, '../../../evil name.PNG'));
    expect(name).toMatch(UPLOAD_NAME);
    expect(name).toMatch(/^2-[0-9a-f]{16}\.png$/);
    expect(await uploads.get(name)).toEqual({ name, type: 'image/png', bytes: file(10).bytes });
    expect(await readdir(dir)).toContain(name);
  });

  it('serves nothing for names it never made', async () => {
    const uploads = await openDiskUploads({ dir });
    await writeFile(join(dir, 'outside.txt'), 'x');
    for (const name of ['../outside.txt', '.usage', '.partial/x', 'missing.png', '']) {
      expect(await uploads.get(name)).toBeNull();
    }
  });

  it('refuses a file over the bot’s quota, keeping nothing, with a clear error', async () => {
    const uploads = await openDiskUploads({ dir, quotaBytes: 100 });
    await uploads.put(1, file(60));
    const refusal = await uploads.put(1, file(50)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UploadQuotaError);
    expect(refusal).toMatchObject({ botId: 1, usedBytes: 60, fileBytes: 50, quotaBytes: 100 });
    expect((refusal as Error).message).toMatch(/over its quota/);
    expect((await readdir(dir)).filter((entry) => !entry.startsWith('.'))).toHaveLength(1);
    // Another bot has its own quota.
    await expect(uploads.put(3, file(50))).resolves.toMatch(/^3-/);
  });

  it('counts files put at the same time, one after the other', async () => {
    const uploads = await openDiskUploads({ dir, quotaBytes: 100 });
    const results = await Promise.allSettled([1, 2, 3].map(() => uploads.put(1, file(40))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
  });

  it('frees a removed file’s room, and its count survives reopening', async () => {
    const first = await openDiskUploads({ dir, quotaBytes: 100 });
    const name = await first.put(1, file(80));
    const reopened = await openDiskUploads({ dir, quotaBytes: 100 });
    await expect(reopened.put(1, file(30))).rejects.toThrow(UploadQuotaError);
    await reopened.remove(name);
    await reopened.remove(name);
    expect(await reopened.get(name)).toBeNull();
    await expect(reopened.put(1, file(90))).resolves.toMatch(/^1-/);
  });

  it('removes what a killed write left half-written when it opens', async () => {
    await openDiskUploads({ dir });
    await writeFile(join(dir, '.partial', 'abandoned'), 'half a file');
    await openDiskUploads({ dir });
    expect(await readdir(join(dir, '.partial'))).toEqual([]);
  });

  it('clears every file and every count, and nothing else in the folder', async () => {
    const uploads = await openDiskUploads({ dir, quotaBytes: 100 });
    const name = await uploads.put(1, file(90));
    await writeFile(join(dir, 'Not An Upload.txt'), 'kept');
    await uploads.clear();
    expect(await uploads.get(name)).toBeNull();
    expect(await readdir(dir)).toContain('Not An Upload.txt');
    await expect(uploads.put(1, file(90))).resolves.toMatch(/^1-/);
  });
});
