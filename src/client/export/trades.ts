// `perpl export trades`: one row per round trip, the Trades tab's columns. Fills, account history, position
// history and order history (for the stops: R) are read over the same paged, retried, windowed path as the
// other kinds and folded by the ledger (domain/ledger/fold-history.ts). Amounts with the collateral's 6
// decimals, sizes and prices with the market's; entry and exit are the size-weighted averages rounded half
// away from zero to a price tick. A trip opened before the window (or the history) has no `opened`, entry
// or duration: its gross is the exchange's realized PnL of the fills read.

import { foldLedgerHistory } from '../../domain/ledger/fold-history.js';
import { rMultipleText } from '../../domain/ledger/r-multiple.js';
import { averagePrice, type RoundTrip } from '../../domain/ledger/round-trip.js';
import { notionalAtoms } from '../../domain/trading/notional.js';
import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import { formatScaled } from '../../protocol/scaling.js';
import { marketCell, scaleOf, scaledCell, timeCell } from './cells.js';
import { num, text, type ExportRowSource, type MarketScale } from './row-source.js';

const amount = (atoms: bigint): string => formatScaled(atoms, COLLATERAL_DECIMALS);

function tripRow(t: RoundTrip, scale: MarketScale | undefined) {
  const price = (p: number | null) => (p === null ? null : scaledCell(p, scale?.priceDecimals));
  const opened = t.openedBeforeRead ? null : t.openedAt.ms;
  const durationS = opened !== null && t.closedAt !== null ? String(Math.round((t.closedAt.ms - opened) / 1000)) : null;
  return [
    t.closedAt === null ? null : timeCell(t.closedAt.ms), marketCell(scale, t.marketId), t.side, scaledCell(t.maxSize, scale?.sizeDecimals),
    price(averagePrice(t.entryPriceSize, t.entrySize)), price(averagePrice(t.exitPriceSize, t.exitSize)),
    amount(t.grossPnl), amount(t.fees), amount(t.funding), amount(t.netPnl), rMultipleText(t), durationS, timeCell(opened ?? undefined),
  ];
}

export const tradesExport: ExportRowSource = {
  kind: 'trades',
  columns: [
    text('closed'), text('market'), text('side'), num('size'), num('entry'), num('exit'), num('gross'), num('fees'), num('funding'),
    num('net'), num('r'), num('duration'), text('opened'),
  ],
  async rows(reader, markets, unlisted) {
    const fills = await reader.records('fills');
    const events = await reader.records('account-history');
    const positionRows = await reader.records('position-history');
    const orders = await reader.records('order-history');
    const scale = (id: number) => scaleOf(markets, id, unlisted);
    const { trips } = foldLedgerHistory({ fills, events, positionRows, orders }, (id) => {
      const s = scale(id);
      return s ? notionalAtoms(1, 1, s) : 1n;
    });
    return trips.map((t) => tripRow(t, scale(t.marketId)));
  },
};
