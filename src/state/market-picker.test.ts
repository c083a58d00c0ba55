import { describe, expect, it } from 'vitest';
import type { MarketHeaderView } from '../domain/views.js';
import { DEFAULT_PICKER_SORT, nextPickerSort, pickerMarkets, reversePickerSort, type PickerSort } from './market-picker.js';

const listing = (id: number, symbol: string) => ({ id, symbol, name: symbol, fundingIntervalSec: 3600, priceDecimals: 1, sizeDecimals: 5 });
const MARKETS = [listing(1, 'BTC'), listing(2, 'ETH'), listing(3, 'SOL'), listing(4, 'MON'), listing(5, 'SUI')];
const stats = (marketId: number, volume24h: number | null, change24hPct: number | null): MarketHeaderView => ({
  marketId, mark: 1, last: 1, oracle: 1, change24hPct, volume24h, openInterestNotional: 10 * marketId, fundingRatePct: marketId % 2 ? 0.001 : -0.001, fundingAprPct: null, nextFundingInMs: null,
});
// MON has sent nothing yet.
const STATS = [stats(1, 300, 1.5), stats(2, 500, -2), stats(3, 100, 4), stats(5, 400, null)];
const symbols = (sort: PickerSort, watchlist: string[] = [], query = '') => pickerMarkets({ markets: MARKETS, stats: STATS, query, watchlist, sort }).map((m) => m.symbol);

describe('market picker list', () => {
  it('sorts by the chosen column, largest first, and the other way; figures not sent yet sort last both ways', () => {
    expect(symbols({ column: 'volume', descending: true })).toEqual(['ETH', 'SUI', 'BTC', 'SOL', 'MON']);
    expect(symbols({ column: 'volume', descending: false })).toEqual(['SOL', 'BTC', 'SUI', 'ETH', 'MON']);
    expect(symbols({ column: 'change', descending: true })).toEqual(['SOL', 'BTC', 'ETH', 'MON', 'SUI']);
    expect(symbols({ column: 'market', descending: false })).toEqual(['BTC', 'ETH', 'MON', 'SOL', 'SUI']);
    expect(symbols(DEFAULT_PICKER_SORT)).toEqual(['BTC', 'ETH', 'SOL', 'MON', 'SUI']);
  });

  it('picker-watchlist-first: watchlist markets lead in the watchlist order, whatever the sort; the rest follow sorted', () => {
    expect(symbols({ column: 'volume', descending: true }, ['sol', 'MON-PERP'])).toEqual(['SOL', 'MON', 'ETH', 'SUI', 'BTC']);
  });

  it('filters as typed, then orders what matches', () => {
    expect(symbols({ column: 'volume', descending: true }, [], 's')).toEqual(['SUI', 'SOL']);
    expect(symbols({ column: 'volume', descending: true }, ['SOL'], 's')).toEqual(['SOL', 'SUI']);
  });

  it('the sort key cycles every column (figures largest first, names A-Z) and back to the listed order', () => {
    const seen: string[] = [];
    let sort = DEFAULT_PICKER_SORT;
    for (let i = 0; i < 6; i++) {
      sort = nextPickerSort(sort);
      seen.push(`${sort.column}${sort.descending ? '-' : '+'}`);
    }
    expect(seen).toEqual(['volume-', 'change-', 'oi-', 'funding-', 'market+', 'listed+']);
    expect(reversePickerSort({ column: 'oi', descending: true })).toEqual({ column: 'oi', descending: false });
  });
});
