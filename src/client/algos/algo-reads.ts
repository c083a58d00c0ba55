// What the algo runner reads besides the commands (trading-reads.ts gives them over a trading client).

import type { Market, Order, Position } from '../../protocol/frames.js';
import type { BookTop } from '../../domain/algos/chase.js';
import type { JournalRecord } from '../trading/journal-record.js';

/** What the runner reads besides the commands. */
export interface AlgoReads {
  market(id: number): Market | undefined;
  /** The mark now, price ticks. */
  mark(marketId: number): number | undefined;
  /** The account's order of `rq`: among the open orders, else from order history. */
  orderByRq(rq: number): Promise<Order | undefined>;
  /** The order journal as on disk now; null when orders are not journaled (algos then never send). */
  orderJournal(): readonly JournalRecord[] | null;
  /** Orders the trading socket's send budget lets go now. */
  sendBudgetLeft(): number;
  // Read by the trailing stop (without them a trail is held, never run blind).
  /** The head block; null before the first. */
  block?(): number | null;
  position?(id: number): Position | undefined;
  /** The account's open orders (resting and untriggered). */
  openOrders?(): Iterable<Order>;
  /** The last trade's price, ticks (a trail `on: 'last'`). */
  lastTrade?(marketId: number): number | undefined;
  /** The position's liquidation price, ticks; null: none. */
  liquidation?(positionId: number): number | bigint | null;
  /** What this session's fills say order `orderId` of `marketId` filled, size units (a chase whose order left without history). */
  orderFills?(marketId: number, orderId: number): number;
  /** The best bid and ask now (a chase). */
  bookTop?(marketId: number): BookTop;
  /** The context's max_account_trigger_orders. */
  maxAccountTriggerOrders?(): number | undefined;
}
