import { describe, expect, it } from 'vitest';
import { bookColumns, bookRowText, depthBarWidth, spreadText } from '../book/rows.js';
import { fitHeaderFields, headerCells, headerFields, headerText, shownHeaderFields, type HeaderField } from '../status/header.js';
import { healthBadge, networkBadge } from '../status/status.js';
import { sideArrow, tradeColumns, tradeRowText } from '../trades/rows.js';

const BTC = { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 };

describe('book rows', () => {
  it('render every row at exactly the pane width so columns never jitter', () => {
    const columns = bookColumns(30);
    const widths = [
      { price: 5, size: 1, total: 1, orders: 1 },
      { price: 670_125, size: 123_456_789, total: 987_654_321, orders: 3 },
    ].map((row) => bookRowText(row, BTC, columns).length);
    expect(new Set(widths)).toEqual(new Set([30]));
  });

  it('prints the price and size with the market decimals', () => {
    const text = bookRowText({ price: 670_125, size: 12_345, total: 112_345, orders: 1 }, BTC, bookColumns(34));
    expect(text).toContain('67,012.5');
    expect(text).toContain('0.12345');
    expect(text).toContain('1.12345');
  });

  it('scales depth bars to the largest visible total and keeps tiny levels visible', () => {
    expect(depthBarWidth(50, 100, 20)).toBe(10);
    expect(depthBarWidth(100, 100, 20)).toBe(20);
    expect(depthBarWidth(1, 1_000_000, 20)).toBe(1);
    expect(depthBarWidth(0, 100, 20)).toBe(0);
    expect(depthBarWidth(500, 100, 20)).toBe(20);
  });

  it('centres the spread in the pane width', () => {
    const line = spreadText(670_130, 670_125, BTC, 30);
    expect(line).toHaveLength(30);
    expect(line).toContain('spread 0.5');
    expect(spreadText(undefined, 670_125, BTC, 20)).toContain('no spread');
  });
});

describe('trade rows', () => {
  it('carry the aggressor side as an arrow, not only as colour', () => {
    const columns = tradeColumns(24);
    const buy = tradeRowText({ key: 'a', timeMs: 0, price: 670_125, size: 1_000, side: 1 }, BTC, columns);
    const sell = tradeRowText({ key: 'b', timeMs: 0, price: 670_125, size: 1_000, side: 2 }, BTC, columns);
    expect(buy).toContain(sideArrow(1));
    expect(sell).toContain(sideArrow(2));
    expect(buy).not.toBe(sell);
    expect(buy).toHaveLength(24);
  });
});

describe('narrow tape', () => {
  it('still shows price and size exactly in an 80-column layout instead of ####', () => {
    const columns = tradeColumns(24, '67,012.5'.length);
    const row = tradeRowText({ key: 'a', timeMs: 0, price: 670_125, size: 1_000, side: 1 }, BTC, columns);
    expect(row).toHaveLength(24);
    expect(row).toContain('67,012.5');
    expect(row).toContain('0.01000');
  });
});

describe('status words', () => {
  const base = { lastDataAt: 1_000, headBlock: 1, roundTrip: { ms: 3, atLeast: false }, retryInMs: null, reason: null };

  it('counts stale age and retry countdown from the clock, not from the last publish', () => {
    expect(healthBadge({ ...base, health: 'stale' }, 5_000, 1_000).text).toBe('◌ stale 4s');
    expect(healthBadge({ ...base, health: 'disconnected', retryInMs: 3_000 }, 1_000, 1_000).text).toBe('✕ disconnected, retrying in 3s');
    expect(healthBadge({ ...base, health: 'disconnected', retryInMs: 3_000 }, 2_100, 1_000).text).toBe('✕ disconnected, retrying in 2s');
    expect(healthBadge({ ...base, health: 'live' }, 0, 0).text).toBe('● live');
  });

  it('makes mainnet loud and distinct from testnet and local', () => {
    expect(networkBadge({ name: 'mainnet', chainId: 143, isMainnet: true })).toEqual({ text: ' MAINNET ', tone: 'loud' });
    expect(networkBadge({ name: 'testnet', chainId: 10143, isMainnet: false }).text).toContain('TESTNET');
    expect(networkBadge({ name: 'local', chainId: 31337, isMainnet: false }).text).toContain('LOCAL sim 31337');
  });
});

