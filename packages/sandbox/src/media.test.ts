import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api, GrammyError, InputFile } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './sandbox';
import { startSandbox } from './start';
import type { SandboxBot, SandboxUser } from './telegram-side';
import { callApi } from './testing';

/** Files: uploads (grammY's multipart), file ids reused, getFile and downloads, and refusals. */

/** A 2×3 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR42mP8z8DwnwEJMOIAAI+eB/5h0SwUAAAAAElFTkSuQmCC',
  'base64',
);

let sandbox: Sandbox;
let shop: SandboxBot;
let api: Api;
let ada: SandboxUser;

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimits: false });
  shop = sandbox.createBot({ username: 'shop_bot', name: 'Shop' });
  api = new Api(shop.token, { apiRoot: sandbox.url });
  ada = sandbox.createUser({ first_name: 'Ada' });
  ada.send(shop, '/start');
});

afterEach(async () => {
  await sandbox.stop();
});

async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof GrammyError) return error.description;
    throw error;
  }
  throw new Error('the call was accepted');
}

describe('uploads', () => {
  it('stores an uploaded photo and answers its size with a fresh file_id', async () => {
    const sent = await api.sendPhoto(ada.id, new InputFile(PNG, 'cat.png'), {
      caption: '<b>Cat</b>',
      parse_mode: 'HTML',
    });
    expect(sent.photo).toEqual([
      {
        file_id: expect.stringMatching(/^AgAC/),
        file_unique_id: expect.any(String),
        file_size: PNG.length,
        width: 2,
        height: 3,
      },
    ]);
    expect(sent).toMatchObject({
      caption: 'Cat',
      caption_entities: [{ type: 'bold', offset: 0, length: 3 }],
    });
  });

  it('reuses a file_id: the same file, no new upload', async () => {
    const first = await api.sendPhoto(ada.id, new InputFile(PNG));
    const again = await api.sendPhoto(ada.id, first.photo[0]!.file_id);
    expect(again.photo[0]).toEqual(first.photo[0]);
  });

  it('keeps a document with its name and type, and hands it back by getFile and download', async () => {
    const sent = await api.sendDocument(
      ada.id,
      new InputFile(Buffer.from('%PDF-1.4 test'), 'menu.pdf'),
    );
    expect(sent.document).toMatchObject({ file_name: 'menu.pdf', file_size: 13 });
    const file = await api.getFile(sent.document.file_id);
    expect(file).toMatchObject({
      file_id: sent.document.file_id,
      file_size: 13,
      file_path: expect.stringMatching(/^documents\//),
    });
    const download = await fetch(`${sandbox.url}/file/bot${shop.token}/${file.file_path}`);
    expect(Buffer.from(await download.arrayBuffer()).toString()).toBe('%PDF-1.4 test');
  });

  it("lists a bot's own profile photo, as Telegram does for any user, and hands it back", async () => {
    expect(await api.getUserProfilePhotos(shop.id)).toEqual({ total_count: 0, photos: [] });
    sandbox.setBotPhoto(shop, PNG);
    const photos = await api.getUserProfilePhotos(shop.id);
    expect(photos.total_count).toBe(1);
    const largest = photos.photos[0]?.at(-1);
    expect(largest).toMatchObject({ width: 2, height: 3 });
    const file = await api.getFile(largest?.file_id ?? '');
    const download = await fetch(`${sandbox.url}/file/bot${shop.token}/${file.file_path}`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);
    // Someone Telegram has never seen is still refused.
    expect(await refusal(api.getUserProfilePhotos(999_999_999))).toBe(
      'Bad Request: user not found',
    );
  });

  it('sends video, audio and animation with what Telegram reports of each', async () => {
    const video = await api.sendVideo(ada.id, new InputFile(Buffer.from('v'), 'clip.mp4'), {
      duration: 3,
      width: 640,
      height: 360,
    });
    expect(video.video).toMatchObject({
      duration: 3,
      width: 640,
      height: 360,
      file_name: 'clip.mp4',
    });
    const audio = await api.sendAudio(ada.id, new InputFile(Buffer.from('a'), 'song.mp3'), {
      duration: 5,
      title: 'Song',
      performer: 'Band',
    });
    expect(audio.audio).toMatchObject({
      duration: 5,
      file_name: 'song.mp3',
      title: 'Song',
      performer: 'Band',
    });
    const again = await api.sendAudio(ada.id, audio.audio.file_id);
    expect(again.audio.title).toBeUndefined();
    const animation = await api.sendAnimation(ada.id, new InputFile(Buffer.from('g'), 'fun.mp4'));
    expect(animation.animation).toMatchObject({ file_name: 'fun.mp4' });
    expect(animation.document).toMatchObject({ file_id: animation.animation.file_id });
  });
});

describe('refusals', () => {
  it('refuses an unknown file_id, and another bot’s', async () => {
    expect(await refusal(api.sendPhoto(ada.id, 'AgACnope'))).toBe(
      'Bad Request: wrong file identifier/HTTP URL specified',
    );
    const other = sandbox.createBot({ username: 'other_bot', name: 'Other' });
    ada.send(other, '/start');
    const otherApi = new Api(other.token, { apiRoot: sandbox.url });
    const theirs = await otherApi.sendPhoto(ada.id, new InputFile(PNG));
    expect(await refusal(api.sendPhoto(ada.id, theirs.photo[0]!.file_id))).toBe(
      'Bad Request: wrong file identifier/HTTP URL specified',
    );
  });

  it('refuses a file_id of another kind', async () => {
    const document = await api.sendDocument(ada.id, new InputFile(Buffer.from('x'), 'x.txt'));
    expect(await refusal(api.sendPhoto(ada.id, document.document.file_id))).toBe(
      'Bad Request: type of file mismatch',
    );
  });

  it('refuses a photo that is no picture, and a request without one', async () => {
    expect(await refusal(api.sendPhoto(ada.id, new InputFile(Buffer.from('not a picture'))))).toBe(
      'Bad Request: IMAGE_PROCESS_FAILED',
    );
    expect(await callApi(sandbox, shop.token, 'sendPhoto', { chat_id: ada.id })).toMatchObject({
      description: 'Bad Request: there is no photo in the request',
    });
  });

  it('refuses getFile for an unknown id', async () => {
    expect(await refusal(api.getFile('nope'))).toBe(
      'Bad Request: wrong file_id or the file is temporarily unavailable',
    );
  });
});

describe('files by URL', () => {
  let files: Server;

  beforeEach(async () => {
    files = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => files.close(() => resolve()));
  });

  it('fetches a URL on this machine, and refuses any other (the sandbox has no network)', async () => {
    const { port } = files.address() as AddressInfo;
    const sent = await api.sendPhoto(ada.id, `http://127.0.0.1:${port}/uploads/cat.png`);
    expect(sent.photo[0]).toMatchObject({ width: 2, height: 3 });
    expect(await refusal(api.sendPhoto(ada.id, 'https://example.com/cat.png'))).toBe(
      'Bad Request: failed to get HTTP URL content',
    );
  });
});

describe('what people send', () => {
  it('gives the bot a file_id it can send again and download', async () => {
    ada.send(shop, { photo: PNG, caption: 'look' });
    const updates = await api.getUpdates();
    const photo = updates.at(-1)?.message?.photo?.[0];
    expect(photo).toMatchObject({ width: 2, height: 3 });
    const file = await api.getFile(photo!.file_id);
    expect(file.file_size).toBe(PNG.length);
    expect((await api.sendPhoto(ada.id, photo!.file_id)).photo[0]?.file_unique_id).toBe(
      photo!.file_unique_id,
    );
  });

  it('gives each bot in a group its own file_id for the same photo', async () => {
    const other = sandbox.createBot({ username: 'other_bot', name: 'Other' });
    const otherApi = new Api(other.token, { apiRoot: sandbox.url });
    const group = sandbox.createGroup({ title: 'Fans', owner: ada });
    group.addBot(shop, { admin: true });
    group.addBot(other, { admin: true });
    ada.send(group, { photo: PNG });
    const mine = (await api.getUpdates()).at(-1)?.message?.photo?.[0];
    const theirs = (await otherApi.getUpdates()).at(-1)?.message?.photo?.[0];
    expect(mine?.file_unique_id).toBe(theirs?.file_unique_id);
    expect(mine?.file_id).not.toBe(theirs?.file_id);
    expect((await otherApi.getFile(theirs!.file_id)).file_size).toBe(PNG.length);
    expect((await api.getFile(mine!.file_id)).file_size).toBe(PNG.length);
  });
});
