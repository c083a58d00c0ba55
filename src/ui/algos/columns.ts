// The Algos tab's columns: kind, market, side, progress, the average fill against the arrival mark (the
// slippage in bps, positive = worse), what it does next, and its state with the reason.

import type { AlgoRow } from '../../domain/algos/algo-row.js';
import type { Cell, Column } from '../format/table.js';
import { col, plain, price, size, symbol, type MarketLookup } from '../tabs/row-cells.js';

/** Hundredths of a bp of the arrival mark the average paid over it (a sell: got under it), toward zero. */
function slippageBps(r: AlgoRow): string {
  if (r.avgPrice === null || r.arrivalMark <= 0) return '—';
  const worse = r.side === 'long' ? r.avgPrice - r.arrivalMark : r.arrivalMark - r.avgPrice;
  const hundredths = (BigInt(worse) * 1_000_000n) / BigInt(r.arrivalMark);
  const sign = hundredths > 0n ? '+' : hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

function stateCell(r: AlgoRow): Cell {
  const word = r.status === 'ended' ? (r.complete ? 'done' : 'ended') : r.status;
  const text = r.reason ? `${word} · ${r.reason}` : word;
  return plain(text, r.status === 'held' ? 'warn' : r.status === 'ended' && !r.complete ? 'muted' : undefined);
}

export function algoColumns(markets: MarketLookup): Column<AlgoRow>[] {
  const m = (r: AlgoRow) => markets(r.marketId);
  return [
    col('id', 10, 'left', 3, (r) => plain(r.id)),
    col('kind', 4, 'left', 0, (r) => plain(r.kind.toUpperCase())),
    col('market', 7, 'left', 6, (r) => plain(symbol(r.marketId, markets))),
    col('side', 6, 'left', 0, (r) => (r.side === 'long' ? { text: '▲ BUY', tone: 'up' } : { text: '▼ SELL', tone: 'down' })),
    col('filled/target', 17, 'right', 0, (r) => plain(`${size(r.filled, m(r))}/${size(r.target, m(r))}`)),
    col('avg', 10, 'right', 2, (r) => plain(price(r.avgPrice, m(r)))),
    col('arrival', 10, 'right', 1, (r) => plain(price(r.arrivalMark, m(r)))),
    col('slip bps', 8, 'right', 4, (r) => plain(slippageBps(r))),
    col('next', 22, 'left', 5, (r) => plain(r.next)),
    { ...col('state', 14, 'left', 0, stateCell), grow: true },
  ];
}
