import {
  DEVELOPMENT_INIT_DATA_PUBLIC_KEY,
  verifyInitData,
  verifyInitDataSignature,
} from '@botdeck/core';
import { DEV_BOT_TOKEN } from '@botdeck/server';
import { describe, expect, it } from 'vitest';
import { signedInitData } from '../../scripts/lib/telegram-stand-in.mjs';

// The stand-in signs with node:crypto and its own copy of the development key (the benchmark
// runs it in plain Node); these checks hold it to core's rules and core's key.
const USER = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Stand-In',
  username: 'ada',
  language_code: 'en',
};
const AUTH_DATE = 1_700_000_000;
const options = { maxAgeSeconds: 60, now: new Date(AUTH_DATE * 1000) };

describe('the Telegram stand-in', () => {
  it('signs hash with the development bot token', async () => {
    const result = await verifyInitData(
      signedInitData(USER, DEV_BOT_TOKEN, AUTH_DATE),
      DEV_BOT_TOKEN,
      options,
    );
    expect(result.ok && result.data.user?.id).toBe(7);
  });

  it("signs signature with core's development key for the token's bot", async () => {
    const raw = signedInitData(USER, DEV_BOT_TOKEN, AUTH_DATE);
    const check = (botId: number) =>
      verifyInitDataSignature(raw, DEVELOPMENT_INIT_DATA_PUBLIC_KEY, botId, options);
    expect((await check(7_000_000_000)).ok).toBe(true);
    expect(await check(7_000_000_001)).toEqual({ ok: false, reason: 'bad-signature' });
  });
});
