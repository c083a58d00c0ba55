// The Trades tab's columns: what each round trip made. At 80 columns R, the entry/exit prices and the
// times go first; market, side, size and net stay. A trip opened before the history read shows `before`
// for its opening: its entry is not known (`—`).

import { roughDuration } from '../../domain/block-time.js';
import { rMultipleText } from '../../domain/ledger/r-multiple.js';
import { averagePrice, durationMs, type RoundTrip } from '../../domain/ledger/round-trip.js';
import type { Column } from '../format/table.js';
import { col, feeCell, plain, price, signedAtoms, size, symbol, time, type MarketLookup } from '../tabs/row-cells.js';

export function tradeColumns(markets: MarketLookup, nowMs: number): Column<RoundTrip>[] {
  const m = (r: RoundTrip) => markets(r.marketId);
  return [
    col('closed', 8, 'left', 1, (r) => (r.closedAt === null ? plain('open', 'warn') : plain(time(r.closedAt.ms)))),
    col('market', 8, 'left', 0, (r) => plain(symbol(r.marketId, markets))),
    col('side', 5, 'left', 0, (r) => plain(r.side, r.side === 'long' ? 'up' : 'down')),
    col('size', 9, 'right', 0, (r) => plain(size(r.maxSize, m(r)))),
    col('entry', 10, 'right', 4, (r) => plain(price(averagePrice(r.entryPriceSize, r.entrySize), m(r)))),
    col('exit', 10, 'right', 3, (r) => plain(price(averagePrice(r.exitPriceSize, r.exitSize), m(r)))),
    col('gross', 10, 'right', 5, (r) => signedAtoms(r.grossPnl.toString())),
    col('fees', 11, 'right', 6, (r) => feeCell(r.fees.toString())),
    col('funding', 10, 'right', 6, (r) => signedAtoms(r.funding.toString(), 4)),
    col('net', 10, 'right', 0, (r) => signedAtoms(r.netPnl.toString())),
    col('R', 6, 'right', 1, (r) => plain(rMultipleText(r) ?? '')),
    col('dur', 8, 'right', 2, (r) => plain(r.openedBeforeRead ? 'before' : roughDuration(durationMs(r, nowMs)))),
  ];
}
