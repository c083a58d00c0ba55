import { describe, expect, it } from 'vitest';
import { cycleChoice, evaluateEntry, newEntryForm, stepField, type EntryContext, type OrderEntryForm } from './order-entry.js';
import { maxBuyableUnits } from '../domain/trading/entry-size.js';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import { entryLines, fitEntryLines, legLines, type EntryLine } from '../ui/order-entry/entry-lines.js';

const market = btcTestMarket;
// Mark 67,000.0; $1,000 available; a short of 0.03 BTC held.
const ctx: EntryContext = { market: market(), mark: 670_000, head: 1_000, available: 1_000_000_000n, position: { side: 2, size: 3_000 }, feeTier: 0 };
const form = (over: Partial<OrderEntryForm> = {}): OrderEntryForm => ({ ...newEntryForm(16, 'long', '67000', '5'), size: '0.01', ...over });

describe('stand-alone stops', () => {
  it('a buy stop-market above the mark is an intent with the trigger and no price', () => {
    const r = evaluateEntry(form({ type: 'stop-market', trigger: '68000' }), ctx);
    expect(r.problems).toEqual({});
    expect(r.intent).toMatchObject({ kind: 'market', side: 'long', size: 1_000, trigger: { price: 680_000, on: 'mark' } });
    expect(r.intent?.price).toBeUndefined();
  });
  it('a stop-limit carries its limit and its trigger', () => {
    const r = evaluateEntry(form({ type: 'stop-limit', trigger: '68000', price: '68100', side: 'long' }), ctx);
    expect(r.intent).toMatchObject({ kind: 'limit', price: 681_000, trigger: { price: 680_000 } });
  });
  it.each([
    ['long', '66000', 'a buy stop must be above the mark'],
    ['long', '67000', 'a buy stop must be above the mark'],
    ['short', '68000', 'a sell stop must be below the mark'],
  ] as const)('stop-on-the-wrong-side-of-the-mark is refused (%s at %s)', (side, trigger, reason) => {
    const r = evaluateEntry(form({ type: 'stop-market', side, trigger }), ctx);
    expect(r.intent).toBeNull();
    expect(r.problems.trigger).toContain(reason);
  });
  it('a stop without a mark to check it against, or without a trigger, is refused', () => {
    expect(evaluateEntry(form({ type: 'stop-market', trigger: '68000' }), { ...ctx, mark: null }).problems.trigger).toContain('no mark');
    expect(evaluateEntry(form({ type: 'stop-market', trigger: '' }), ctx).problems.trigger).toBeDefined();
  });
  it('a stop takes no expiry (the exchange holds it, lb 0)', () => {
    expect(evaluateEntry(form({ type: 'stop-limit', trigger: '68000', expiry: '5' }), ctx).problems.expiry).toContain('no expiry');
  });
  it('the type cycles limit, market, stop-market, stop-limit; the trigger field is reached only on a stop', () => {
    const types = [form({ focus: 'type' })];
    for (let i = 0; i < 4; i++) types.push(cycleChoice(types[types.length - 1]!));
    expect(types.map((f) => f.type)).toEqual(['limit', 'market', 'stop-market', 'stop-limit', 'limit']);
    expect(stepField(form({ focus: 'size' }), 1)).toBe('price');
    expect(stepField(form({ type: 'stop-limit', focus: 'size' }), 1)).toBe('trigger');
  });
  it('the review shows the trigger against the mark now', () => {
    const f = form({ type: 'stop-market', trigger: '68000' });
    const r = evaluateEntry(f, ctx);
    expect(legLines(f, r.intent, market(), 670_000).map((l) => l.text)).toEqual([' stop: fires when mark ≥ 68,000 (mark now 67,000), then a market buy']);
    expect(legLines(f, r.intent, market(), 670_000, 40).map((l) => l.text)).toEqual([' stop: fires when mark ≥ 68,000', ' (mark now 67,000), then a market buy']);
  });
});

