/// <reference types="node" />
// The reference above gives this test node:crypto's types; core's own code stays free of Node.
import { createHmac, createPrivateKey, sign as nodeSign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_INIT_DATA_PRIVATE_KEY,
  DEVELOPMENT_INIT_DATA_PUBLIC_KEY,
  dataCheckString,
  parseInitData,
  signatureCheckString,
  signInitData,
  TELEGRAM_INIT_DATA_PUBLIC_KEYS,
  verifyInitData,
  verifyInitDataSignature,
} from './init-data';

const BOT_TOKEN = '1234567890:AAH-test-token-for-botdeck-unit-tests';
const BOT_ID = 1234567890;
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

/**
 * Real initData a Telegram client issued (bot 7342037359, production), published with its bot
 * token as a test vector in the Telegram Mini Apps SDK's docs (init-data-golang). It settles what
 * Telegram's page leaves implicit: `hash` covers `signature`.
 */
const TELEGRAM_SAMPLE = {
  botToken: '7342037359:AAHI25ES9xCOMPokpYoz-p8XVrZUdygo2J4',
  botId: 7342037359,
  authDate: 1733509682,
  raw:
    'user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D' +
    '&chat_instance=8134722200314281151&chat_type=private&auth_date=1733509682' +
    '&signature=TYJxVcisqbWjtodPepiJ6ghziUL94-KNpG8Pau-X7oNNLNBM72APCpi_RKiUlBvcqo5L-LAxIc3dnTzcZX_PDg' +
    '&hash=a433d8f9847bd6addcc563bff7cc82c89e97ea0d90c11fe5729cae6796a36d73',
};

const SORTED_LINES = [
  `auth_date=${AUTH_DATE}`,
  'chat_type=sender',
  'query_id=AAHdF6IQAAAAAN0XohDhrOrc',
  `user=${USER_JSON}`,
];

describe('signatureCheckString', () => {
  it('puts "<bot_id>:WebAppData" first and drops hash and signature', () => {
    expect(signatureCheckString({ b: '2', hash: 'x', signature: 'y', a: '1' }, 42)).toBe(
      '42:WebAppData\na=1\nb=2',
    );
  });
});

