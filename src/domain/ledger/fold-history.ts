// The ledger from the wire records as REST pages them: fills, account events, position history rows and
// order history, folded into round trips with their stops. The one path of the Trades tab
// (app/ledger-feed.ts) and `perpl export trades` (client/export/trades.ts).

import type { AccountEvent, Fill, Order, Position } from '../../protocol/frames.js';
import { buildRoundTrips, type LedgerFold } from './build-round-trips.js';
import { fundingFromBoth, ledgerFillOf, positionMoveOfRow, realizedOfPositionRow, stopsOfOrders } from './ledger-inputs.js';
import { attachStops } from './r-multiple.js';

export interface LedgerHistory {
  fills: readonly Fill[];
  events: readonly AccountEvent[];
  positionRows: readonly Position[];
  orders: readonly Order[];
}

export function foldLedgerHistory(h: LedgerHistory, notionalScale: (marketId: number) => bigint): LedgerFold {
  const fold = buildRoundTrips({
    fills: h.fills.map(ledgerFillOf).filter((f) => f !== null),
    funding: fundingFromBoth(h.events, h.positionRows),
    realized: h.positionRows.map(realizedOfPositionRow).filter((r) => r !== null),
    moves: h.positionRows.map(positionMoveOfRow).filter((m) => m !== null),
    notionalScale,
  });
  attachStops(fold.trips, stopsOfOrders(h.orders), notionalScale);
  return fold;
}
