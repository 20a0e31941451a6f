import { randomBytes } from 'node:crypto';

/** A fresh random token key for a test's store. */
export const testTokenKey = (): Uint8Array => new Uint8Array(randomBytes(32));
