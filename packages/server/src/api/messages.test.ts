import { MESSAGES_PATHS } from '@botdeck/api';
import { messagesApiPath, UPLOAD_MAX_BYTES } from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import { runEndpoint } from '../dispatch';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store/memory';
import { UploadQuotaError } from '../uploads/quota-error';
import { madeUpTelegram } from './made-up-telegram';
import { messageSetKindAt } from './messages';
import { call, NOW } from './testing';

const id = DEMO_USER_ID;

describe('plan limits', () => {
  it('refuses the messages of a locked item', async () => {
    const reply = await call(createMemoryStore(), 'messages.spmsgs.read', {
      id,
      bot_id: SEED_BOTS.free,
      mi: 4,
    });
    expect(reply.body).toMatchObject({ success: false, msg: expect.stringContaining('Upgrade') });
  });

  it('allows one message per item on Free', async () => {
    const reply = await call(createMemoryStore(), 'messages.menumsgs.add', {
      id,
      bot_id: SEED_BOTS.free,
      mi: 0,
      add: true,
    });
    expect(reply.body).toMatchObject({ success: false, msg: expect.stringContaining('limit') });
  });

  it('refuses a message longer than the plan allows', async () => {
    const reply = await saveText('a'.repeat(1025), false);
    expect(reply.body).toEqual({
      success: false,
      msg: "The message can't be longer than 1024 characters on your plan.",
    });
  });
});

/** The upload data that saves the first menu message of the Free bot with `text`. */
function messageData(text: string, format: boolean) {
  return {
    id,
    bot_id: SEED_BOTS.free,
    ind: 0,
    ind2: 0,
    act: 'menumsgs',
    qa: false,
    text,
    format,
    effect: null,
    media_type: null,
    buttons: [],
    ufile: null,
    rem: false,
    m_url: null,
  };
}

/** Saves the first menu message of the Free bot with `text`, in HTML mode or not. */
function saveText(text: string, format: boolean, store = createMemoryStore()) {
  return runEndpoint(
    'uploadMessage',
    {
      userId: id,
      now: NOW,
      form: { fields: { msgdata: JSON.stringify(messageData(text, format)) }, files: {} },
    },
    store,
    { telegram: madeUpTelegram },
  );
}

describe("a bot's room for media", () => {
  it('refuses a file past it with a clear message, and keeps the message as it was', async () => {
    const store = createMemoryStore();
    // A storage whose bot is at its quota, as the disk storage answers then.
    const full = {
      ...store,
      uploads: {
        ...store.uploads,
        put: async (botId: number) => {
          throw new UploadQuotaError(botId, 200 * 1_048_576, 1_000, 200 * 1_048_576);
        },
      },
    };
    const before = await store.snapshot();
    const reply = await runEndpoint(
      'uploadMessage',
      {
        userId: id,
        now: NOW,
        form: {
          fields: { msgdata: JSON.stringify(messageData('With a photo', false)) },
          files: {
            file: { name: 'a.png', type: 'image/png', size: 8, bytes: new Uint8Array(8) },
          },
        },
      },
      full,
      { telegram: madeUpTelegram },
    );
    expect(reply.body).toEqual({
      success: false,
      msg: "This bot's media would take more than its 200 MB. Delete media it no longer uses, or send the file through Telegram (its file ID), and try again.",
    });
    expect(await store.snapshot()).toEqual(before);
  });
});

describe('a character no text can be stored with', () => {
  it('is refused with where it is, and nothing is saved (the database stores none)', async () => {
    const store = createMemoryStore();
    const before = await store.snapshot();
    const reply = await saveText('Hello\u0000world', false, store);
    expect(reply).toEqual({
      status: 400,
      body: {
        success: false,
        msg: 'Bad request: msgdata.text: the text holds a character Telegram does not accept (U+0000, or half of an emoji or other surrogate pair)',
      },
    });
    expect(await store.snapshot()).toEqual(before);
  });

  it('is half a surrogate pair, refused the same way', async () => {
    const store = createMemoryStore();
    const before = await store.snapshot();
    const reply = await saveText('Hello \ud83d world', false, store);
    expect(reply.status).toBe(400);
    expect(await store.snapshot()).toEqual(before);
    // A whole pair (an emoji) is a text like any other.
    expect((await saveText('Hello \ud83d\ude00', false, store)).body).toMatchObject({
      success: true,
    });
  });
});

