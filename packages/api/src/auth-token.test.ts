import { describe, expect, it } from 'vitest';
import { createAuthToken, createTokenSource, verifyAuthToken } from './auth-token';

const SECRET = 'test-secret';
const NOW = 1_800_000_000_000;

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    iat: number;
    exp: number;
  };

describe('createAuthToken', () => {
  it('makes an HS256 JWT that lives 20 seconds', async () => {
    const token = await createAuthToken(SECRET, NOW);
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(claims(token).exp - claims(token).iat).toBe(20);
  });

  it('is accepted with the same secret until it expires, and not after', async () => {
    const token = await createAuthToken(SECRET, NOW);
    expect(await verifyAuthToken(token, SECRET, NOW + 20_000)).toBe(true);
    expect(await verifyAuthToken(token, SECRET, NOW + 21_000)).toBe(false);
  });

  it('is rejected with another secret or when tampered with', async () => {
    const token = await createAuthToken(SECRET, NOW);
    expect(await verifyAuthToken(token, 'other', NOW)).toBe(false);
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ iat: 0, exp: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(await verifyAuthToken(`${h}.${forged}.${s}`, SECRET, NOW)).toBe(false);
  });
});

describe('createTokenSource', () => {
  it('reuses a token while more than 5 s remain and renews it at 5 s', async () => {
    let now = NOW;
    const next = createTokenSource(SECRET, () => now);
    const first = await next();
    now = NOW + 14_999;
    expect(await next()).toBe(first);
    now = NOW + 15_000;
    const renewed = await next();
    expect(claims(renewed).iat).toBe(Math.floor((NOW + 15_000) / 1000));
  });
});
