// `:trail` on the `:` line: the spec made exact against the position and the price (bps or ticks, the
// default step a tenth of the distance), the stop held on the position taken over, the runner's own
// refusals named before anything is asked or sent, and a confirm saying side, size, distance, the first
// stop and its distance to liquidation; `y` starts it through TerminalActions.startTrail.

import { describe, expect, it } from 'vitest';
import { triggerConditionFor } from '../../domain/trading/protection.js';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { TradingSlice } from '../../state/trading-slice.js';
import { answerConfirm } from '../confirm/flow.js';
import { algoLineSetup } from './algo-line.fixtures.js';

const LONG: PositionRowView = {
  positionId: 7, marketId: 16, side: 1, size: 8_000, entryPrice: 660_000, markPrice: 670_000, collateral: '1', leverage: 1000,
  unrealizedPnl: '0', roe: 0, liquidationPrice: 600_000, liquidationDistancePct: 10, markState: 'live', markNote: null, effectiveLeverage: 1000, leverageBasis: 'mark',
};
/** A stop-loss at 65,000 linked to the long (the trail takes it over). */
const HELD_SL: OrderRowView = {
  orderId: 55, requestId: 9, marketId: 16, type: 4, status: 1, price: 0, originalSize: 8_000, filledSize: 0, flags: 0, leverage: 0,
  triggerPrice: 650_000, triggerCondition: triggerConditionFor(true, 'stop-loss', 'mark'), linkedPositionId: 7, lastBlock: null, blocksLeft: null,
};

function setup(trading: Partial<TradingSlice> = {}) {
  const t = algoLineSetup({ positions: [LONG], ...trading });
  return { ...t, started: t.started.trail };
}

describe(':trail', () => {
  it('trail-confirm-says-what-it-will-do: side, size covered, distance, first stop and its distance to liquidation; y starts it', () => {
    const t = setup();
    const ui = t.run('trail 1%');
    expect(ui.commandError).toBeNull();
    // 1% of 67,000 is 670 (6,700 ticks): the stop at 66,330, 6,330 over the liquidation 60,000 (9.5% of the stop).
    expect(ui.confirm?.text).toBe('Trail long 0.08 BTC (whole position) 1% under mark 67,000: arms SL 66,330, 6,330 (9.5%) from liquidation 60,000; moves up only, by 67 or more; start?');
    expect(t.started).toEqual([]);
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started).toEqual([{ marketId: 16, position: { id: 7, side: 'long', size: 8_000 }, distance: { unit: 'bps', bps: 100 }, on: 'mark', minStepTicks: 670, stop: null }]);
    expect(t.store.getState().tradingUi.toasts.at(-1)?.text).toBe('trail BTC: started tr1');
  });

  it('trail-takes-over-the-held-stop: the SL linked to the position is the one the trail moves', () => {
    const t = setup({ orders: [HELD_SL] });
    expect(t.run('trail 1%').confirm?.text).toContain('moves SL 65,000 (#55) to 66,330');
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started[0]?.stop).toEqual({ price: 650_000, orderId: 55 });
  });

  it('trail-keeps-a-tighter-held-stop: a held stop above the first level stays until the price passes it', () => {
    const t = setup({ orders: [{ ...HELD_SL, triggerPrice: 665_000 }] });
    expect(t.run('trail 1%').confirm?.text).toContain('keeps SL 66,500 (#55) until the trail passes it, 6,500 (9.8%) from liquidation 60,000');
  });

  it('a price distance is ticks, a step is a price, last trails the last trade; another market is named', () => {
    const t = setup({ marketPrices: { 16: { mark: { state: 'live', price: 670_000, block: 1, timeMs: 1 }, lastTrade: 671_000 } } });
    t.run('trail BTC 500 last step 10');
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started[0]).toMatchObject({ distance: { unit: 'ticks', ticks: 5_000 }, on: 'last', minStepTicks: 100 });
  });

  it('a short trails above the price', () => {
    const t = setup({ positions: [{ ...LONG, side: 2, liquidationPrice: 740_000 }] });
    expect(t.run('trail 20t').confirm?.text).toBe('Trail short 0.08 BTC (whole position) 2 over mark 67,000: arms SL 67,002, 6,998 (10.4%) from liquidation 74,000; moves down only, by 0.2 or more; start?');
  });

  it.each([
    ['trail 1%', { positions: [] }, 'trail: no position in BTC to protect'],
    ['trail XYZ 1%', {}, 'trail: no market "XYZ"'],
    ['trail 60%', {}, 'trail: distance 60% must be below 50%'],
    ['trail 0%', {}, 'trail: distance 0% must be above 0%'],
    ['trail 1.234%', {}, 'trail: distance "1.234" has more than 2 decimals'],
    ['trail 1% step 800', {}, 'trail: min step 800 is wider than the distance 1% (670)'],
    ['trail 1% last', {}, 'trail: no last trade price in BTC yet'],
    ['trail 1%', { positions: [{ ...LONG, liquidationPrice: 665_000 }] }, 'trail: distance 1%: SL 66,330 is beyond liquidation 66,500: it would never fire'],
    ['trail 1%', { orders: [HELD_SL], maxAccountTriggerOrders: 1 }, 'max_account_trigger_orders 1'],
  ] as const)('trail-refusal-named-before-anything-is-asked: %s', (line, trading, refusal) => {
    const t = setup(trading as Partial<TradingSlice>);
    const ui = t.run(line);
    expect(ui.commandError).toContain(refusal);
    expect(ui.confirm).toBeNull();
    expect(t.started).toEqual([]);
  });
});
