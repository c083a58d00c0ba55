// The runner's reads over a trading client: markets, the mark, an order by rq (open orders first, then
// order history through REST), the order journal file, and the trading socket's send budget.

import type { Market, Order } from '../../protocol/frames.js';
import type { BookTop } from '../../domain/algos/chase.js';
import type { OrderLookup } from '../trading/reconcile.js';
import type { TradingSession } from '../trading/session.js';
import type { AlgoReads } from './algo-runner.js';
import { OrderJournalReader } from './order-journal-reader.js';

export interface TradingAlgoReadsOptions {
  session: TradingSession;
  markets: () => readonly Market[];
  mark: (marketId: number) => number | undefined;
  /** The last trade's price, ticks (for a trail on the last trade). */
  lastTrade?: (marketId: number) => number | undefined;
  maxAccountTriggerOrders?: () => number | undefined;
  /** The best bid and ask (for a chase). */
  bookTop?: (marketId: number) => BookTop;
  lookupOrderByRq?: OrderLookup;
  /** The order journal the engine writes (null: orders are not journaled, so algos never send). */
  orderJournalPath: string | null;
}

export function tradingAlgoReads(o: TradingAlgoReadsOptions): AlgoReads {
  const orderJournal = o.orderJournalPath === null ? null : new OrderJournalReader(o.orderJournalPath);
  return {
    market: (id) => o.markets().find((m) => m.id === id),
    mark: o.mark,
    orderByRq: async (rq): Promise<Order | undefined> => o.session.state.orderByRq(rq) ?? (await o.lookupOrderByRq?.(rq)),
    orderJournal: () => orderJournal?.now() ?? null,
    sendBudgetLeft: () => o.session.sendBudgetLeft,
    block: () => o.session.head,
    position: (id) => o.session.state.positions.get(id),
    openOrders: () => o.session.state.orders.values(),
    orderFills: (mkt, oid) => o.session.state.fills.reduce((sum, f) => (f.oid === oid && f.mkt === mkt ? sum + f.s : sum), 0),
    ...(o.lastTrade ? { lastTrade: o.lastTrade } : {}),
    ...(o.bookTop ? { bookTop: o.bookTop } : {}),
    ...(o.maxAccountTriggerOrders ? { maxAccountTriggerOrders: o.maxAccountTriggerOrders } : {}),
  };
}
