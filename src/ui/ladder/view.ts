// The ladder pane's view model: its title, column header and one text line per row (own orders, bid size,
// price, ask size, volume), the cursor and picked-order marks, and the centre the store should take when
// the spread left the rows. Memoised on the slices it reads and the pane's size: the pane paints what this
// says and the flow reads the same rows.

import type { PriceVolumeView } from '../../domain/price-volume.js';
import { shownLevels, type BookView, type MarketRef } from '../../domain/views.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import { memoBy, memoLast } from '../../lib/memo-last.js';
import type { LadderState } from '../../state/ladder.js';
import type { TerminalState } from '../../state/store.js';
import { fitNumber, fitSize, formatScaledGrouped, formatSizeCompact } from '../format/numbers.js';
import { buildLadder, type LadderModel, type LadderOwn, type LadderRow } from './rows.js';

export interface LadderLine {
  text: string;
  /** Which side colours the row: the book side holding size there, else none. */
  side: 'ask' | 'bid' | null;
  cursor: boolean;
}

export interface LadderPaneView {
  title: string;
  waiting: boolean;
  header: string;
  lines: readonly LadderLine[];
  rows: readonly LadderRow[];
  centre: number | null;
  follow: number | null;
  group: number;
}

/** Cells of the columns beside the price: own orders, bid, ask, volume. */
function columns(inner: number, priceWidth: number): { own: number; bid: number; ask: number; vol: number } {
  const rest = Math.max(0, inner - priceWidth - 4);
  const own = Math.max(4, Math.floor(rest * 0.28));
  const vol = Math.max(3, Math.floor(rest * 0.2));
  const bid = Math.floor((rest - own - vol) / 2);
  return { own, bid, ask: rest - own - vol - bid, vol };
}

function sizeCell(scaled: number, sizeDecimals: number): string {
  return scaled > 0 ? formatSizeCompact(scaled / 10 ** sizeDecimals) : '';
}

/** A size column's cell: blank for none, else the size in the cells there are (fewer decimals, never ####). */
function sizeFit(scaled: number, sizeDecimals: number, width: number): string {
  return scaled > 0 ? fitSize(scaled / 10 ** sizeDecimals, width) : ' '.repeat(width);
}

/** Own orders on a row: `+0.5` a buy, `-0.5` a sell, `S0.5` / `T0.5` a trigger, `*` once picked to move. */
function ownCell(own: readonly LadderOwn[], sizeDecimals: number, picked: number | null): string {
  if (own.length === 0) return '';
  const resting = own.filter((o) => o.trigger === null);
  const buys = resting.filter((o) => o.buy).reduce((s, o) => s + o.size, 0);
  const sells = resting.filter((o) => !o.buy).reduce((s, o) => s + o.size, 0);
  const parts: string[] = [];
  if (buys > 0) parts.push(`+${sizeCell(buys, sizeDecimals)}`);
  if (sells > 0) parts.push(`-${sizeCell(sells, sizeDecimals)}`);
  for (const t of own.filter((o) => o.trigger !== null)) parts.push(`${t.trigger}${sizeCell(t.size, sizeDecimals)}`);
  const mark = own.some((o) => o.orderId === picked) ? '*' : '';
  return mark + parts.join(' ');
}

/** The rows of `rows` ladder rows (what the pane draws and the keys act on), or null with no book; group: the ticks a row. */
const ladderModelOf = memoLast((book: BookView | null, market: MarketRef | null, volume: PriceVolumeView, orders: readonly OrderRowView[], ladder: LadderState, rows: number): { model: LadderModel | null; group: number } => {
  const levels = book && market && book.marketId === market.id ? shownLevels(book) : null;
  const group = levels?.group ?? 1;
  const same = ladder.group === group;
  const model = levels && market ? buildLadder({ levels, volume, orders, marketId: market.id, centre: same ? ladder.centre : null, cursor: same ? ladder.cursor : null, rows }) : null;
  return { model, group };
});

/** Ladder rows for a pane of `height` rows (borders and header included). */
export function ladderRowCount(height: number): number {
  return Math.max(0, height - 3);
}

export function ladderModel(state: TerminalState, rows: number): { model: LadderModel | null; group: number } {
  return ladderModelOf(state.book, state.market, state.priceVolume, state.trading.orders, state.ladder, rows);
}

function build(state: TerminalState, width: number, height: number): LadderPaneView {
  const { market, ladder } = state;
  const inner = Math.max(0, width - 2);
  const { model, group } = ladderModel(state, ladderRowCount(height));
  const title = market ? `Ladder ${market.symbol}${group > 1 ? ` step ${formatScaledGrouped(group, market.priceDecimals)}` : ''}` : 'Ladder';
  if (!model || !market) return { title, waiting: true, header: '', lines: [], rows: [], centre: null, follow: null, group };
  const priceWidth = Math.max(5, ...model.rows.map((r) => formatScaledGrouped(r.price, market.priceDecimals).length));
  const c = columns(inner, priceWidth);
  const header = [fitNumber('own', c.own), fitNumber('bid', c.bid), fitNumber('price', priceWidth), fitNumber('ask', c.ask), fitNumber('vol', c.vol)].join(' ').padEnd(inner).slice(0, inner);
  const sd = market.sizeDecimals;
  const lines = model.rows.map((r): LadderLine => {
    const text = [
      ownCell(r.own, sd, ladder.picked).slice(0, c.own).padEnd(c.own),
      sizeFit(r.bid, sd, c.bid),
      fitNumber(formatScaledGrouped(r.price, market.priceDecimals), priceWidth),
      sizeFit(r.ask, sd, c.ask),
      sizeFit(r.volume, sd, c.vol),
    ].join(' ').padEnd(inner).slice(0, inner);
    return { text, side: r.ask > 0 ? 'ask' : r.bid > 0 ? 'bid' : null, cursor: r.cursor };
  });
  return { title, waiting: false, header, lines, rows: model.rows, centre: model.centre, follow: model.follow, group };
}

/** The ladder pane `width` x `height` (its borders included): rebuilt only when its rows, the market or the pick moved. */
export const ladderView = memoBy((state: TerminalState, width: number, height: number) => [ladderModel(state, ladderRowCount(height)), state.market, state.ladder.picked, width, height], build);