describe('reduce-only', () => {
  it('a reduce-only buy against a short is an intent with reduceOnly and no leverage', () => {
    const r = evaluateEntry(form({ reduceOnly: true, leverage: '' }), ctx);
    expect(r.problems).toEqual({});
    expect(r.intent).toMatchObject({ reduceOnly: true, leverage: 0, size: 1_000 });
  });
  it('reduce-only-without-a-position-to-reduce is refused on the form', () => {
    expect(evaluateEntry(form({ reduceOnly: true, side: 'short' }), ctx).problems.reduce).toContain('no long position to reduce');
    expect(evaluateEntry(form({ reduceOnly: true }), { ...ctx, position: null }).problems.reduce).toContain('no short position');
  });
  it('a reduce-only order takes no bracket legs', () => {
    const r = evaluateEntry(form({ reduceOnly: true, tp: '60000' }), ctx);
    expect(r.problems.tp).toContain('reduce-only');
  });
  it('25% reduce-only is a quarter of the position, rounded down', () => {
    expect(evaluateEntry(form({ reduceOnly: true, size: '25%' }), ctx).intent?.size).toBe(750);
  });
  it('Space on the reduce-only row toggles it', () => {
    expect(cycleChoice(form({ focus: 'reduce' })).reduceOnly).toBe(true);
  });
});

describe('size in quote and percent on the form', () => {
  it('"$670" is 0.01 BTC at the limit price and the form shows the base size', () => {
    const f = form({ size: '$670', focus: 'type' });
    const r = evaluateEntry(f, ctx);
    expect(r.intent?.size).toBe(1_000);
    const text = entryLines({ form: f, result: r, market: market(), reviewing: false, preview: null, disabled: null }).map((l) => l.text).join('\n');
    expect(text).toContain('size        670 USD = 0.01 BTC');
  });
  it('"25%" is of the max the available margin buys at the leverage; the form says so', () => {
    const f = form({ size: '25%', focus: 'size' });
    const r = evaluateEntry(f, ctx);
    expect(r.intent?.size).toBe(1_862);
    const text = entryLines({ form: f, result: r, market: market(), reviewing: false, preview: null, disabled: null }).map((l) => l.text).join('\n');
    expect(text).toContain('25% of available = 0.01862 BTC');
    expect(text).toContain('25% of the max your available margin buys');
  });
  it('percent-of-a-market-order-within-its-slippage-bound: "100%" of a market buy is what its bound (the mark 20 bps dearer, + the cap) allows, not the mark', () => {
    const scales = { priceDecimals: 1, sizeDecimals: 5 };
    const at = (price: bigint) => Number(maxBuyableUnits(1_000_000_000n, 500, 345, price, scales));
    expect(at(678_053n) < at(670_000n)).toBe(true);
    // 67,000 + 20 bps = 67,134.0, + the market's 100 bps cap = 67,805.3.
    expect(evaluateEntry(form({ type: 'market', size: '100%' }), ctx).intent?.size).toBe(at(678_053n));
    // A tighter typed cap sizes closer to the mark: 67,134.0 + 10 bps = 67,201.1.
    expect(evaluateEntry(form({ type: 'market', size: '100%', slippage: '10' }), ctx).intent?.size).toBe(at(672_011n));
    // A market sell, the best bid under the mark: valued at the mark, 20 bps dearer.
    expect(evaluateEntry(form({ type: 'market', side: 'short', size: '100%' }), { ...ctx, bestBid: 669_900, position: null }).intent?.size).toBe(at(671_340n));
  });
  it('a stop-market "$" size converts at the trigger price', () => {
    expect(evaluateEntry(form({ type: 'stop-market', trigger: '67000.1', size: '$670' }), { ...ctx, mark: 600_000 }).intent?.size).toBe(999);
  });
  it('zero after rounding and over 100% are refused with the reason', () => {
    expect(evaluateEntry(form({ size: '$0.1' }), ctx).problems.size).toContain('less than one size unit');
    expect(evaluateEntry(form({ size: '101%' }), ctx).problems.size).toContain('at most 100%');
  });
});

describe('bracket', () => {
  it('the review lists the entry with its take-profit and stop-loss legs', () => {
    const f = form({ tp: '69000', sl: '65000' });
    const r = evaluateEntry(f, ctx);
    expect(legLines(f, r.intent, market(), 670_000).map((l) => l.text)).toEqual([
      ' bracket: entry + TP sell mark ≥ 69,000 + SL sell mark ≤ 65,000',
      ' legs armed once the entry is accepted; a refused entry sends none',
    ]);
  });
});

describe('a short pane', () => {
  it('review-keys-stay-when-the-pane-is-short: the tail above the send keys is cut, never the keys', () => {
    const lines: EntryLine[] = [
      ...Array.from({ length: 8 }, (_, i) => ({ text: `field ${i}`, tone: 'normal' as const })),
      { text: 'note', tone: 'good' },
      { text: ' y/Enter send', tone: 'focus', keep: true },
    ];
    expect(fitEntryLines(lines, 5).map((l) => l.text)).toEqual(['field 0', 'field 1', 'field 2', 'field 3', ' y/Enter send']);
  });
});
