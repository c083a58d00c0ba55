import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../trading/market.fixtures.js';
import { chaseBoundPrice, chaseTopPrice, nextChasePrice, startChase, validateChaseSpec, type ChaseSpec, type ChaseState } from './chase.js';
import { chaseStep } from './chase-progress.js';

// BTC: 1 price decimal (650_000 ticks = 65,000), 5 size decimals (10_000 = 0.1 BTC).
const market = btcTestMarket();
function spec(over: Partial<ChaseSpec> = {}): ChaseSpec {
  return { marketId: 16, side: 'long', size: 10_000, leverage: 1_000, maxDistance: { unit: 'ticks', ticks: 20 }, durationMs: 60_000, atBound: 'leave', ...over };
}
const top = (bid: number | null, ask: number | null) => ({ bid, ask });
function started(over: Partial<ChaseSpec> = {}, bid = 650_000, ask = 650_010): ChaseState {
  const s = startChase(spec(over), top(bid, ask), 1_000);
  if (s === null) throw new Error('no start');
  return s;
}
/** The chase with its order resting at `price`. */
function resting(state: ChaseState, price: number, orderId = 500): ChaseState {
  return chaseStep(chaseStep(state, { kind: 'sent', decision: { kind: 'place', price, size: state.spec.size - state.filled } }), {
    kind: 'placed', orderId, price, size: state.spec.size - state.filled,
  });
}

describe('chaseTopPrice', () => {
  it('chase-rests-at-the-top-of-its-side: the best bid for a buy, the best ask for a sell', () => {
    expect(chaseTopPrice('long', top(650_000, 650_010))).toBe(650_000);
    expect(chaseTopPrice('short', top(650_000, 650_010))).toBe(650_010);
  });

  it('chase-never-crosses-the-book: a locked or crossed book steps back one tick inside the other side', () => {
    expect(chaseTopPrice('long', top(650_010, 650_010))).toBe(650_009);
    expect(chaseTopPrice('long', top(650_020, 650_010))).toBe(650_009);
    expect(chaseTopPrice('short', top(650_010, 650_010))).toBe(650_011);
    expect(chaseTopPrice('short', top(650_010, 650_000))).toBe(650_011);
    // An empty side of its own: one tick off the other; an empty book: no price.
    expect(chaseTopPrice('long', top(null, 650_010))).toBe(650_009);
    expect(chaseTopPrice('short', top(650_000, null))).toBe(650_001);
    expect(chaseTopPrice('long', top(null, null))).toBeNull();
    expect(chaseTopPrice('long', top(650_000, null))).toBe(650_000);
  });
});

describe('validateChaseSpec', () => {
  it('chase-accepts-a-sane-chase', () => {
    expect(validateChaseSpec(spec(), market, top(650_000, 650_010))).toBeNull();
    expect(validateChaseSpec(spec({ side: 'short', maxDistance: { unit: 'bps', bps: 50 }, reduceOnly: true }), market, top(650_000, 650_010))).toBeNull();
  });

  it('chase-refuses-bad-parameters-by-name', () => {
    const book = top(650_000, 650_010);
    expect(validateChaseSpec(spec(), undefined, book)).toBe('market 16 is not in the context');
    expect(validateChaseSpec(spec({ size: 0 }), market, book)).toBe('size must be a whole number of size units, > 0');
    expect(validateChaseSpec(spec({ durationMs: 500 }), market, book)).toBe('for 500 ms must be from 1 s to 24 h');
    expect(validateChaseSpec(spec({ durationMs: 25 * 3_600_000 }), market, book)).toBe('for 90000000 ms must be from 1 s to 24 h');
    expect(validateChaseSpec(spec({ atBound: 'keep' as 'leave' }), market, book)).toBe('at bound keep must be leave or cancel');
    expect(validateChaseSpec(spec(), market, top(null, null))).toBe('no bid in the book to chase');
    expect(validateChaseSpec(spec({ maxDistance: { unit: 'bps', bps: 5_000 } }), market, book)).toBe('max 50% must be below 50%');
    expect(validateChaseSpec(spec({ maxDistance: { unit: 'ticks', ticks: 0 } }), market, book)).toBe('max 0 must be a whole number of ticks above 0');
    // 0.01 % of 6.5 (65 ticks) is under a tick: the chase could never move.
    expect(validateChaseSpec(spec({ maxDistance: { unit: 'bps', bps: 1 } }), market, top(65, 70))).toBe('max 0.01% is under one tick at 6.5');
    expect(validateChaseSpec(spec({ leverage: 5_000 }), market, book)).toBe('leverage: leverage above the market maximum 15x');
  });

  it('chase-refuses-a-sell-whose-bound-is-under-the-minimum-value', () => {
    // 0.1 BTC at 65,001 is 6,500.1; at the bound 64,999 it is under a 6,500 minimum.
    const min = btcTestMarket({ min_posting_amount: '6500000000' });
    const sell = spec({ side: 'short' });
    expect(validateChaseSpec(sell, min, top(650_000, 650_010))).toBe('at the bound 64,999: size: order value is under the exchange minimum (6,500.00)');
  });
});

