// Issue 34: the DOM ladder in the real app against the local exchange, at 200x50 and 80x24. A limit placed
// from the cursor row (the form opens on its size the first time, then the review, y), shown on its row;
// the order picked up with m and moved a row down (the amend review, y: the exchange holds the new price);
// then cancelled from its row (the confirm c asks, y: gone from the exchange).

import { beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/terminal.js';
import { flattenAccount, sendReviewed, typeAndEnter, useTradingScreen, type TradingScreen } from '../helpers/trading-screen.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

function ladderFlow(screen: TradingScreen, size: { cols: number; rows: number }) {
  beforeEach(async () => {
    await flattenAccount(screen, EXCHANGE_MS);
  }, TEST_MS);

  const state = () => screen.app.app.store.getState();
  const vt = () => screen.app.vt;
  const accountId = () => state().trading.account!.accountId;
  const onExchange = (oid: number) => screen.sim.control.engine.ledger(accountId()).orders.find((o) => o.oid === oid);
  const ladderLines = () => vt().lines().filter((l) => l.includes('│'));

  it(`ladder-place-move-cancel-${size.cols}x${size.rows}: a limit from the cursor row rests on its row, m moves it through the amend review, c cancels it`, async () => {
    vt().press('L');
    await vt().waitFor(/Ladder BTC/, UI_MS);
    // The book's grouping steps the ladder too: 10 ticks a row (1.0), so the few rows at 80x24 hold the market as it drifts.
    for (let i = 0; i < 3; i++) vt().press('+');
    await vt().waitFor(/Ladder BTC step 1\b/, UI_MS);
    await eventually(() => state().ladder.centre !== null && state().focus === 'book', UI_MS, 'the ladder centred on the spread, focused');
    // Four rows under the centre: under the best ask, so a buy there rests.
    for (let i = 0; i < 4; i++) vt().press('j');
    await eventually(() => state().ladder.cursor !== null && state().ladder.cursor === (state().ladder.centre ?? 0) - 3 * state().ladder.group, UI_MS, 'the cursor four rows down');
    const price = state().ladder.cursor!;
    expect(price).toBeLessThan(state().book!.asks[0]!.price);

    // No size remembered yet: the form opens at the cursor's price on its size; typed, reviewed, sent.
    vt().press('B');
    await eventually(() => state().tradingUi.entry?.focus === 'size', UI_MS, 'the form on its size');
    expect(state().tradingUi.entry?.price).toBe((price / 10 ** screen.market.priceDecimals).toFixed(screen.market.priceDecimals));
    await typeAndEnter(screen, '0.001');
    await sendReviewed(screen, UI_MS);
    await eventually(() => state().trading.orders.some((o) => o.price === price), EXCHANGE_MS, 'the buy resting at the cursor price');
    const oid = state().trading.orders.find((o) => o.price === price)!.orderId;
    expect(onExchange(oid)?.p).toBe(price);
    // Shown on its row: the cursor row (inverse) holds +0.001 beside the price.
    await vt().waitFor(() => ladderLines().some((l) => l.includes('+0.001')), UI_MS);

    // m picks it, j a row down, m opens the amend review; y changes it on the exchange.
    vt().press('m');
    await eventually(() => state().ladder.picked === oid, UI_MS, 'the order picked');
    vt().press('j');
    await eventually(() => state().ladder.cursor === price - state().ladder.group, UI_MS, 'the cursor a row down');
    vt().press('m');
    await eventually(() => state().tradingUi.amend !== null, UI_MS, 'the amend review');
    vt().press('y');
    await eventually(() => {
      if (state().tradingUi.confirm) vt().press('y');
      return state().tradingUi.amend === null && state().tradingUi.confirm === null;
    }, EXCHANGE_MS, 'the change sent');
    const newPrice = price - state().ladder.group;
    await eventually(() => onExchange(oid)?.p === newPrice && state().trading.orders.some((o) => o.orderId === oid && o.price === newPrice), EXCHANGE_MS, 'the exchange and the store holding the new price');
    const moved = { orderId: oid };

    // c on its row asks; y cancels it on the exchange.
    vt().press('c');
    await vt().waitFor(`cancel order ${moved.orderId}?`, UI_MS);
    vt().press('y');
    await eventually(() => onExchange(moved.orderId) === undefined && !state().trading.orders.some((o) => o.orderId === moved.orderId), EXCHANGE_MS, 'the order cancelled');
    vt().press('L');
    await vt().waitFor(/Book BTC/, UI_MS);
  }, TEST_MS);
}

describe('the DOM ladder at 200x50', () => {
  const size = { cols: 200, rows: 50 };
  ladderFlow(useTradingScreen('perpl-ladder-200-', { blockMs: 100, seed: 44, flowStepsPerSec: 2 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS }, size), size);
});

describe('the DOM ladder at 80x24', () => {
  const size = { cols: 80, rows: 24 };
  ladderFlow(useTradingScreen('perpl-ladder-80-', { blockMs: 100, seed: 45, flowStepsPerSec: 2 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS }, size), size);
});