describe('market header', () => {
  it('shows every field, with a dash for unknown values', () => {
    const fields = headerFields(
      {
        marketId: 16,
        mark: 670_125,
        last: null,
        oracle: 670_101,
        change24hPct: -1.5,
        volume24h: 12_345_678,
        openInterestNotional: 412_300,
        openInterest: 412.3,
        fundingRatePct: 0.004,
        fundingInterval: 'last',
        fundingAprPct: 4.3,
        nextFundingInMs: 43 * 60_000 + 12_000,
      },
      BTC,
      2580,
    );
    // OI in base units with the unit (oi-shows-its-unit); the rate says whose it is (funding-says-last-or-next).
    expect(headerText(fields)).toBe('mark 67,012.5  last —  oracle 67,010.1  24h -1.50%  vol 12.35M  OI 412.3 BTC  fund last +0.0040%/43m (+4.30% apr) 43:12');
    expect(fields.find((f) => f.label === '24h')?.direction).toBe('down');
  });

  it('funding-apr-dropped-first-when-narrow: the annualised rate shows while the line fits, and goes before anything else', () => {
    const header = {
      marketId: 16,
      mark: 670_125,
      last: 670_130,
      oracle: 670_101,
      change24hPct: 1.82,
      volume24h: 12_345_678,
      openInterestNotional: 412_300,
      fundingRatePct: 0.004,
      fundingAprPct: 48.9,
      nextFundingInMs: 12 * 60_000 + 7_000,
    };
    const fund = (fields: HeaderField[]) => fields.find((f) => f.label === 'fund')?.value;
    // Wide: every field, the apr between the rate and the countdown.
    const wide = fitHeaderFields(header, BTC, 2580, 200, false);
    expect(fund(wide)).toBe('+0.0040%/43m (+48.90% apr) 12:07');
    expect(headerCells(wide, false)).toBe(headerText(wide).length);
    // Exactly the width it needs: still there; one cell less: the apr goes, the countdown stays.
    const need = headerCells(wide, false);
    expect(fund(fitHeaderFields(header, BTC, 2580, need, false))).toContain('apr');
    expect(fund(fitHeaderFields(header, BTC, 2580, need - 1, false))).toBe('+0.0040%/43m 12:07');
    // 80 columns (narrow set of fields, one space apart): no room for it.
    const narrow = fitHeaderFields(header, BTC, 2580, 79, true);
    expect(fund(narrow)).toBe('+0.0040%/43m 12:07');
    expect(shownHeaderFields(narrow, true).map((f) => f.label)).toEqual(['mark', 'last', '24h', 'OI', 'fund']);
    // No interval known: no apr, whatever the width.
    expect(fund(fitHeaderFields({ ...header, fundingAprPct: null }, BTC, null, 500, false))).toBe('+0.0040% 12:07');
    expect(fund(headerFields(header, BTC, 2580, { apr: false }))).toBe('+0.0040%/43m 12:07');
  });

  it('funding-says-last-or-next at 80 columns: the word and the countdown stay; the interval length goes after the apr', () => {
    const header = {
      marketId: 16, mark: 670_125, last: 670_130, oracle: 670_101, change24hPct: 1.82, volume24h: 12_345_678,
      openInterestNotional: 412_300, openInterest: 6.1523, fundingRatePct: 0.004, fundingInterval: 'next' as const, fundingAprPct: 48.9, nextFundingInMs: 12 * 60_000 + 7_000,
    };
    const narrow = fitHeaderFields(header, BTC, 2580, 79, true);
    const text = headerText(shownHeaderFields(narrow, true));
    expect(text).toContain('OI 6.152 BTC');
    expect(text).toContain('fund next +0.0040% 12:07');
    expect(headerCells(shownHeaderFields(narrow, true), true)).toBeLessThanOrEqual(79);
  });
});
