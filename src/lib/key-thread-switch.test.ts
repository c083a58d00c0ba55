import { describe, expect, it } from 'vitest';
import { keyThreadWanted } from './key-thread-switch.js';

describe('the key thread switch', () => {
  it('key-thread-on-unless-switched-off: on with no setting (and any other value), off with PERPL_KEY_THREAD=0', () => {
    expect(keyThreadWanted({})).toBe(true);
    expect(keyThreadWanted({ PERPL_KEY_THREAD: '1' })).toBe(true);
    expect(keyThreadWanted({ PERPL_KEY_THREAD: '' })).toBe(true);
    expect(keyThreadWanted({ PERPL_KEY_THREAD: '0' })).toBe(false);
  });
});
