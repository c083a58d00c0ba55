// The market picker's list: the markets matching what is typed, watchlist markets first (in the watchlist's
// order), then by the chosen sort column. Pure; the store holds the query, the sort and the selection, and
// actions.ts moves them. Figures the feed has not sent (null) always sort last, whatever the direction.

import type { MarketListing } from '../domain/market-directory.js';
import type { MarketHeaderView } from '../domain/views.js';

/** Columns the picker sorts by; `listed` is the exchange's own order. */
export const PICKER_SORTS = ['listed', 'volume', 'change', 'oi', 'funding', 'market'] as const;
export type PickerSortColumn = (typeof PICKER_SORTS)[number];

export interface PickerSort {
  column: PickerSortColumn;
  descending: boolean;
}

export const DEFAULT_PICKER_SORT: PickerSort = { column: 'listed', descending: false };

/** Names a column goes by in the header and notices. */
export const PICKER_SORT_LABELS: Record<PickerSortColumn, string> = {
  listed: 'listed', volume: '24h vol', change: '24h chg', oi: 'OI', funding: 'funding', market: 'market',
};

/** The next sort column (figures start largest first, names A to Z). */
export function nextPickerSort(sort: PickerSort): PickerSort {
  const column = PICKER_SORTS[(PICKER_SORTS.indexOf(sort.column) + 1) % PICKER_SORTS.length] as PickerSortColumn;
  return { column, descending: column !== 'market' && column !== 'listed' };
}

export function reversePickerSort(sort: PickerSort): PickerSort {
  return { ...sort, descending: !sort.descending };
}

/** Markets whose symbol contains the query (case-insensitive), prefix matches first. */
export function filterMarkets(markets: readonly MarketListing[], query: string): MarketListing[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...markets];
  const hits = markets.filter((m) => m.symbol.toLowerCase().includes(q) || String(m.id) === q);
  return hits.sort((a, b) => Number(!a.symbol.toLowerCase().startsWith(q)) - Number(!b.symbol.toLowerCase().startsWith(q)));
}

/** How the watchlist and the listing name one market: upper case, without a `-PERP` suffix. */
export function watchKey(symbol: string): string {
  return symbol.trim().toUpperCase().replace(/-PERP$/, '');
}

function figure(stats: MarketHeaderView | undefined, column: PickerSortColumn): number | null {
  if (!stats) return null;
  switch (column) {
    case 'volume':
      return stats.volume24h;
    case 'change':
      return stats.change24hPct;
    case 'oi':
      return stats.openInterestNotional;
    case 'funding':
      return stats.fundingRatePct;
    default:
      return null;
  }
}

export interface PickerListInput {
  markets: readonly MarketListing[];
  stats: readonly MarketHeaderView[];
  query: string;
  /** Watchlist symbols in the config's order. */
  watchlist: readonly string[];
  sort: PickerSort;
}

/** The picker's rows in order: filtered, watchlist first, then sorted (stable: ties keep the filter's order). */
export function pickerMarkets({ markets, stats, query, watchlist, sort }: PickerListInput): MarketListing[] {
  const byId = new Map(stats.map((s) => [s.marketId, s]));
  const watchRank = new Map(watchlist.map((s, i) => [watchKey(s), i]));
  const rank = (m: MarketListing) => watchRank.get(watchKey(m.symbol)) ?? Number.POSITIVE_INFINITY;
  const sign = sort.descending ? -1 : 1;
  const bySort = (a: MarketListing, b: MarketListing): number => {
    if (sort.column === 'listed') return 0;
    if (sort.column === 'market') return sign * a.symbol.localeCompare(b.symbol);
    const x = figure(byId.get(a.id), sort.column);
    const y = figure(byId.get(b.id), sort.column);
    if (x === null || y === null) return Number(x === null) - Number(y === null);
    return sign * (x - y);
  };
  return filterMarkets(markets, query).sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    if (ra !== rb) return ra < rb ? -1 : 1;
    return bySort(a, b);
  });
}
