/// <reference types="node" />
// The reference above gives this test node:crypto's types; core's own code stays free of Node.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataCheckString, parseInitData, signInitData, verifyInitData } from './init-data';

const BOT_TOKEN = '1234567890:AAH-test-token-for-botdeck-unit-tests';
const OTHER_TOKEN = '9876543210:AAH-some-other-bots-token-entirely';
const AUTH_DATE = 1_700_000_000;
const USER_JSON = JSON.stringify({
  id: 279058397,
  first_name: 'Dana',
  last_name: 'Lee',
  username: 'dana_lee',
  language_code: 'en',
});

/** Fields deliberately out of alphabetical order, to prove the signer sorts them. */
const FIELDS = {
  user: USER_JSON,
  query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
  auth_date: String(AUTH_DATE),
  chat_type: 'sender',
};

const at = (unixSeconds: number) => new Date(unixSeconds * 1000);

/** Replaces one field of a raw initData string, keeping everything else (including hash). */
function withField(raw: string, key: string, value: string): string {
  const params = new URLSearchParams(raw);
  params.set(key, value);
  return params.toString();
}

describe('dataCheckString', () => {
  it('sorts the fields by key, drops hash, and joins key=value lines with \\n', () => {
    expect(dataCheckString({ b: '2', hash: 'x', a: '1', c: '3' })).toBe('a=1\nb=2\nc=3');
  });
});

describe('signInitData', () => {
  it('produces the hash Telegram would, computed by hand with node:crypto', async () => {
    const checkString = [
      `auth_date=${AUTH_DATE}`,
      'chat_type=sender',
      'query_id=AAHdF6IQAAAAAN0XohDhrOrc',
      `user=${USER_JSON}`,
    ].join('\n');
    const secretKey = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
    const expected = createHmac('sha256', secretKey).update(checkString).digest('hex');

    const raw = await signInitData(FIELDS, BOT_TOKEN);

    expect(new URLSearchParams(raw).get('hash')).toBe(expected);
  });

  it('percent-encodes values the way Telegram clients do', async () => {
    const raw = await signInitData({ auth_date: '1', start_param: 'a b' }, BOT_TOKEN);
    expect(raw).toMatch(/^auth_date=1&start_param=a%20b&hash=[0-9a-f]{64}$/);
  });
});

describe('parseInitData', () => {
  it('decodes the typed fields and keeps every raw field', async () => {
    const data = parseInitData(await signInitData(FIELDS, BOT_TOKEN));
    expect(data?.auth_date).toBe(AUTH_DATE);
    expect(data?.query_id).toBe('AAHdF6IQAAAAAN0XohDhrOrc');
    expect(data?.chat_type).toBe('sender');
    expect(data?.user).toEqual({
      id: 279058397,
      first_name: 'Dana',
      last_name: 'Lee',
      username: 'dana_lee',
      language_code: 'en',
    });
    expect(data?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(data?.fields.user).toBe(USER_JSON);
  });

  it('returns null when a key repeats', () => {
    expect(parseInitData('auth_date=1&auth_date=2&hash=00')).toBeNull();
  });

  it('returns null when the user is not a Telegram user object', () => {
    expect(parseInitData('auth_date=1&hash=00&user=%7B%22id%22%3A%22x%22%7D')).toBeNull();
  });
});

describe('verifyInitData', () => {
  it('accepts a good signature and returns the data', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const result = await verifyInitData(raw, BOT_TOKEN, { maxAgeSeconds: 60, now: at(AUTH_DATE) });
    expect(result.ok).toBe(true);
    expect(result.ok && result.data.user?.id).toBe(279058397);
  });

  it('rejects a tampered field as bad-hash', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const tampered = withField(raw, 'user', USER_JSON.replace('279058397', '1'));
    const result = await verifyInitData(tampered, BOT_TOKEN, {
      maxAgeSeconds: 60,
      now: at(AUTH_DATE),
    });
    expect(result).toEqual({ ok: false, reason: 'bad-hash' });
  });

  it('rejects an added field as bad-hash', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const result = await verifyInitData(`start_param=x&${raw}`, BOT_TOKEN, {
      maxAgeSeconds: 60,
      now: at(AUTH_DATE),
    });
    expect(result).toEqual({ ok: false, reason: 'bad-hash' });
  });

  it('rejects data signed with another bot token as bad-hash', async () => {
    const raw = await signInitData(FIELDS, OTHER_TOKEN);
    const result = await verifyInitData(raw, BOT_TOKEN, { maxAgeSeconds: 60, now: at(AUTH_DATE) });
    expect(result).toEqual({ ok: false, reason: 'bad-hash' });
  });

  it('rejects a hash that is not hex as bad-hash', async () => {
    const raw = withField(await signInitData(FIELDS, BOT_TOKEN), 'hash', 'not-hex');
    const result = await verifyInitData(raw, BOT_TOKEN, { maxAgeSeconds: 60, now: at(AUTH_DATE) });
    expect(result).toEqual({ ok: false, reason: 'bad-hash' });
  });

  it('accepts data exactly maxAgeSeconds old', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const result = await verifyInitData(raw, BOT_TOKEN, {
      maxAgeSeconds: 86_400,
      now: at(AUTH_DATE + 86_400),
    });
    expect(result.ok).toBe(true);
  });

  it('rejects data one second older than maxAgeSeconds as expired', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const result = await verifyInitData(raw, BOT_TOKEN, {
      maxAgeSeconds: 86_400,
      now: at(AUTH_DATE + 86_401),
    });
    expect(result).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['an empty string', ''],
    ['blank text', '   '],
    ['null', null],
    ['undefined', undefined],
  ])('rejects %s as missing', async (_name, raw) => {
    const result = await verifyInitData(raw, BOT_TOKEN, { maxAgeSeconds: 60, now: at(AUTH_DATE) });
    expect(result).toEqual({ ok: false, reason: 'missing' });
  });

  it.each([
    ['no hash', `auth_date=${AUTH_DATE}`],
    ['bad percent-encoding', `auth_date=${AUTH_DATE}&user=%E0%A4%A&hash=00`],
  ])('rejects initData with %s as malformed', async (_name, raw) => {
    const result = await verifyInitData(raw, BOT_TOKEN, { maxAgeSeconds: 60, now: at(AUTH_DATE) });
    expect(result).toEqual({ ok: false, reason: 'malformed' });
  });

  it('rejects correctly signed data without auth_date as malformed', async () => {
    const raw = await signInitData({ user: USER_JSON }, BOT_TOKEN);
    const result = await verifyInitData(raw, BOT_TOKEN, { maxAgeSeconds: 60, now: at(AUTH_DATE) });
    expect(result).toEqual({ ok: false, reason: 'malformed' });
  });
});
