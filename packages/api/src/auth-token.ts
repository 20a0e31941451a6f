import { AUTH_TOKEN_LIFETIME_MS } from '@botdeck/core';

/** A token is reused until this little is left of its life, then a fresh one is made. */
const RENEW_BEFORE_MS = 5_000;

const encoder = new TextEncoder();

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const base64UrlJson = (value: unknown) => base64Url(encoder.encode(JSON.stringify(value)));

async function hmacSha256(secret: string, data: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return base64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(data))));
}

/**
 * Makes the short-lived Bearer token the contract asks for: an HS256 JWT signed with the
 * configured secret, valid for 20 seconds. It proves nothing about the user (the secret ships in
 * the bundle); Telegram's initData, sent beside it, does.
 */
export async function createAuthToken(secret: string, now = Date.now()): Promise<string> {
  const header = base64UrlJson({ alg: 'HS256', typ: 'JWT' });
  const payload = base64UrlJson({
    iat: Math.floor(now / 1000),
    exp: Math.floor((now + AUTH_TOKEN_LIFETIME_MS) / 1000),
  });
  return `${header}.${payload}.${await hmacSha256(secret, `${header}.${payload}`)}`;
}

/** Checks a token made by createAuthToken: its signature and that it has not expired. */
export async function verifyAuthToken(
  token: string,
  secret: string,
  now = Date.now(),
): Promise<boolean> {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return false;
  if ((await hmacSha256(secret, `${header}.${payload}`)) !== signature) return false;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' && claims.exp * 1000 >= now;
  } catch {
    return false;
  }
}

/** Hands out a token, reusing it until fewer than 5 s of its 20 s remain. */
export function createTokenSource(secret: string, clock: () => number = Date.now) {
  let current: { token: string; expiresAt: number } | null = null;
  return async (): Promise<string> => {
    const now = clock();
    if (current && current.expiresAt - now > RENEW_BEFORE_MS) return current.token;
    const token = await createAuthToken(secret, now);
    current = { token, expiresAt: now + AUTH_TOKEN_LIFETIME_MS };
    return token;
  };
}
