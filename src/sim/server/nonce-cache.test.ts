import { describe, expect, it } from 'vitest';
import { NonceCache } from './nonce-cache.js';

describe('nonce cache', () => {
  it('replay-rejected: the same nonce for the same key is refused inside the window', () => {
    const c = new NonceCache(30_000);
    expect(c.use('k', 'n1', 1_000, 1_000)).toBe('fresh');
    expect(c.use('k', 'n1', 1_000, 2_000)).toBe('replayed');
    expect(c.use('other', 'n1', 2_000, 2_000)).toBe('fresh');
  });

  it('expires-with-its-timestamp: a nonce is kept until its signed timestamp leaves the window, then forgotten', () => {
    const c = new NonceCache(1_000);
    for (let i = 0; i < 500; i++) c.use('k', `n${i}`, 0, 0);
    expect(c.sizeOf('k')).toBe(500);
    expect(c.use('k', 'n7', 0, 999)).toBe('replayed');
    expect(c.use('k', 'later', 10_000, 10_000)).toBe('fresh');
    expect(c.sizeOf('k')).toBe(1);
  });

  it('idle-keys-forgotten: a key whose nonces all expired holds no memory', () => {
    const c = new NonceCache(1_000);
    for (let i = 0; i < 50; i++) c.use(`key${i}`, 'n', 0, 0);
    expect(c.keyCount).toBe(50);
    c.use('fresh-key', 'n', 5_000, 5_000);
    expect(c.keyCount).toBe(1);
  });

  it('per-key-cap: a key at its cap is refused as full, and only that key', () => {
    const c = new NonceCache(30_000, 10);
    for (let i = 0; i < 10; i++) expect(c.use('a', `n${i}`, 0, 0)).toBe('fresh');
    expect(c.use('a', 'n10', 0, 0)).toBe('key-full');
    expect(c.use('b', 'n0', 0, 0)).toBe('fresh');
    // Once a's oldest nonces leave the window it may sign again.
    expect(c.use('a', 'n11', 30_001, 30_001)).toBe('fresh');
  });

  it('one-key-burst-never-refuses-another: 200,000 nonces on key A leave key B fresh', () => {
    const c = new NonceCache(30_000);
    let refusedA = 0;
    for (let i = 0; i < 200_000; i++) if (c.use('A', `n${i}`, 1_000, 1_000) !== 'fresh') refusedA++;
    expect(refusedA).toBeGreaterThan(0);
    for (let i = 0; i < 100; i++) expect(c.use('B', `n${i}`, 1_000, 1_000), `B's nonce ${i}`).toBe('fresh');
  });
});
