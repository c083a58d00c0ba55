import { describe, expect, it } from 'vitest';
import { localDate, parsePnlMonth, pnlMonth } from './pnl-calendar.js';
import type { RoundTrip } from './round-trip.js';

const closedAt = (ms: number, net: bigint): RoundTrip => ({
  marketId: 1, side: 'long', openedAt: { block: 0, tx: 0, log: 0, ms: ms - 60_000 }, closedAt: { block: 1, tx: 0, log: 0, ms },
  maxSize: 1, openSize: 0, entryPriceSize: 0n, entrySize: 1, exitPriceSize: 0n, exitSize: 1, grossPnl: net, fees: 0n, funding: 0n, netPnl: net, fills: 2,
});

// Central Europe: UTC+2 in summer time until 2026-10-25 01:00 UTC, then UTC+1.
const CET_SWITCH = Date.UTC(2026, 9, 25, 1, 0, 0);
const europe = (ms: number) => (ms < CET_SWITCH ? 120 : 60);
const utc = () => 0;

describe('pnlMonth', () => {
  it('pnl-grid-monday-first: October 2026 starts on a Thursday, five weeks, every day once', () => {
    const grid = pnlMonth([], 2026, 10, utc);
    expect(grid.weeks).toHaveLength(5);
    expect(grid.weeks[0]!.map((d) => d?.day ?? null)).toEqual([null, null, null, 1, 2, 3, 4]);
    expect(grid.weeks.flat().filter((d) => d !== null)).toHaveLength(31);
    expect(grid).toMatchObject({ net: 0n, trades: 0, winRateBps: null, best: null, worst: null });
  });

  it('pnl-day-is-local-across-dst: a close at 23:30 UTC is the next local day before and after the switch', () => {
    const before = Date.UTC(2026, 9, 20, 23, 30); // 01:30 on the 21st at UTC+2
    const after = Date.UTC(2026, 9, 26, 23, 30); // 00:30 on the 27th at UTC+1
    const lateUtc = Date.UTC(2026, 9, 27, 22, 30); // 23:30 on the 27th at UTC+1 (at UTC+2 it would be the 28th)
    const grid = pnlMonth([closedAt(before, 5n), closedAt(after, -3n), closedAt(lateUtc, 4n)], 2026, 10, europe);
    const day = (n: number) => grid.weeks.flat().find((d) => d?.day === n)!;
    expect([day(20).trades, day(21).trades, day(26).trades, day(27).trades, day(28).trades]).toEqual([0, 1, 0, 2, 0]);
    expect(day(27).net).toBe(1n);
    expect(localDate(lateUtc, europe)).toEqual([2026, 10, 27]);
  });

  it('pnl-month-totals-win-rate-best-worst: days summed, a trip outside the month left out', () => {
    const d = (day: number, h = 12) => Date.UTC(2026, 9, day, h);
    const grid = pnlMonth([closedAt(d(2), 100n), closedAt(d(2, 13), -30n), closedAt(d(9), -250n), closedAt(d(15), 40n), closedAt(Date.UTC(2026, 10, 1), 999n)], 2026, 10, utc);
    expect(grid).toMatchObject({ net: -140n, trades: 4, wins: 2, winRateBps: 5_000 });
    expect(grid.best).toMatchObject({ day: 2, net: 70n, trades: 2 });
    expect(grid.worst).toMatchObject({ day: 9, net: -250n });
  });

  it('open trips are not on the calendar', () => {
    const open = { ...closedAt(Date.UTC(2026, 9, 3), 50n), closedAt: null };
    expect(pnlMonth([open], 2026, 10, utc).trades).toBe(0);
  });
});

describe('parsePnlMonth', () => {
  const now = Date.UTC(2026, 10, 29, 10); // 2026-11-29
  it.each([
    ['', { year: 2026, month: 11 }],
    ['2026-10', { year: 2026, month: 10 }],
    ['oct', { year: 2026, month: 10 }],
    ['October', { year: 2026, month: 10 }],
    ['dec', { year: 2025, month: 12 }],
    ['2026-13', null],
    ['xyz', null],
    ['o', null],
  ])('pnl-month-words: %j', (arg, expected) => {
    expect(parsePnlMonth(arg, now, utc)).toEqual(expected);
  });

  it('this month is the local one: 23:30 UTC on Oct 31 is November at UTC+1', () => {
    expect(parsePnlMonth('', Date.UTC(2026, 9, 31, 23, 30), () => 60)).toEqual({ year: 2026, month: 11 });
  });
});
