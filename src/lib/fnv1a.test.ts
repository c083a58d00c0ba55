import { describe, expect, it } from 'vitest';
import { fnv1a } from './fnv1a.js';

describe('fnv1a', () => {
  it('published-vectors: the empty string is the offset basis; "a" and "foobar" hash as the reference FNV-1a 32', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});
