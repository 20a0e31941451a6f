import {
  CAPTCHA_GRID_SIZE,
  captchaTargets,
  drawCaptchaGrid,
  judgeCaptchaPicks,
} from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import { createSeed, DEMO_USER_ID, OTHER_OWNER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store/memory';
import { TEXT } from '../texts';
import { call } from './testing';

const grid = 4242;
const right = captchaTargets(drawCaptchaGrid(grid));
const wrong = Array.from({ length: CAPTCHA_GRID_SIZE }, (_, cell) => cell).filter(
  (cell) => !right.includes(cell),
);
const pending = { id: 'demo-captcha', msg_id: '42' };
/** Someone the seed never saw pass a captcha. */
const stranger = OTHER_OWNER_ID;

describe('captcha', () => {
  it('passes the right picks and remembers who passed', async () => {
    const store = createMemoryStore();
    const reply = await call(
      store,
      'captcha',
      { ...pending, correct: true, grid, picks: right },
      stranger,
    );
    expect(reply.body).toMatchObject({ success: true, msg: TEXT.captchaSuccess });
    const entry = await store.read((tx) => tx.captchas.get(pending.id, pending.msg_id));
    expect(entry?.status).toBe('solved');
    expect(entry?.solved_by).toContain(stranger);
  });

  it('refuses a forged correct: true with wrong picks', async () => {
    expect(judgeCaptchaPicks(grid, wrong)).toBe(false);
    const store = createMemoryStore();
    const reply = await call(
      store,
      'captcha',
      { ...pending, correct: true, grid, picks: wrong },
      stranger,
    );
    expect(reply.body).toMatchObject({ success: false, msg: TEXT.captchaFailed });
    expect(reply.body.close).toBeUndefined();
    const entry = await store.read((tx) => tx.captchas.get(pending.id, pending.msg_id));
    expect(entry?.status).toBe('pending');
  });

  it('refuses correct: true with some of the right picks missing, or with no picks', async () => {
    const store = createMemoryStore();
    for (const picks of [right.slice(1), []]) {
      const reply = await call(
        store,
        'captcha',
        { ...pending, correct: true, grid, picks },
        stranger,
      );
      expect(reply.body.success).toBe(false);
    }
  });

  it('refuses a grid without picks, and picks without a grid', async () => {
    const store = createMemoryStore();
    for (const half of [{ grid }, { picks: right }]) {
      const reply = await call(store, 'captcha', { ...pending, correct: true, ...half }, stranger);
      expect(reply.body.success).toBe(false);
    }
  });

  it('refuses right picks the page itself called wrong', async () => {
    const store = createMemoryStore();
    const reply = await call(
      store,
      'captcha',
      { ...pending, correct: false, grid, picks: right },
      stranger,
    );
    expect(reply.body.success).toBe(false);
  });

  it("refuses a bare correct: true from someone who never passed (a bot's forged flag)", async () => {
    const store = createMemoryStore();
    const reply = await call(store, 'captcha', { ...pending, correct: true }, stranger);
    expect(reply.body).toMatchObject({ success: false, msg: TEXT.captchaFailed });
  });

  it('honours the stored flag of a person who passed before', async () => {
    const store = createMemoryStore();
    const reply = await call(store, 'captcha', { ...pending, correct: true }, DEMO_USER_ID);
    expect(reply.body).toMatchObject({ success: true });
    const later = createMemoryStore();
    await call(later, 'captcha', { ...pending, correct: true, grid, picks: right }, stranger);
    const again = await call(later, 'captcha', { ...pending, correct: true }, stranger);
    expect(again.body.success).toBe(true);
  });

  it('closes on an unknown or expired captcha, whatever the answer', async () => {
    const store = createMemoryStore();
    for (const target of [
      { id: 'expired-captcha', msg_id: '44' },
      { id: 'demo-captcha', msg_id: '99' },
      { id: 'nobody', msg_id: '42' },
    ]) {
      const reply = await call(store, 'captcha', { ...target, correct: true, grid, picks: right });
      expect(reply.body).toMatchObject({ success: false, msg: TEXT.captchaInvalid, close: true });
    }
  });

  it('closes on a captcha of a bot that has since turned its captcha off, as on an expired one', async () => {
    const seed = createSeed();
    const bot = seed.bots.find((b) => b.id === SEED_BOTS.pro);
    if (bot) bot.advanced.captcha.enable = false;
    const reply = await call(
      createMemoryStore(seed),
      'captcha',
      { ...pending, correct: true, grid, picks: right },
      stranger,
    );
    expect(reply.body).toMatchObject({ success: false, msg: TEXT.captchaInvalid, close: true });
  });

  it('answers 400 for a cell out of the grid', async () => {
    const store = createMemoryStore();
    const reply = await call(
      store,
      'captcha',
      { ...pending, correct: true, grid, picks: [9] },
      stranger,
    );
    expect(reply.status).toBe(400);
  });
});