describe('signInitData', () => {
  it('signs signature with Ed25519 as computed by hand with node:crypto', async () => {
    const seed = Buffer.from(DEVELOPMENT_INIT_DATA_PRIVATE_KEY, 'hex');
    const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
    const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
    const message = [`${BOT_ID}:WebAppData`, ...SORTED_LINES].join('\n');
    const expected = nodeSign(null, Buffer.from(message), key).toString('base64url');

    const raw = await signInitData(FIELDS, BOT_TOKEN);

    expect(new URLSearchParams(raw).get('signature')).toBe(expected);
  });

  it('produces the hash Telegram would, over the fields and signature, by hand with node:crypto', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const signature = new URLSearchParams(raw).get('signature');
    const checkString = [...SORTED_LINES.slice(0, 3), `signature=${signature}`, SORTED_LINES[3]];
    const secretKey = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
    const expected = createHmac('sha256', secretKey).update(checkString.join('\n')).digest('hex');

    expect(new URLSearchParams(raw).get('hash')).toBe(expected);
  });

  it('percent-encodes values the way Telegram clients do, signature then hash last', async () => {
    const raw = await signInitData({ auth_date: '1', start_param: 'a b' }, BOT_TOKEN);
    expect(raw).toMatch(
      /^auth_date=1&start_param=a%20b&signature=[A-Za-z0-9_-]{85}[AQgw]&hash=[0-9a-f]{64}$/,
    );
  });

  it('leaves signature out with signingKey null, as clients before Bot API 8.0 did', async () => {
    const raw = await signInitData({ auth_date: '1' }, BOT_TOKEN, { signingKey: null });
    expect(raw).toMatch(/^auth_date=1&hash=[0-9a-f]{64}$/);
  });

  it('replaces a signature and hash passed in the fields', async () => {
    const raw = await signInitData({ ...FIELDS, signature: 'forged', hash: 'forged' }, BOT_TOKEN);
    expect(raw).toBe(await signInitData(FIELDS, BOT_TOKEN));
  });

  it('refuses a bot token without the bot id', async () => {
    await expect(signInitData(FIELDS, 'no-id-token')).rejects.toThrow(TypeError);
  });

  it('refuses a signing key that is not 32 bytes of hex', async () => {
    await expect(signInitData(FIELDS, BOT_TOKEN, { signingKey: 'abcd' })).rejects.toThrow(
      TypeError,
    );
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

  it('rejects a changed signature as bad-hash: hash covers signature', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const other = await signInitData({ ...FIELDS, chat_type: 'private' }, BOT_TOKEN);
    const swapped = withField(raw, 'signature', new URLSearchParams(other).get('signature') ?? '');
    const result = await verifyInitData(swapped, BOT_TOKEN, {
      maxAgeSeconds: 60,
      now: at(AUTH_DATE),
    });
    expect(result).toEqual({ ok: false, reason: 'bad-hash' });
  });

  it("accepts Telegram's own sample, whose hash covers its signature", async () => {
    const result = await verifyInitData(TELEGRAM_SAMPLE.raw, TELEGRAM_SAMPLE.botToken, {
      maxAgeSeconds: 60,
      now: at(TELEGRAM_SAMPLE.authDate),
    });
    expect(result.ok && result.data.user?.id).toBe(279058397);
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

  it('accepts data signed up to 60 s ahead of the clock (the two clocks may differ)', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const result = await verifyInitData(raw, BOT_TOKEN, {
      maxAgeSeconds: 86_400,
      now: at(AUTH_DATE - 60),
    });
    expect(result.ok).toBe(true);
  });

  it('rejects data signed more than 60 s in the future as expired', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const result = await verifyInitData(raw, BOT_TOKEN, {
      maxAgeSeconds: 86_400,
      now: at(AUTH_DATE - 61),
    });
    expect(result).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects data signed a year in the future as expired', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const result = await verifyInitData(raw, BOT_TOKEN, {
      maxAgeSeconds: 86_400,
      now: at(AUTH_DATE - 365 * 86_400),
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

describe('verifyInitDataSignature', () => {
  const options = { maxAgeSeconds: 60, now: at(AUTH_DATE) };
  const check = (raw: string, publicKey = DEVELOPMENT_INIT_DATA_PUBLIC_KEY, botId = BOT_ID) =>
    verifyInitDataSignature(raw, publicKey, botId, options);

  it('accepts what signInitData signs, with the development public key and the bot id', async () => {
    const result = await check(await signInitData(FIELDS, BOT_TOKEN));
    expect(result.ok && result.data.user?.id).toBe(279058397);
  });

  it("accepts Telegram's own sample with Telegram's production key", async () => {
    const result = await verifyInitDataSignature(
      TELEGRAM_SAMPLE.raw,
      TELEGRAM_INIT_DATA_PUBLIC_KEYS.production,
      TELEGRAM_SAMPLE.botId,
      { maxAgeSeconds: 60, now: at(TELEGRAM_SAMPLE.authDate) },
    );
    expect(result.ok && result.data.user?.id).toBe(279058397);
  });

  it("rejects Telegram's own sample with Telegram's test-environment key", async () => {
    const result = await verifyInitDataSignature(
      TELEGRAM_SAMPLE.raw,
      TELEGRAM_INIT_DATA_PUBLIC_KEYS.test,
      TELEGRAM_SAMPLE.botId,
      { maxAgeSeconds: 60, now: at(TELEGRAM_SAMPLE.authDate) },
    );
    expect(result).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('rejects a tampered field as bad-signature', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const tampered = withField(raw, 'user', USER_JSON.replace('279058397', '1'));
    expect(await check(tampered)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('rejects an added field as bad-signature', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    expect(await check(`start_param=x&${raw}`)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('rejects data signed for another bot as bad-signature', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    expect(await check(raw, DEVELOPMENT_INIT_DATA_PUBLIC_KEY, BOT_ID + 1)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('rejects data signed with another key as bad-signature', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    expect(await check(raw, TELEGRAM_INIT_DATA_PUBLIC_KEYS.production)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('does not read hash, which needs the bot token', async () => {
    const raw = withField(await signInitData(FIELDS, BOT_TOKEN), 'hash', '00');
    expect((await check(raw)).ok).toBe(true);
  });

  it('rejects data signed more than 60 s in the future as expired', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const result = await verifyInitDataSignature(raw, DEVELOPMENT_INIT_DATA_PUBLIC_KEY, BOT_ID, {
      maxAgeSeconds: 86_400,
      now: at(AUTH_DATE - 61),
    });
    expect(result).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects initData without signature as no-signature', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN, { signingKey: null });
    expect(await check(raw)).toEqual({ ok: false, reason: 'no-signature' });
  });

  it('accepts the signature with base64 padding too', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const padded = withField(raw, 'signature', `${new URLSearchParams(raw).get('signature')}==`);
    expect((await check(padded)).ok).toBe(true);
  });

  it.each([
    ['standard base64 characters', (s: string) => `+/${s.slice(2)}`],
    ['one character short', (s: string) => s.slice(1)],
    [
      'stray low bits in the last character',
      (s: string) => `${s.slice(0, -1)}${s.at(-1) === 'A' ? 'B' : 'A'}`,
    ],
    ['empty', () => ''],
  ])('rejects a signature with %s as bad-signature', async (_name, change) => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const broken = withField(
      raw,
      'signature',
      change(new URLSearchParams(raw).get('signature') ?? ''),
    );
    expect(await check(broken)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('accepts data exactly maxAgeSeconds old and rejects one second older as expired', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    const key = DEVELOPMENT_INIT_DATA_PUBLIC_KEY;
    const aged = (seconds: number) =>
      verifyInitDataSignature(raw, key, BOT_ID, {
        maxAgeSeconds: 60,
        now: at(AUTH_DATE + seconds),
      });
    expect((await aged(60)).ok).toBe(true);
    expect(await aged(61)).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['an empty string', ''],
    ['null', null],
  ])('rejects %s as missing', async (_name, raw) => {
    const result = await verifyInitDataSignature(
      raw,
      DEVELOPMENT_INIT_DATA_PUBLIC_KEY,
      BOT_ID,
      options,
    );
    expect(result).toEqual({ ok: false, reason: 'missing' });
  });

  it('rejects correctly signed data without auth_date as malformed', async () => {
    const raw = await signInitData({ user: USER_JSON }, BOT_TOKEN);
    expect(await check(raw)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a public key that is not 32 bytes of hex', async () => {
    const raw = await signInitData(FIELDS, BOT_TOKEN);
    await expect(check(raw, 'abcd')).rejects.toThrow(TypeError);
  });
});
