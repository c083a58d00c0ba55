import { describe, expect, it } from 'vitest';
import { keyThreadWanted, tradesFromStart } from './key-thread-switch.js';

const NOTHING = { localExchange: false, keyFound: false, accounts: 0 };

describe('the key thread switch', () => {
  it('key-thread-on-unless-switched-off: on with no setting (and any other value), off with PERPL_KEY_THREAD=0', () => {
    expect(keyThreadWanted({})).toBe(true);
    expect(keyThreadWanted({ PERPL_KEY_THREAD: '1' })).toBe(true);
    expect(keyThreadWanted({ PERPL_KEY_THREAD: '' })).toBe(true);
    expect(keyThreadWanted({ PERPL_KEY_THREAD: '0' })).toBe(false);
  });

  it('read-only-run-starts-no-key-thread: no key, no local exchange, no accounts: no thread; any one of them: a thread', () => {
    expect(tradesFromStart(NOTHING)).toBe(false);
    expect(tradesFromStart({ ...NOTHING, localExchange: true })).toBe(true);
    expect(tradesFromStart({ ...NOTHING, keyFound: true })).toBe(true);
    expect(tradesFromStart({ ...NOTHING, accounts: 2 })).toBe(true);
  });
});
