// The one grammar on the algo lines (issue 33): `:twap`, `:chase` and `:scale` take "$500", "10%" and
// "@bid-10t" as `:buy` does, resolved when the confirm opens against the store's book, mark and account,
// said in the confirm, and refused with the reason (nothing asked, nothing started) when a word cannot be.

import { describe, expect, it } from 'vitest';
import type { BookView } from '../../domain/views.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { answerConfirm } from '../confirm/flow.js';
import { algoLineSetup } from './algo-line.fixtures.js';

const level = (price: number) => ({ price, size: 100_000, total: 100_000, orders: 1 });
/** Best bid 66,999.0, best ask 67,001.0; the mark is 67,000.0. */
const BOOK: BookView = { marketId: 16, bids: [level(669_990), level(669_900)], asks: [level(670_010), level(670_100)], maxTotal: 200_000, version: 1 };
/** 1,000 USD available (6 decimals), fee tier 0. */
const account = { available: '1000000000', feeTier: 0 } as unknown as NonNullable<typeof EMPTY_TRADING.account>;

function setup(book: BookView | null = BOOK) {
  return algoLineSetup({ account }, { book });
}

describe(':twap with the grammar', () => {
  it('twap-quote-size-resolved-at-the-mark: `$500` is 0.00746 BTC at 67,000.0 (500 / 67,000 rounded down to the lot), said and started so', () => {
    const t = setup();
    const ui = t.run('twap buy $500 10m');
    expect(ui.commandError).toBeNull();
    expect(ui.confirm?.text).toContain('($500 = 0.00746 BTC at 67,000 (rounded down to the lot)); start?');
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started.twap[0]).toMatchObject({ side: 'long', size: 746 });
  });

  it('twap-percent-size-of-the-available-margin: `10%` of what 1,000 USD buys at 5x at the slippage bound', () => {
    const t = setup();
    const ui = t.run('twap buy 10% 10m lev 5');
    expect(ui.commandError).toBeNull();
    // 5,000 notional at the 30 bps bound over the mark taken 20 bps dearer (67,335.xx): 0.07424 BTC fits; 10% = 0.00742.
    expect(ui.confirm?.text).toMatch(/\(10% of 0\.074\d\d BTC = 0\.0074\d BTC at 67,3\d\d\.\d \(rounded down to the lot\)\); start\?$/);
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started.twap[0]!.size).toBeGreaterThanOrEqual(740);
    expect(t.started.twap[0]!.size).toBeLessThanOrEqual(746);
  });

  it('twap-relative-limit-resolved-exactly: `limit @bid+2t` bounds the slices at 66,999.2', () => {
    const t = setup();
    const ui = t.run('twap buy 0.5 10m limit @bid+2t');
    expect(ui.confirm?.text).toContain('at most 66,999.2 (limit) (@bid+2t = 66,999.2); start?');
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started.twap[0]).toMatchObject({ size: 50_000, bound: { kind: 'limit', price: 669_992 } });
  });

  it.each([
    ['twap buy 0.5 10m limit @bid+2t', 'twap: limit price @bid+2t: no bid in the book'],
    ['twap buy $500 10m limit @ask', 'twap: limit price @ask: no ask in the book'],
  ])('twap-relative-word-unresolved-refused: %s without a book', (line, refusal) => {
    const t = setup(null);
    const ui = t.run(line);
    expect(ui.commandError).toBe(refusal);
    expect(ui.confirm).toBeNull();
    expect(t.started.twap).toEqual([]);
  });
});

describe(':chase with the grammar', () => {
  it('chase-quote-size-at-the-dearest-rest: `$500` converts at the 0.5% bound 67,334.0 over the bid, so it never costs more', () => {
    const t = setup();
    const ui = t.run('chase buy $500');
    expect(ui.commandError).toBeNull();
    // 66,999.0 + floor(669,990 x 0.005 = 3,349.95) ticks = 67,333.9; 500 / 67,333.9 = 0.0074256.. -> 0.00742.
    expect(ui.confirm?.text).toContain('($500 = 0.00742 BTC at 67,333.9 (rounded down to the lot)); start?');
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started.chase[0]).toMatchObject({ side: 'long', size: 742 });
  });

  it('chase-percent-size-of-the-available-margin: `10%` sized at the bound', () => {
    const t = setup();
    const ui = t.run('chase sell 10% lev 5');
    expect(ui.commandError).toBeNull();
    // A sell rests at its start (the ask 67,001) or lower: valued there. 1,000 x 5 / 67,001 less the fee = 0.07449 BTC.
    expect(ui.confirm?.text).toContain('(10% of 0.07449 BTC = 0.00744 BTC at 67,001 (rounded down to the lot)); start?');
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started.chase[0]).toMatchObject({ side: 'short', size: 744 });
  });

  it('chase-quote-size-without-a-book-refused: nothing to price $500 at', () => {
    const t = setup(null);
    const ui = t.run('chase buy $500');
    expect(ui.commandError).toContain('chase: no price to convert the quote amount');
    expect(ui.confirm).toBeNull();
    expect(t.started.chase).toEqual([]);
  });
});

describe(':scale with the grammar', () => {
  it('scale-relative-ends-and-quote-size-resolved-exactly: `$5000 @bid-10t @bid-50t x10` legs from 66,998.0 to 66,994.0', () => {
    const t = setup();
    const ui = t.run('scale buy $5000 @bid-10t @bid-50t x10 lev 10');
    expect(ui.commandError).toBeNull();
    // 5,000 at the dearer end 66,998.0: 0.0746290.. -> 0.07462 BTC.
    expect(ui.confirm?.text).toBe('place 10 buy limits on BTC (@bid-10t = 66,998; @bid-50t = 66,994; $5000 = 0.07462 BTC at 66,998 (rounded down to the lot))?');
    const legs = t.store.getState().tradingUi.scale?.legs ?? [];
    expect(legs[0]?.price).toBe(669_980);
    expect(legs.at(-1)?.price).toBe(669_940);
    expect(legs.reduce((a, l) => a + l.size, 0)).toBe(7_462);
  });

  it('scale-relative-end-unresolved-refused: no book, no bid', () => {
    const t = setup(null);
    const ui = t.run('scale buy 0.1 @bid-10t @bid-50t x10');
    expect(ui.commandError).toBe('scale: from price @bid-10t: no bid in the book');
    expect(ui.confirm).toBeNull();
    expect(t.store.getState().tradingUi.scale ?? null).toBeNull();
  });
});
