// `:chase` on the `:` line: the spec made exact (size lots, max in ticks or bps, the deadline, what happens at
// the bound), priced off the book on screen, the runner's own refusals named before anything is asked or
// sent, and a confirm saying the start price, the bound, the deadline and the bound's outcome; `y` starts it.

import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { PositionRowView } from '../../domain/trading/views.js';
import type { BookView } from '../../domain/views.js';
import type { Market } from '../../protocol/frames.js';
import { answerConfirm } from '../confirm/flow.js';
import { algoLineSetup } from './algo-line.fixtures.js';

const LONG: PositionRowView = {
  positionId: 7, marketId: 16, side: 1, size: 8_000, entryPrice: 660_000, markPrice: 670_000, collateral: '1', leverage: 1000,
  unrealizedPnl: '0', roe: 0, liquidationPrice: 600_000, liquidationDistancePct: 10, markState: 'live', markNote: null, effectiveLeverage: 1000, leverageBasis: 'mark',
};
const level = (price: number) => ({ price, size: 100_000, total: 100_000, orders: 1 });
/** Best bid 66,999, best ask 67,001. */
const BOOK: BookView = { marketId: 16, bids: [level(669_990), level(669_900)], asks: [level(670_010), level(670_100)], maxTotal: 200_000, version: 1 };

function setup(o: { market?: Market; book?: BookView | null; positions?: PositionRowView[] } = {}) {
  const t = algoLineSetup({ markets: [o.market ?? btcTestMarket()], positions: o.positions ?? [] }, { book: o.book === undefined ? BOOK : o.book });
  return { ...t, started: t.started.chase };
}

describe(':chase', () => {
  it('chase-confirm-says-start-bound-deadline: start at the best bid, the bound, the deadline and the bound outcome; y starts it', () => {
    const t = setup();
    const ui = t.run('chase buy 0.1 max 20t for 90s cancel');
    expect(ui.commandError).toBeNull();
    expect(ui.confirm?.text).toBe('Chase buy 0.1 BTC PostOnly from bid 66,999 up to 67,001 (max 2) for 90s; at the bound cancelled, at the deadline cancelled; start?');
    expect(t.started).toEqual([]);
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started).toEqual([{ marketId: 16, side: 'long', size: 10_000, leverage: 500, maxDistance: { unit: 'ticks', ticks: 20 }, durationMs: 90_000, atBound: 'cancel' }]);
    expect(t.store.getState().tradingUi.toasts.at(-1)?.text).toBe('chase buy BTC: started ch1');
  });

  it('chase-defaults: half a percent from the best ask, a minute, left resting at the bound', () => {
    const t = setup();
    // 0.5% of 67,001 is 335.005: the bound rounds toward the start, 67,001 - 335 = 66,666.
    expect(t.run('chase sell 0.1').confirm?.text).toBe('Chase sell 0.1 BTC PostOnly from ask 67,001 down to 66,666 (max 0.5%) for 60s; at the bound left resting, at the deadline cancelled; start?');
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started[0]).toMatchObject({ side: 'short', maxDistance: { unit: 'bps', bps: 50 }, durationMs: 60_000, atBound: 'leave' });
  });

  it('chase-close-reduces-the-position-on-screen: the other side, reduce-only, its size at most the position', () => {
    const t = setup({ positions: [LONG] });
    expect(t.run('chase close max 10').confirm?.text).toContain('Chase close long by selling 0.08 BTC PostOnly from ask 67,001 down to 66,991');
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started[0]).toEqual({ marketId: 16, side: 'short', size: 8_000, leverage: 0, reduceOnly: true, maxDistance: { unit: 'ticks', ticks: 100 }, durationMs: 60_000, atBound: 'leave' });
  });

  it.each([
    ['chase buy 0.000001', {}, 'chase: size "0.000001" has more than 5 decimals'],
    ['chase buy 0.1 max 0.05', {}, 'chase: max "0.05" has more than 1 decimal'],
    ['chase buy 0.1 max 60%', {}, 'chase: max 60% must be below 50%'],
    ['chase buy 0.1 max 0.001%', {}, 'chase: max "0.001" has more than 2 decimals'],
    ['chase buy 0.1 max 0t', {}, 'chase: max 0 must be a whole number of ticks above 0'],
    ['chase buy 0.1 for 0s', {}, 'chase: for 0 ms must be from 1 s to 24 h'],
    ['chase buy 0.1 for 25h', {}, 'chase: for 90000000 ms must be from 1 s to 24 h'],
    ['chase buy 0.1', { book: null }, 'chase: no bid in the book to chase'],
    ['chase close', {}, 'chase: no position in BTC to close'],
    ['chase close 0.1', { positions: [LONG] }, 'chase: size 0.1 BTC is more than the position 0.08 BTC'],
    ['chase buy 0.001', { market: btcTestMarket({ min_posting_amount: '100000000' }) }, 'chase: size: order value is under the exchange minimum (100.00)'],
  ] as const)('chase-refusal-named-before-anything-is-asked: %s', (line, o, refusal) => {
    const t = setup(o as Parameters<typeof setup>[0]);
    const ui = t.run(line);
    expect(ui.commandError).toContain(refusal);
    expect(ui.confirm).toBeNull();
    expect(t.started).toEqual([]);
  });
});
