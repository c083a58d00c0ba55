// A store with order entry open on BTC (pd 1, sd 5, 15x max, 4 % maintenance) against a live session, the
// trading commands recording what is placed, and a long whose liquidation is the 65,268.7: the setup
// of the protection tests of the order review (stops against the liquidation, TP/SL coverage).

import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { CommandHandle, PlaceParams, TradingCommands } from '../../domain/trading/commands.js';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { formatScaledTrim } from '../../protocol/scaling.js';
import { newEntryForm, type OrderEntryForm } from '../../state/order-entry.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../../state/store.js';
import { openEntryForm } from '../../state/order-entry-actions.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { createTerminalActions } from '../actions/terminal-actions.js';

export const BTC = { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
export const WORDS = { label: 'BTC', priceDecimals: 1, sizeDecimals: 5 };

/** A long of 0.01 BTC at 67,000 whose liquidation price is 65,268.7 (the figure): 44.113 collateral. */
export const LONG: PositionRowView = {
  positionId: 3, marketId: 16, side: 1, size: 1_000, entryPrice: 670_000, markPrice: 670_000, collateral: '44113000',
  leverage: 1500, unrealizedPnl: '0', roe: 0, liquidationPrice: 652_687, liquidationDistancePct: 2.6,
  markState: 'live', markNote: null, effectiveLeverage: 1500, leverageBasis: 'mark',
};

/** The long's stop-loss (a CloseLong trigger linked to it, on the mark) at `price`, for 0.01 BTC unless `originalSize` says otherwise. */
export const stopLoss = (price: number, orderId = 9, originalSize = 1_000): OrderRowView => ({
  orderId, requestId: orderId, marketId: 16, type: 3, status: 8, price: 0, originalSize, filledSize: 0, flags: 4,
  leverage: 0, triggerPrice: price, triggerCondition: 4, linkedPositionId: LONG.positionId, lastBlock: null, blocksLeft: null,
});

/** Order entry open (a 0.01 BTC limit buy at 67,000, 15x, unless `form` says otherwise) over `positions` and `orders`. */
export function setupEntry(form: Partial<OrderEntryForm> = {}, positions: PositionRowView[] = [], orders: OrderRowView[] = []) {
  const store = createTerminalStore({
    market: BTC,
    header: { marketId: 16, mark: 670_000, last: null, oracle: null, change24hPct: null, volume24h: null, openInterestNotional: null, fundingRatePct: null, fundingAprPct: null, nextFundingInMs: null },
    keyScope: 'trade',
    connection: { ...INITIAL_CONNECTION, health: 'live' },
    trading: {
      ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, markets: [btcTestMarket()], positions, orders,
      account: { accountId: 1, balance: '1000000000000', locked: '0', available: '1000000000000', equity: '1000000000000', fw: true, frozen: false, feeTier: 0, lfr: 0, scope: 3,
        marginUsed: '0', unrealizedPnl: '0', leverageHundredths: 0, marginRatioBps: 0, nearestLiquidation: null, valuation: 'live', valuationNote: null },
    },
  });
  const entry = { ...newEntryForm(16, 'long', formatScaledTrim(670_000, 1), '15'), size: '0.01', ...form };
  openEntryForm(store, entry);
  const sent: PlaceParams[] = [];
  const changed: Array<[number, { price?: number; size?: number }]> = [];
  const handle: CommandHandle = { rqs: () => [1], outcome: new Promise(() => undefined) };
  const trading = {
    place: (p: PlaceParams) => (sent.push(p), handle),
    change: (orderId: number, c: { price?: number; size?: number }) => (changed.push([orderId, c]), handle),
    locks: () => [],
    note: () => undefined,
  } as unknown as TradingCommands;
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => trading };
  return { store, actions: createTerminalActions(store, program), sent, changed };
}
