import { describe, expect, it } from 'vitest';
import { confirmReasons, orderSignature, sizeGrowthReason, thresholdsFrom, type ConfirmFacts } from './smart-confirm.js';

const base: ConfirmFacts = {
  intent: { marketId: 1, kind: 'limit', side: 'long', size: 100, price: 1_000, leverage: 500 },
  mark: 1_000,
  marginAtoms: 10n,
  equityAtoms: 1_000n,
  position: null,
  recent: [],
  nowMs: 100_000,
};

describe('confirmReasons', () => {
  it('lets a routine order through', () => {
    expect(confirmReasons(base)).toEqual([]);
  });
  it('asks for a price far from mark, big margin, high leverage, a flip and a duplicate', () => {
    expect(confirmReasons({ ...base, intent: { ...base.intent, price: 1_100 } })[0]).toContain('from mark');
    expect(confirmReasons({ ...base, marginAtoms: 900n })[0]).toContain('of equity');
    expect(confirmReasons({ ...base, intent: { ...base.intent, leverage: 2_000 } })[0]).toContain('leverage 20x');
    expect(confirmReasons({ ...base, position: { side: 'short', size: 50 } })[0]).toContain('flips');
    expect(confirmReasons({ ...base, position: { side: 'short', size: 500 } })).toEqual([]);
    const recent = [{ signature: orderSignature(base.intent), atMs: 95_000 }];
    expect(confirmReasons({ ...base, recent })[0]).toContain('seconds ago');
    expect(confirmReasons({ ...base, recent, nowMs: 200_000 })).toEqual([]);
  });
  it('margin-unchecked-when-equity-unknown-asks: an order taking margin asks when equity is unknown or gone', () => {
    expect(confirmReasons({ ...base, equityAtoms: null })).toEqual(['equity unknown: cannot check the margin share']);
    expect(confirmReasons({ ...base, equityAtoms: 0n })[0]).toContain('equity at or below zero');
    expect(confirmReasons({ ...base, equityAtoms: -5n })[0]).toContain('equity at or below zero');
    // An order that frees margin (a reduce) or takes none is not asked about equity.
    expect(confirmReasons({ ...base, equityAtoms: null, marginAtoms: 0n })).toEqual([]);
    expect(confirmReasons({ ...base, equityAtoms: null, marginAtoms: null })).toEqual([]);
  });
  it('amend-size-growth-asks-by-name: a change to 10,002x the size names it first, with both sizes and the factor', () => {
    // MON-like: whole units. 1,000 open, the typo made it 10,002,000.
    const change = { ...base, intent: { ...base.intent, size: 10_002_000 }, changeFrom: { size: 1_000, sizeDecimals: 0 } };
    expect(confirmReasons(change)[0]).toBe('size 1,000 → 10,002,000 (x10,002)');
    // Not a change (a new order has no size before it): not asked about growth.
    expect(confirmReasons({ ...change, changeFrom: undefined }).some((r) => r.includes('→'))).toBe(false);
  });
  it('amend-size-growth-threshold: 2x is routine, anything above asks (factor rounded up), the config moves the bar', () => {
    expect(sizeGrowthReason(1_000, 2_000, 0, 200)).toBeNull();
    expect(sizeGrowthReason(1_000, 2_001, 0, 200)).toBe('size 1,000 → 2,001 (x2.01)');
    expect(sizeGrowthReason(1_000, 500, 0, 200)).toBeNull();
    expect(sizeGrowthReason(1_000, 2_500, 5, 200)).toBe('size 0.01 → 0.025 (x2.5)');
    const five = thresholdsFrom({ amendSizeGrowthAbove: 5 });
    expect(five.amendSizeGrowthHundredths).toBe(500);
    expect(sizeGrowthReason(1_000, 3_000, 0, five.amendSizeGrowthHundredths)).toBeNull();
    expect(thresholdsFrom({}).amendSizeGrowthHundredths).toBe(200);
  });
});
