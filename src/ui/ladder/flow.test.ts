// The ladder's order keys at the dispatcher, against a recorded session (nothing is sent): B and o open the
// one review at the cursor's price with the remembered size; a stop takes its side from the mark.

import { describe, expect, it } from 'vitest';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';

/** BTC's book 66,995.0 / 67,005.0 (mid 67,000.0 = the mark; rows a tick, 0.1, apart), 0.01 remembered, the ladder open. */
function ladderAt() {
  const t = tradingKeys();
  const s = t.store.getState();
  t.store.setState({ tradingUi: { ...s.tradingUi, lastSize: { 1: '0.01' } } });
  t.press('L');
  expect(t.store.getState().ladder.open).toBe(true);
  return t;
}

describe('ladder order keys', () => {
  it('ladder-stop-takes-its-side-from-the-mark: above the mark a buy stop, below a sell stop, at the mark refused', () => {
    const t = ladderAt();
    t.press('k');
    // The first move lands on the centre row: the mid, at the mark.
    expect(t.store.getState().ladder.cursor).toBe(670_000);
    t.press('o');
    expect(t.ui().entry).toBeNull();
    expect(t.store.getState().notice).toContain('the cursor is at the mark');
    t.press('k');
    t.press('o');
    expect(t.ui().reviewing).toBe(true);
    expect(t.ui().entry).toMatchObject({ side: 'long', type: 'stop-market', size: '0.01', trigger: '67000.1' });
    expect(t.calls).toEqual([]);
    t.press('\u001B');
    t.press('\u001B');
    expect(t.ui().entry).toBeNull();
    t.type('jjj');
    t.press('o');
    expect(t.ui().entry).toMatchObject({ side: 'short', type: 'stop-market', size: '0.01', trigger: '66999.8' });
    expect(t.calls).toEqual([]);
  });

  it('ladder-limit-at-the-cursor-with-the-remembered-size: B reviews a buy at the cursor row', () => {
    const t = ladderAt();
    t.type('kjj');
    t.press('B');
    expect(t.ui().reviewing).toBe(true);
    expect(t.ui().entry).toMatchObject({ side: 'long', type: 'limit', size: '0.01', price: '66999.8' });
    expect(t.calls).toEqual([]);
  });
});
