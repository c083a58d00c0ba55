// History loaders: fills, order history, position history (folded per position) and account events,
// page by page through the REST client, filtered locally by market and date.

import type { AccountEvent, Fill, Order } from '../../protocol/frames.js';
import { type FoldedPosition, foldPositionHistory } from './fold-positions.js';
import { type HistoryFilter, type HistorySource, collect } from './source.js';

export function loadFills(source: HistorySource, filter: HistoryFilter = {}): Promise<Fill[]> {
  return collect(source, 'fills', filter, (f) => filter.marketId === undefined || f.mkt === filter.marketId);
}

export function loadOrderHistory(source: HistorySource, filter: HistoryFilter = {}): Promise<Order[]> {
  return collect(source, 'order-history', filter, (o) => filter.marketId === undefined || o.mkt === filter.marketId);
}

export function loadAccountEvents(source: HistorySource, filter: HistoryFilter = {}): Promise<AccountEvent[]> {
  return collect(source, 'account-history', filter, (e) => filter.marketId === undefined || e.m === filter.marketId);
}

/** Position history as one row per position (the endpoint returns one row per event). */
export async function loadPositionHistory(source: HistorySource, filter: HistoryFilter = {}): Promise<FoldedPosition[]> {
  const rows = await collect(source, 'position-history', { ...filter, limit: undefined }, (p) => filter.marketId === undefined || p.mkt === filter.marketId);
  const folded = foldPositionHistory(rows);
  return filter.limit === undefined ? folded : folded.slice(0, filter.limit);
}

/**
 * The newest order-history record of request `rq`, for reconciling a request whose status was lost.
 * Reads at most `maxPages` pages (recent requests are on the first ones).
 */
export async function findOrderByRq(source: HistorySource, accountId: number, rq: number, maxPages = 3): Promise<Order | undefined> {
  const found = await collect(source, 'order-history', { maxPages, limit: 1 }, (o) => o.rq === rq && o.acc === accountId);
  return found[0];
}
