import { describe, expect, it } from 'vitest';
import { NonceCache } from './nonce-cache.js';

describe('nonce cache', () => {
  it('replay-rejected: the same nonce for the same key is refused inside the window', () => {
    const c = new NonceCache(30_000);
    expect(c.use('k', 'n1', 1_000)).toBe(true);
    expect(c.use('k', 'n1', 2_000)).toBe(false);
    expect(c.use('other', 'n1', 2_000)).toBe(true);
  });

  it('memory-bounded: expired nonces are swept, so the cache does not grow without limit', () => {
    const c = new NonceCache(1_000);
    for (let i = 0; i < 500; i++) c.use('k', `n${i}`, 0);
    expect(c.size).toBe(500);
    c.use('k', 'later', 10_000);
    expect(c.size).toBe(1);
  });

  it('flood-capped: at the hard cap new nonces are refused instead of stored', () => {
    const c = new NonceCache(30_000, 10);
    for (let i = 0; i < 10; i++) expect(c.use('k', `n${i}`, 0)).toBe(true);
    expect(c.use('k', 'n10', 0)).toBe(false);
  });
});
