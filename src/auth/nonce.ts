// Request nonces: single-use within the server's timestamp window, so 128 random bits.

import { randomBytes } from 'node:crypto';
import { base64url } from '../protocol/canonical.js';

const NONCE_BYTES = 16;

/** 16 random bytes as base64url without padding (22 characters). */
export function newNonce(): string {
  return base64url(randomBytes(NONCE_BYTES));
}
