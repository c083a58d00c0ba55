// The review of an order in a market that is not on screen (an ETH order changed while BTC is shown): its
// distance from mark is judged at that market's live mark (the store's prices, domain/marks.ts), never at the
// screen's; with no book of that market the preview says the fill is unknown instead of "rests", and smart
// confirm asks. And the preview's position math is the row's (positionMathOf, the entry residue counted).

import { LIVE_SESSION_FACTS } from './fixtures.js';
import { describe, expect, it } from 'vitest';
import type { MarkReading } from '../domain/marks.js';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import { liquidationPrice, positionMathOf } from '../domain/trading/risk.js';
import { positionRow } from '../domain/trading/rows.js';
import type { OrderRowView } from '../domain/trading/views.js';
import type { Position } from '../protocol/frames.js';
import { reviewNotes } from '../ui/order-entry/review-lines.js';
import { openAmendReview } from '../ui/open-orders/amend-review.js';
import { previewFor } from './order-review.js';
import { INITIAL_CONNECTION, createTerminalStore, type TerminalState } from './store.js';
import { EMPTY_TRADING } from './trading-slice.js';

const BTC_ID = 16;
const ETH_ID = 32;
const btc = btcTestMarket();
const eth = { ...btcTestMarket(), id: ETH_ID, perpetual_id: ETH_ID, symbol: 'ETH', name: 'ETH Perp', size_units: 'ETH' };
const level = (price: number, size = 10_000) => ({ price, size, total: size, orders: 1 });
const live = (price: number): MarkReading => ({ state: 'live', price, block: 9, timeMs: null });
/** A buy limit of 1 ETH resting at 2,900.0 (ETH's mark is 3,000.0). */
const ethOrder: OrderRowView = {
  orderId: 77, requestId: 5, marketId: ETH_ID, type: 1, status: 2, price: 29_000, originalSize: 100_000, filledSize: 0, flags: 0,
  leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};
const account = {
  accountId: 1, balance: '100000000000', locked: '0', available: '100000000000', equity: '100000000000', fw: true, frozen: false, feeTier: 0, lfr: 0,
  scope: 3, marginUsed: '0', unrealizedPnl: '0', leverageHundredths: 0, marginRatioBps: 0, nearestLiquidation: null, valuation: 'live' as const, valuationNote: null,
};

/** BTC on screen (its header, mark and book), ETH's order open, ETH's mark as given in the store's prices. */
function btcOnScreen(ethMark: MarkReading, over: Partial<TerminalState> = {}) {
  return createTerminalStore({
    market: { id: BTC_ID, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 },
    header: { marketId: BTC_ID, mark: 670_000, last: null, oracle: null, change24hPct: null, volume24h: null, openInterestNotional: null, fundingRatePct: null, fundingAprPct: null, nextFundingInMs: null },
    book: { marketId: BTC_ID, asks: [level(670_050)], bids: [level(669_950)], maxTotal: 10_000, version: 1 },
    keyScope: 'trade',
    connection: { ...INITIAL_CONNECTION, health: 'live' },
    trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, orders: [ethOrder], markets: [btc, eth], account, marketPrices: { [ETH_ID]: { mark: ethMark, lastTrade: null } } },
    ...over,
  });
}

describe('a change in a market not on screen', () => {
  it('amend-off-screen-market-asks: an ETH buy moved 20 % over ETH\'s mark while BTC is shown asks, naming the distance and the unknown book', () => {
    const store = btcOnScreen(live(30_000));
    expect(openAmendReview(store, 77, { price: 36_000 }, 0)).toBeNull();
    const review = store.getState().tradingUi.amend!;
    expect(review.reasons).toEqual(['price 20.0% from mark', 'no book shown for ETH: cannot tell if it crosses']);
    expect(store.getState().tradingUi.confirm?.text).toBe(
      'change ETH order 77: price 2,900 → 3,600 — price 20.0% from mark; no book shown for ETH: cannot tell if it crosses: send anyway?',
    );
  });

  it('off-screen-preview-says-fill-unknown: with no book of the market the whole order is not called resting', () => {
    const store = btcOnScreen(live(30_000));
    const preview = previewFor(store.getState(), { marketId: ETH_ID, kind: 'limit', side: 'long', size: 100_000, price: 36_000, leverage: 500 })!;
    expect(preview.noBook).toBe(true);
    expect(preview.rests).toBe(0n);
    expect(preview.crosses).toBe(false);
    // The slippage is measured from ETH's own mark (3,000.0), not BTC's.
    expect(preview.slippageBps).toBeCloseTo(2_000, 6);
    const notes = reviewNotes(preview, { kind: 'limit', price: 36_000 }, eth);
    expect(notes).toEqual(['no book for this market: fill unknown']);
  });

  it('amend-off-screen-without-a-live-mark-asks: a stale ETH mark is not used; the review asks because the distance cannot be checked', () => {
    const store = btcOnScreen({ state: 'stale', price: 30_000, block: 9, timeMs: null, reason: 'no market data for 6.0 s' });
    expect(openAmendReview(store, 77, { price: 29_500 }, 0)).toBeNull();
    expect(store.getState().tradingUi.amend!.reasons).toEqual([
      'no live mark for ETH: cannot check the distance from mark',
      'no book shown for ETH: cannot tell if it crosses',
    ]);
  });

  it('a routine change of an order in the market on screen still does not ask', () => {
    const btcOrder: OrderRowView = { ...ethOrder, orderId: 78, marketId: BTC_ID, price: 660_000, originalSize: 1_000 };
    const store = btcOnScreen(live(30_000));
    store.setState({ trading: { ...store.getState().trading, orders: [btcOrder] } });
    expect(openAmendReview(store, 78, { price: 661_000 }, 0)).toBeNull();
    expect(store.getState().tradingUi.amend!.reasons).toEqual([]);
  });
});

describe('the preview\'s position is the row\'s', () => {
  it('preview-liq-counts-the-entry-residue: an order that fills nothing leaves the liquidation the row shows', () => {
    // A long of 0.01 BTC at 67,000.0 + 65535/65536 of a tick, with 10 USD of collateral.
    const wire: Position = { at: {}, mkt: BTC_ID, acc: 1, pid: 5, st: 1, sr: 0, sd: 1, c: '10000000', ep: 670_000, epr: 65_535, s: 1_000, lv: 500 };
    const row = positionRow(wire, btc, live(670_000));
    expect(row.entryResidue).toBe(65_535);
    const scales = { priceDecimals: 1, sizeDecimals: 5 };
    // The residue moves this liquidation by a tick: a preview that drops it disagrees with the row.
    const withoutResidue = liquidationPrice({ ...positionMathOf(wire), entryResidue: undefined }, btc.config.maintenance_margin, scales);
    expect(BigInt(row.liquidationPrice!)).not.toBe(withoutResidue);
    const store = btcOnScreen(live(30_000));
    store.setState({ trading: { ...store.getState().trading, positions: [row] }, book: { marketId: BTC_ID, asks: [], bids: [level(669_950)], maxTotal: 10_000, version: 1 } });
    // A FOK buy the empty ask side cannot fill: nothing fills, the position stays as it is.
    const preview = previewFor(store.getState(), { marketId: BTC_ID, kind: 'fok', side: 'long', size: 1_000, price: 671_000, leverage: 500 })!;
    expect(preview.unfilled).toBe(1_000n);
    expect(preview.liquidationPrice).toBe(BigInt(row.liquidationPrice!));
  });
});
