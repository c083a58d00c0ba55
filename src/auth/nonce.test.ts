import { describe, expect, it } from 'vitest';
import { fromBase64url } from '../protocol/canonical.js';
import { newNonce } from './nonce.js';

describe('newNonce', () => {
  it('nonce-is-16-bytes-of-unpadded-base64url', () => {
    const n = newNonce();
    expect(n).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(fromBase64url(n)).toHaveLength(16);
  });
  it('nonces-do-not-repeat', () => {
    const seen = new Set(Array.from({ length: 2000 }, () => newNonce()));
    expect(seen.size).toBe(2000);
  });
});
