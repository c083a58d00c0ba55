import { describe, expect, it } from 'vitest';
import { evaluateEntry, newEntryForm, type OrderEntryForm } from '../../state/order-entry.js';
import { entryLines, leverageBar, previewLine } from './entry-lines.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import { orderEffect } from '../../domain/trading/order-effect.js';

const market = btcTestMarket();
const ctx = { market, mark: 670_000, head: 1_000 };

function lines(form: OrderEntryForm, disabled: string | null = null) {
  return entryLines({ form, result: evaluateEntry(form, ctx), market, reviewing: false, preview: null, disabled }).map((l) => l.text);
}

describe('entryLines', () => {
  it('shows the size in both units and the leverage as value and bar', () => {
    const text = lines({ ...newEntryForm(16, 'long', '67000', '7.5'), size: '0.01' }).join('\n');
    expect(text).toContain('0.01 BTC = 670 USD');
    expect(text).toContain('7.5x [#####-----] max 15x');
    expect(text).toContain('▲ LONG');
  });
  it('puts the reason beside the invalid field and the disabled reason last', () => {
    const out = lines({ ...newEntryForm(16, 'short', 'abc', '5'), size: '1' }, 'the feed is stale');
    expect(out.find((l) => l.includes('price'))).toContain('✗ price "abc" is not a number');
    expect(out.at(-1)).toContain('submit disabled: the feed is stale');
  });
  it('expiry-in-time-with-its-limit: blocks beside their time, and the exchange\'s limit in words; kept in the review', () => {
    const at = (form: OrderEntryForm, reviewing = false) =>
      entryLines({ form, result: evaluateEntry(form, ctx), market, reviewing, preview: null, disabled: null, msPerBlock: 300 });
    const expiry = (form: OrderEntryForm) => at(form).find((l) => l.text.startsWith(' expiry'))?.text;
    const limit = { ...newEntryForm(16, 'long', '67000', '5'), size: '0.01' };
    expect(expiry(limit)).toBe(" expiry      default: the exchange's most, 20 blocks ≈ 6.0 s");
    expect(expiry({ ...limit, expiry: '5' })).toBe(' expiry      5 blocks ≈ 1.5 s (the exchange allows at most 20 ≈ 6.0 s)');
    expect(expiry({ ...limit, expiry: '50' })).toContain('✗ at most 20 blocks ≈ 6.0 s: the exchange refuses a later expiry');
    // An expiry typed is part of what the order is: the review keeps it however short the pane.
    expect(at({ ...limit, expiry: '5' }, true).find((l) => l.text.startsWith(' expiry'))?.optional).toBeUndefined();
    expect(at(limit, true).find((l) => l.text.startsWith(' expiry'))?.optional).toBe(true);
  });
  it('hides the price of a market order and shows its slippage cap', () => {
    const text = lines({ ...newEntryForm(16, 'long', '1', '5'), type: 'market', size: '1' }).join('\n');
    expect(text).toContain('100 bps cap');
    expect(text).not.toMatch(/price {7}/);
  });
});

describe('leverageBar and previewLine', () => {
  it('fills the bar by share of the maximum', () => {
    expect(leverageBar(1500, 1500)).toBe('[##########]');
    expect(leverageBar(null, 1500)).toBe('[----------]');
  });
  it('prints every preview figure', () => {
    const line = previewLine(
      {
        effect: orderEffect(null, 1, 2_000n), crosses: true, fillsNow: 2_000n, rests: 0n, beyondVisible: 0n, unfilled: 0n, priceSizeSum: 1_340_024_000n,
        averagePrice: 670_012n, estimatedAveragePrice: 670_012, slippageBps: 1.8, bookCovers: true, feeAtoms: 2_310_000n,
        marginAtoms: 134_000_000n, marginFreedAtoms: 0n, liquidationPrice: 623_000n, liquidationDistancePct: 7.01,
        reviewedSize: 2_000n, clampedToPosition: false, cap: null, pastCap: 0n, walk: { levels: [], bound: undefined, walked: 0n, tailPrice: 0n },
      },
      market,
    );
    expect(line).toBe('est 67,001.2 slip 1.8bps fee 2.31 margin 134 liq 62,300 (7.0%)');
  });
});
