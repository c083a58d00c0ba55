// A confirm asks in the words the Journal then writes (domain/trading/order-words.ts): a price grouped with
// its trailing zeros trimmed (66,000: never 66000 or 66,000.0), a size with the market's name (0.2 BTC, never
// 0.20000), money as the account panel reads it (100.00, never 100.000000). What a trader reads in the
// confirm is what they find in the Journal and the toast after it.

import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import { changeWords, closeWords, collateralWords, marketWords, triggerWords } from '../../domain/trading/order-words.js';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { MarketRef } from '../../domain/views.js';
import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { openAmendReview } from '../open-orders/amend-review.js';
import { closeIntent, collateralIntent, protectIntent } from '../positions/editors.js';
import { triggerMoveIntent } from '../open-orders/editors.js';

const market = { ...btcTestMarket(), id: 1 };
const words = marketWords(market, 1);
const BTC: MarketRef = { id: 1, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
/** A 0.4 BTC long, entry 67,000, mark 68,000. */
const position: PositionRowView = {
  positionId: 7, marketId: 1, side: 1, size: 40_000, entryPrice: 670_000, markPrice: 680_000, collateral: '1000000000', leverage: 500,
  unrealizedPnl: '0', roe: 0, liquidationPrice: 600_000, liquidationDistancePct: 10,
  markState: 'live', markNote: null, effectiveLeverage: 500, leverageBasis: 'mark',
};
/** A buy of 0.15 BTC resting at 66,500. */
const order: OrderRowView = {
  orderId: 42, requestId: 3, marketId: 1, type: 1, status: 2, price: 665_000, originalSize: 15_000, filledSize: 0, flags: 0,
  leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};
/** Position 7's stop-loss at 65,000 on the mark. */
const stop: OrderRowView = {
  ...order, orderId: 50, type: 3, price: 0, originalSize: 40_000, flags: 4, leverage: 0, triggerPrice: 650_000, triggerCondition: 4, linkedPositionId: 7,
};

function confirmOf(r: ReturnType<typeof closeIntent>): string {
  if ('error' in r) throw new Error(r.error);
  return r.confirm ?? '';
}

describe('confirms say prices, sizes and money as the Journal does', () => {
  it('confirms-say-prices-as-the-journal-does: the change, TP/SL, close and collateral confirms, and a TP/SL refusal', () => {
    // The change confirm (e on an order, :amend), and the Journal line of the change it sends.
    const level = (price: number) => ({ price, size: 10_000, total: 10_000, orders: 1 });
    const account = {
      accountId: 1, balance: '100000000000', locked: '0', available: '100000000000', equity: '100000000000', fw: true, frozen: false, feeTier: 0, lfr: 0,
      scope: 3, marginUsed: '0', unrealizedPnl: '0', leverageHundredths: 0, marginRatioBps: 0, nearestLiquidation: null, valuation: 'live' as const, valuationNote: null,
    };
    const store = createTerminalStore({
      markets: [{ ...BTC, name: 'Bitcoin', fundingIntervalSec: null }], keyScope: 'trade', connection: { ...INITIAL_CONNECTION, health: 'live' },
      trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, orders: [order], markets: [market], account },
      header: { marketId: 1, mark: 670_000, last: null, oracle: null, change24hPct: null, volume24h: null, openInterestNotional: null, fundingRatePct: null, fundingAprPct: null, nextFundingInMs: null },
      book: { marketId: 1, asks: [level(670_050)], bids: [level(669_950)], maxTotal: 10_000, version: 1 },
    });
    expect(openAmendReview(store, 42, { price: 660_000, size: 30_000 }, 0)).toBeNull();
    expect(store.getState().tradingUi.confirm?.text).toBe('change BTC order 42: price 66,500 → 66,000, size 0.15 BTC → 0.3 BTC?');
    expect(changeWords(42, { price: 660_000, size: 30_000 }, words)).toBe('change BTC order 42: price 66,000, size 0.3 BTC');

    // TP/SL (t): the confirm, what it replaces, and the Journal line of the stop it arms.
    const current = { takeProfit: [], stopLoss: [{ orderId: 50, price: 650_000, on: 'mark' as const, size: 40_000 }] };
    expect(confirmOf(protectIntent('tp 70000 sl 66000', position, BTC, current))).toBe(
      'attach TP 70,000 and SL 66,000 (on mark) to ▲ LONG BTC #7, replacing SL 65,000?',
    );
    expect(triggerWords('stop-loss', 660_000, words, 'position 7')).toBe('stop-loss @ 66,000 BTC for position 7');
    // e on the stop moves it; a stop over the mark is refused naming the mark as a price is said.
    expect(confirmOf(triggerMoveIntent('66000.5', stop, position, BTC))).toMatch(/^move SL 65,000 -> 66,000\.5 \(on mark\)/);
    expect(protectIntent('sl 69000', position, BTC)).toEqual({ error: 'stop-loss must be below 68,000' });

    // Close (x): a share says the size it closes, a typed size is said once; the Journal's line of the close.
    expect(confirmOf(closeIntent('50% @ 68000', position, BTC))).toBe('close 50% (0.2 BTC) of ▲ LONG BTC #7 limit @ 68,000?');
    expect(closeWords(7, 20_000, 680_000, words)).toBe('close 0.2 BTC of position 7 @ 68,000');
    expect(confirmOf(closeIntent('0.1', position, BTC))).toBe('close 0.1 BTC of ▲ LONG BTC #7 at market, market default cap?');
    expect(closeIntent('1', position, BTC)).toEqual({ error: 'the position holds only 0.4 BTC' });

    // Collateral (a): money as the account panel and the Journal read it.
    expect(confirmOf(collateralIntent('100', position, BTC))).toBe('add 100.00 collateral to ▲ LONG BTC #7?');
    expect(collateralWords(7, '100000000')).toBe('add 100.00 collateral to position 7');
  });

  it('collateral-confirm-never-rounds-the-amount: an amount finer than a cent is said whole, in the confirm and the Journal', () => {
    expect(confirmOf(collateralIntent('1234.005', position, BTC))).toBe('add 1,234.005 collateral to ▲ LONG BTC #7?');
    expect(collateralWords(7, '1234005000')).toBe('add 1,234.005 collateral to position 7');
  });
});
