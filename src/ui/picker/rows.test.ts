import { describe, expect, it } from 'vitest';
import type { MarketHeaderView } from '../../domain/views.js';
import { pickerColumns, pickerHeader, pickerRowText, pickerSortText } from './rows.js';

const BTC = { id: 1, symbol: 'BTC', name: 'BTC', fundingIntervalSec: 3600, priceDecimals: 1, sizeDecimals: 5 };
const STATS: MarketHeaderView = {
  marketId: 1, mark: 669_228, last: 669_154, oracle: 669_230, change24hPct: 0.654, volume24h: 14_100_000, openInterestNotional: 8_370, openInterest: 0.125, fundingRatePct: 0.0022, fundingAprPct: 26.9, nextFundingInMs: 1000,
};

describe('market picker rows', () => {
  it('every column at 200 columns: last exact from the scaled price, change, volume, funding, OI', () => {
    const columns = pickerColumns(160);
    expect(columns.map((c) => c.id)).toEqual(['market', 'last', 'change', 'volume', 'funding', 'oi']);
    const row = pickerRowText(columns, { market: BTC, stats: STATS, chosen: true, watched: true, current: true }, 160);
    // OI in base units with the market's symbol (oi-shows-its-unit).
    expect(row.trimEnd()).toBe('›★• BTC        66,915.4   +0.65%   14.10M +0.0022%   0.125 BTC  (current)');
  });

  it('picker-fits-80x24: at 50 cells OI goes first, then funding; the sorted column stays', () => {
    expect(pickerColumns(50).map((c) => c.id)).toEqual(['market', 'last', 'change', 'volume', 'funding']);
    expect(pickerColumns(41).map((c) => c.id)).toEqual(['market', 'last', 'change', 'volume']);
    // OI with its unit is wider: kept when sorted, the volume makes room for it.
    expect(pickerColumns(50, { column: 'oi', descending: true }).map((c) => c.id)).toEqual(['market', 'last', 'change', 'oi']);
    const row = pickerRowText(pickerColumns(50), { market: BTC, stats: STATS, chosen: false, watched: false, current: true }, 50);
    expect(row).toHaveLength(50);
    expect(row).not.toContain('(current)');
  });

  it('a figure the feed has not sent is a dash, never a number', () => {
    const row = pickerRowText(pickerColumns(160), { market: BTC, stats: undefined, chosen: false, watched: false, current: false }, 160);
    expect(row.match(/—/g)).toHaveLength(5);
  });

  it('the header marks the sorted column and the direction; the title names it', () => {
    const header = pickerHeader(pickerColumns(160), { column: 'volume', descending: true });
    expect(header).toContain('▼24h vol');
    expect(pickerSortText({ column: 'funding', descending: false })).toBe('sort funding ▲');
    expect(pickerSortText({ column: 'listed', descending: false })).toBe('listed order');
  });
});
