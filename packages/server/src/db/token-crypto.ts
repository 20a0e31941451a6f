import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Bot tokens at rest: AES-256-GCM with the server's key (BOTDECK_TOKEN_KEY). A database dump, a
 * backup or a stolen disk gives nobody a bot. Each sealed token is
 * `version (1 byte) | nonce (12) | tag (16) | ciphertext`, and names its bot as associated data:
 * a sealed token copied onto another bot's row does not open there.
 */

const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const TOKEN_KEY_BYTES = 32;

/** Why a sealed token could not be opened: another key, or bytes changed since it was sealed. */
export class TokenKeyError extends Error {
  override name = 'TokenKeyError';
}

/**
 * The 32-byte key from its text: 64 hexadecimal digits or base64 (openssl rand -base64 32).
 * Anything else throws, saying what was wrong (never what was given: it is a secret).
 */
export function parseTokenKey(text: string): Uint8Array {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)
      ? Buffer.from(trimmed, 'base64')
      : null;
  if (!bytes || bytes.length !== TOKEN_KEY_BYTES) {
    throw new TokenKeyError(
      `The token key must be ${TOKEN_KEY_BYTES} bytes, written as 64 hexadecimal digits or in base64 (openssl rand -base64 32).`,
    );
  }
  return new Uint8Array(bytes);
}

function checkKey(key: Uint8Array): void {
  if (key.length !== TOKEN_KEY_BYTES) {
    throw new TokenKeyError(`The token key must be ${TOKEN_KEY_BYTES} bytes, not ${key.length}.`);
  }
}

const associatedData = (botId: number) => Buffer.from(`botdeck bot token ${botId}`);

/** `token` sealed for bot `botId` with `key`. */
export function sealToken(token: string, botId: number, key: Uint8Array): Uint8Array {
  checkKey(key);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(botId));
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return new Uint8Array(
    Buffer.concat([Buffer.of(VERSION), nonce, cipher.getAuthTag(), ciphertext]),
  );
}

/** The token sealed for bot `botId`; throws TokenKeyError for another key or changed bytes. */
export function openToken(sealed: Uint8Array, botId: number, key: Uint8Array): string {
  checkKey(key);
  const bytes = Buffer.from(sealed);
  if (bytes.length < 1 + NONCE_BYTES + TAG_BYTES || bytes[0] !== VERSION) {
    throw new TokenKeyError(`The stored token of bot ${botId} is not one this server sealed.`);
  }
  const nonce = bytes.subarray(1, 1 + NONCE_BYTES);
  const tag = bytes.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData(botId));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([
      decipher.update(bytes.subarray(1 + NONCE_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new TokenKeyError(
      `The token of bot ${botId} cannot be opened: the token key is not the one it was stored with, or the stored bytes were changed.`,
    );
  }
}
