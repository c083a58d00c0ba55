// The Algos tab's columns: kind, market, side, what it holds now (progress / stop / resting price), its
// rule, the figures beside it, what it does next (or why it does not), and its state. At 80 columns the
// id, rule and figures drop first; kind, side, progress, next and state always stay.

import type { AlgoRow } from '../../domain/algos/algo-row.js';
import type { Cell, Column } from '../format/table.js';
import { col, plain, symbol, type MarketLookup } from '../tabs/row-cells.js';
import { detailWords, nextOrWhy, progressWords, ruleWords, sideWords, stateWord } from './row-words.js';

function stateCell(r: AlgoRow): Cell {
  const word = stateWord(r);
  // A running algo says what it did last; a stopped one's why is in the next column.
  const text = r.status === 'running' && r.reason ? `${word} · ${r.reason}` : word;
  return plain(text, r.status === 'held' ? 'warn' : r.status === 'ended' && !r.complete ? 'muted' : undefined);
}

function nextCell(r: AlgoRow): Cell {
  return plain(nextOrWhy(r), r.status === 'running' ? undefined : r.status === 'held' ? 'warn' : 'muted');
}

export function algoColumns(markets: MarketLookup): Column<AlgoRow>[] {
  const m = (r: AlgoRow) => markets(r.marketId);
  return [
    col('id', 10, 'left', 3, (r) => plain(r.id)),
    col('kind', 5, 'left', 0, (r) => plain(r.kind.toUpperCase())),
    col('market', 6, 'left', 8, (r) => plain(symbol(r.marketId, markets))),
    col('side', 7, 'left', 0, (r) => ({ text: sideWords(r), tone: r.side === 'long' ? 'up' : 'down' })),
    col('progress', 25, 'left', 0, (r) => plain(progressWords(r, m(r)))),
    col('rule', 24, 'left', 1, (r) => plain(ruleWords(r, m(r)))),
    col('figures', 42, 'left', 2, (r) => plain(detailWords(r, m(r)))),
    col('next', 22, 'left', 5, nextCell),
    { ...col('state', 8, 'left', 0, stateCell), grow: true },
  ];
}