describe('nextChasePrice', () => {
  it('chase-places-first-at-the-top', () => {
    const s = started();
    expect(s.startPrice).toBe(650_000);
    expect(s.boundPrice).toBe(650_020);
    expect(nextChasePrice(s, top(650_000, 650_010), 2_000, market)).toEqual({ kind: 'place', price: 650_000, size: 10_000 });
  });

  it('chase-bound-rounds-toward-the-start: never beyond what was asked', () => {
    // 1 bps of 65,000.3 is 65.0003 ticks: the bound is 65 ticks away, not 66.
    expect(chaseBoundPrice({ side: 'long', maxDistance: { unit: 'bps', bps: 1 } }, 650_003)).toBe(650_068);
    expect(chaseBoundPrice({ side: 'short', maxDistance: { unit: 'bps', bps: 1 } }, 650_003)).toBe(649_938);
  });

  it('chase-reprices-only-when-the-best-moves-away', () => {
    const s = resting(started(), 650_000);
    expect(nextChasePrice(s, top(650_000, 650_010), 2_000, market).kind).toBe('wait');
    // A buy does not follow the book down: it already sits at or above the best.
    expect(nextChasePrice(s, top(649_990, 650_000), 2_000, market).kind).toBe('wait');
    expect(nextChasePrice(s, top(650_001, 650_010), 2_000, market)).toEqual({ kind: 'change', orderId: 500, price: 650_001 });
    const sell = resting(started({ side: 'short' }), 650_010);
    expect(nextChasePrice(sell, top(650_000, 650_010), 2_000, market).kind).toBe('wait');
    expect(nextChasePrice(sell, top(650_000, 650_009), 2_000, market)).toEqual({ kind: 'change', orderId: 500, price: 650_009 });
  });

  it('chase-stops-at-its-bound: moves to the bound, then ends leaving the order resting', () => {
    let s = resting(started(), 650_000);
    const toBound = nextChasePrice(s, top(650_050, 650_060), 2_000, market);
    expect(toBound).toEqual({ kind: 'change', orderId: 500, price: 650_020 });
    s = chaseStep(chaseStep(s, { kind: 'sent', decision: toBound }), { kind: 'changed', price: 650_020 });
    const end = nextChasePrice(s, top(650_050, 650_060), 3_000, market);
    expect(end).toEqual({ kind: 'end', reason: 'bound', cancel: null });
    s = chaseStep(s, { kind: 'sent', decision: end });
    expect(s.ended).toBe('bound');
    expect(s.live).toEqual({ orderId: 500, price: 650_020, remaining: 10_000 });
    expect(nextChasePrice(s, top(650_100, 650_110), 4_000, market).kind).toBe('wait');
  });

  it('chase-stops-at-its-bound: cancels when asked to', () => {
    const s = resting(started({ atBound: 'cancel' }), 650_000);
    expect(nextChasePrice(s, top(650_021, 650_030), 2_000, market)).toEqual({ kind: 'end', reason: 'bound', cancel: 500 });
    // At the bound exactly it still chases.
    expect(nextChasePrice(s, top(650_020, 650_030), 2_000, market)).toEqual({ kind: 'change', orderId: 500, price: 650_020 });
  });

  it('chase-ends-at-its-deadline-cancelling-its-order', () => {
    const s = resting(started(), 650_000);
    expect(nextChasePrice(s, top(650_001, 650_010), 60_999, market).kind).toBe('change');
    expect(nextChasePrice(s, top(650_001, 650_010), 61_000, market)).toEqual({ kind: 'end', reason: 'deadline', cancel: 500 });
  });

  it('chase-ends-filled-and-never-asks-for-more-than-its-size', () => {
    let s = resting(started(), 650_000);
    s = chaseStep(s, { kind: 'fill', size: 4_000 });
    expect(s.live).toEqual({ orderId: 500, price: 650_000, remaining: 6_000 });
    s = chaseStep(s, { kind: 'fill', size: 6_000 });
    expect(s.live).toBeNull();
    expect(nextChasePrice(s, top(650_100, 650_110), 2_000, market)).toEqual({ kind: 'end', reason: 'filled', cancel: null });
  });

  it('chase-never-two-live-orders: nothing is decided while a request is on its way', () => {
    const placing = chaseStep(started(), { kind: 'sent', decision: { kind: 'place', price: 650_000, size: 10_000 } });
    expect(nextChasePrice(placing, top(650_005, 650_010), 2_000, market)).toEqual({ kind: 'wait', why: 'a place is on its way' });
    const s = resting(started(), 650_000);
    const changing = chaseStep(s, { kind: 'sent', decision: { kind: 'change', orderId: 500, price: 650_001 } });
    expect(nextChasePrice(changing, top(650_005, 650_010), 2_000, market).kind).toBe('wait');
    // The live order vanishing while the change is on its way places nothing until the change resolves.
    const gone = chaseStep(changing, { kind: 'gone' });
    expect(nextChasePrice(gone, top(650_005, 650_010), 2_000, market).kind).toBe('wait');
    expect(nextChasePrice(chaseStep(gone, { kind: 'refused', reason: 'OrderDoesNotExist' }), top(650_005, 650_010), 2_000, market).kind).toBe('place');
  });

  it('chase-cancels-before-it-places-when-a-change-is-not-allowed', () => {
    // Mid-chase the minimum value rises above the order's: a Change to it is refused (change-rules.ts).
    let s = resting(started(), 650_000);
    s = chaseStep(s, { kind: 'fill', size: 3_000 });
    const strict = btcTestMarket({ min_posting_amount: '5000000000' });
    const plan = nextChasePrice(s, top(650_005, 650_010), 2_000, strict);
    expect(plan).toEqual({ kind: 'cancel-then-place', cancel: 500, price: 650_005, why: 'size: order value is under the exchange minimum (5,000.00)' });
    s = chaseStep(s, { kind: 'sent', decision: plan });
    // The place waits for the cancel to be definitive, then goes for the size left.
    expect(nextChasePrice(s, top(650_006, 650_010), 2_000, strict).kind).toBe('wait');
    s = chaseStep(chaseStep(s, { kind: 'fill', size: 1_000 }), { kind: 'cancelled' });
    expect(s.live).toBeNull();
    expect(nextChasePrice(s, top(650_006, 650_010), 2_000, market)).toEqual({ kind: 'place', price: 650_006, size: 6_000 });
  });
});