describe("Telegram's HTML", () => {
  it('refuses, in HTML mode, a text Telegram would refuse, saying what and where', async () => {
    const store = createMemoryStore();
    const before = await store.snapshot();
    const reply = await saveText('<b>Hi</b>\nSee <div>this</div>', true, store);
    expect(reply.body).toEqual({
      success: false,
      msg: 'Line 2: <div> is not a tag Telegram supports. To show a < sign, write &lt;.',
    });
    // Nothing was saved.
    expect((await store.snapshot()).bots).toEqual(before.bots);
  });

  it('saves the same text as plain text, and a fixed one in HTML mode', async () => {
    expect(await saveText('See <div>this</div>', false)).toMatchObject({
      body: { success: true },
    });
    expect(await saveText('See &lt;div&gt; <b>this</b>', true)).toMatchObject({
      body: { success: true, message: { text: 'See &lt;div&gt; <b>this</b>', parse: true } },
    });
  });
});

describe('messages', () => {
  it("answers the bot's menus, Q&A and payloads as button choices", async () => {
    const reply = await call(createMemoryStore(), 'messages.menumsgs.read', {
      id,
      bot_id: SEED_BOTS.free,
      mi: 0,
    });
    const body = reply.body as {
      choices: { menus: string[]; questions: string[]; startPayloads: string[] };
    };
    expect(body.choices.menus).toHaveLength(3);
    expect(body.choices.questions.length).toBeGreaterThan(0);
    expect(body.choices.startPayloads).toHaveLength(5);
  });

  it("won't delete the first message", async () => {
    const reply = await call(createMemoryStore(), 'messages.menumsgs.remove', {
      id,
      bot_id: SEED_BOTS.pro,
      mi: 0,
      del: true,
      index: 0,
    });
    expect(reply.body).toEqual({ success: false, msg: "Can't delete the first message" });
  });

  it("won't delete a Q&A's question", async () => {
    const reply = await call(createMemoryStore(), 'messages.qamsgs.remove', {
      id,
      bot_id: SEED_BOTS.pro,
      mi: 0,
      del: true,
      index: 0,
    });
    expect(reply.body).toEqual({ success: false, msg: "Can't delete a question message" });
  });

  it('refuses a file over 5 MB with the spec text', async () => {
    const size = UPLOAD_MAX_BYTES + 1;
    const reply = await runEndpoint(
      'uploadMessage',
      {
        userId: id,
        form: {
          fields: {
            msgdata: JSON.stringify({
              id,
              bot_id: SEED_BOTS.pro,
              ind: 0,
              ind2: 0,
              act: 'startmsg',
              qa: false,
              text: 'Hi',
              format: false,
              effect: null,
              media_type: 'photo',
              buttons: [],
              ufile: null,
              rem: false,
              m_url: null,
            }),
          },
          files: {
            file: { name: 'big.png', type: 'image/png', size, bytes: new Uint8Array(size) },
          },
        },
      },
      createMemoryStore(),
      { telegram: madeUpTelegram },
    );
    expect(reply.body).toEqual({
      success: false,
      msg: 'Your file exceeds 5 MB. Upload via Telegram or upload a file smaller than 5 MB.',
    });
  });
});

describe('messageSetKindAt', () => {
  it.each(MESSAGES_PATHS)('finds the owner whose messages live at %s', (path) => {
    expect(messagesApiPath(messageSetKindAt(path))).toBe(path);
  });
});
