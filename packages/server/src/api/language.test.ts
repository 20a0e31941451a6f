import { describe, expect, it } from 'vitest';
import { DEMO_USER_ID, OTHER_OWNER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store/memory';
import { call } from './testing';

const id = DEMO_USER_ID;

describe('language', () => {
  it("keeps each user's settings language apart", async () => {
    const store = createMemoryStore();
    await call(store, 'language', { id, bot_id: SEED_BOTS.admin, set: 'ar' });
    const owner = await call(
      store,
      'language',
      { id: OTHER_OWNER_ID, bot_id: SEED_BOTS.admin },
      OTHER_OWNER_ID,
    );
    const dana = await call(store, 'language', { id, bot_id: SEED_BOTS.admin });
    expect(dana.body.lang).toBe('ar');
    expect(owner.body.lang).toBe('tr');
  });
});
