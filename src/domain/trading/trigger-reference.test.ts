import { describe, expect, it } from 'vitest';
import { triggerReference } from './trigger-reference.js';

const live = { markState: 'live' as const, markPrice: 680_000, markNote: null, entryPrice: 670_000 };
const stale = { markState: 'stale' as const, markPrice: 680_000, markNote: 'no market data for 6.0 s', entryPrice: 670_000 };

describe('the price a TP/SL trigger is checked against', () => {
  it('a mark trigger: the live mark', () => {
    expect(triggerReference('mark', { ...live, lastTrade: 690_000 })).toEqual({ price: 680_000, note: null });
  });

  it('last-trigger-uses-the-last-trade: a last trigger is checked on the last trade, or on the mark (said) when none is known', () => {
    expect(triggerReference('last', { ...live, lastTrade: 690_000 })).toEqual({ price: 690_000, note: 'the last trade' });
    expect(triggerReference('last', { ...live, lastTrade: null })).toEqual({ price: 680_000, note: 'the mark: no last trade known' });
  });

  it('stale-mark-falls-back-to-the-entry: a stale or unknown mark is never used as current; the entry is, with why', () => {
    expect(triggerReference('mark', stale)).toEqual({ price: 670_000, note: 'the entry: no live mark (no market data for 6.0 s)' });
    expect(triggerReference('last', { ...stale, lastTrade: 690_000 })).toEqual({ price: 670_000, note: 'the entry: no live mark (no market data for 6.0 s)' });
    expect(triggerReference('mark', { markState: 'unknown', markPrice: null, markNote: 'no mark received yet', entryPrice: 670_000 })).toEqual({
      price: 670_000,
      note: 'the entry: no live mark (no mark received yet)',
    });
  });
});
