import { describe, expect, it } from 'vitest';
import { KEY_THREAD_SLICE_NS } from '../../src/app/key-thread.js';
import { epochNow } from './key-driver.js';
import { measureWakeFloor } from './wake-floor.js';

describe('the wake floor', () => {
  it('one-wait-per-press: each press is timed to its own read, after the press and well within a second', async () => {
    const before = epochNow();
    const waits = await measureWakeFloor({ presses: 8, gapMs: 10, sliceNs: KEY_THREAD_SLICE_NS });
    expect(waits).toHaveLength(8);
    for (const w of waits) {
      expect(w).toBeGreaterThan(0);
      expect(w).toBeLessThan(1_000);
    }
    expect(epochNow() - before).toBeGreaterThan(8 * 10);
  }, 20_000);
});
