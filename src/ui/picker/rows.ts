// The market picker's table as fixed-width text: market, last price, 24 h change, 24 h volume, funding per
// interval, open interest. Columns that do not fit go from the lowest priority first (OI, then funding,
// then volume, then the change); the market and its last price always stay. A figure the feed has not
// sent is `—`, never a made-up number.

import type { MarketListing } from '../../domain/market-directory.js';
import type { MarketHeaderView } from '../../domain/views.js';
import { PICKER_SORT_LABELS, type PickerSort, type PickerSortColumn } from '../../state/market-picker.js';
import { openInterestText } from '../status/header.js';
import { fitNumber, fitText, formatCompact, formatScaledGrouped, formatSignedPct } from '../format/numbers.js';

const DASH = '—';

export interface PickerColumn {
  id: 'market' | 'last' | 'change' | 'volume' | 'funding' | 'oi';
  label: string;
  width: number;
  /** The sort this column shows its arrow for. */
  sort?: PickerSortColumn;
}

/** In screen order; `PRIORITY` decides which go first when the pane is narrow. */
const COLUMNS: readonly PickerColumn[] = [
  { id: 'market', label: 'market', width: 8, sort: 'market' },
  { id: 'last', label: 'last', width: 10 },
  { id: 'change', label: '24h chg', width: 8, sort: 'change' },
  { id: 'volume', label: '24h vol', width: 8, sort: 'volume' },
  { id: 'funding', label: 'funding', width: 8, sort: 'funding' },
  // In the market's base units with its symbol ("412.3 BTC"); sorted by notional, which compares across markets.
  { id: 'oi', label: 'OI', width: 11, sort: 'oi' },
];
const PRIORITY: readonly PickerColumn['id'][] = ['market', 'last', 'change', 'volume', 'funding', 'oi'];

/** Cells before the columns: the choice marker, the watchlist star, the mark of the market on screen, a space. */
export const PICKER_LEAD = 4;

/** The columns that fit in `width` cells (one space between columns), in screen order; the sorted one is kept first. */
export function pickerColumns(width: number, sort?: PickerSort): PickerColumn[] {
  const kept = new Set<PickerColumn['id']>();
  let used = PICKER_LEAD;
  const sorted = COLUMNS.find((c) => c.sort !== undefined && c.sort === sort?.column)?.id;
  const priority: readonly PickerColumn['id'][] = sorted ? ['market', 'last', sorted, ...PRIORITY.filter((id) => id !== 'market' && id !== 'last' && id !== sorted)] : PRIORITY;
  for (const id of priority) {
    const col = COLUMNS.find((c) => c.id === id) as PickerColumn;
    const need = (kept.size === 0 ? 0 : 1) + col.width;
    if (kept.size >= 2 && used + need > width) break;
    kept.add(id);
    used += need;
  }
  return COLUMNS.filter((c) => kept.has(c.id));
}

/** The header row: each column's label, the sorted one with ▼ (largest / Z first) or ▲. */
export function pickerHeader(columns: readonly PickerColumn[], sort: PickerSort): string {
  const cells = columns.map((c) => {
    const arrow = c.sort !== undefined && c.sort === sort.column ? (sort.descending ? '▼' : '▲') : '';
    const label = arrow + c.label;
    return c.id === 'market' ? fitText(label, c.width) : fitNumber(label, c.width);
  });
  return ' '.repeat(PICKER_LEAD) + cells.join(' ');
}

/** What the title says of the sort: "sort 24h vol ▼", or "listed order". */
export function pickerSortText(sort: PickerSort): string {
  return sort.column === 'listed' ? 'listed order' : `sort ${PICKER_SORT_LABELS[sort.column]} ${sort.descending ? '▼' : '▲'}`;
}

function cell(column: PickerColumn, market: MarketListing, stats: MarketHeaderView | undefined): string {
  switch (column.id) {
    case 'market':
      return fitText(market.symbol, column.width);
    case 'last':
      return fitNumber(stats?.last == null ? DASH : formatScaledGrouped(stats.last, market.priceDecimals), column.width);
    case 'change':
      return fitNumber(stats?.change24hPct == null ? DASH : formatSignedPct(stats.change24hPct), column.width);
    case 'volume':
      return fitNumber(stats?.volume24h == null ? DASH : formatCompact(stats.volume24h), column.width);
    case 'funding':
      return fitNumber(stats?.fundingRatePct == null ? DASH : formatSignedPct(stats.fundingRatePct, 4), column.width);
    case 'oi':
      return fitNumber(stats ? openInterestText(stats, market) : DASH, column.width);
  }
}

export interface PickerRowInput {
  market: MarketListing;
  stats: MarketHeaderView | undefined;
  chosen: boolean;
  watched: boolean;
  current: boolean;
}

/** One market's row in `width` cells: `›` on the choice, `★` on a watchlist market, `•` (and "(current)" where it fits) on the one on screen. */
export function pickerRowText(columns: readonly PickerColumn[], row: PickerRowInput, width: number): string {
  const lead = `${row.chosen ? '›' : ' '}${row.watched ? '★' : ' '}${row.current ? '•' : ' '} `;
  const text = lead + columns.map((c) => cell(c, row.market, row.stats)).join(' ');
  const withCurrent = row.current ? `${text}  (current)` : text;
  return fitText(withCurrent.length <= width ? withCurrent : text, width);
}
