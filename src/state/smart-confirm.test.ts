import { describe, expect, it } from 'vitest';
import { confirmReasons, orderSignature, type ConfirmFacts } from './smart-confirm.js';

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
});
