// The PnL calendar (`:pnl [month]`): a month of days in the trader's time zone, each with the net PnL of
// the round trips closed that day and their count, with the month's totals, win rate, best and worst day.
// The time zone comes in as a function (ms -> minutes east of UTC at that instant) so a DST change inside
// the month is honoured and tests need no process time zone. Pure.

import type { RoundTrip } from './round-trip.js';

/** Minutes east of UTC at instant `ms` (e.g. `(ms) => -new Date(ms).getTimezoneOffset()`). */
export type UtcOffsetMinutes = (ms: number) => number;

export interface PnlDay {
  /** Day of the month, 1-based. */
  day: number;
  net: bigint;
  trades: number;
  wins: number;
}

export interface PnlMonth {
  year: number;
  /** 1-12. */
  month: number;
  /** Weeks Monday first; a slot outside the month is null. */
  weeks: (PnlDay | null)[][];
  net: bigint;
  trades: number;
  wins: number;
  /** Wins per 10,000 trades (basis points), null with no trade. */
  winRateBps: number | null;
  /** The days with trades that made the most and the least, null with no trade. */
  best: PnlDay | null;
  worst: PnlDay | null;
}

/** The local calendar date of instant `ms`: [year, month 1-12, day]. */
export function localDate(ms: number, offset: UtcOffsetMinutes): [number, number, number] {
  const d = new Date(ms + offset(ms) * 60_000);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month's grid from the closed round trips (a trip counts on the local day it closed). */
export function pnlMonth(trips: readonly RoundTrip[], year: number, month: number, offset: UtcOffsetMinutes): PnlMonth {
  const days: PnlDay[] = Array.from({ length: daysIn(year, month) }, (_, i) => ({ day: i + 1, net: 0n, trades: 0, wins: 0 }));
  for (const t of trips) {
    if (t.closedAt === null) continue;
    const [y, m, d] = localDate(t.closedAt.ms, offset);
    if (y !== year || m !== month) continue;
    const day = days[d - 1]!;
    day.net += t.netPnl;
    day.trades += 1;
    if (t.netPnl > 0n) day.wins += 1;
  }
  // Monday = 0: the weekday of the 1st does not depend on the time zone.
  const lead = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const slots: (PnlDay | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (slots.length % 7 !== 0) slots.push(null);
  const weeks: (PnlDay | null)[][] = [];
  for (let i = 0; i < slots.length; i += 7) weeks.push(slots.slice(i, i + 7));
  const traded = days.filter((d) => d.trades > 0);
  const trades = traded.reduce((s, d) => s + d.trades, 0);
  const wins = traded.reduce((s, d) => s + d.wins, 0);
  const pick = (better: (a: PnlDay, b: PnlDay) => boolean) => traded.reduce<PnlDay | null>((x, d) => (x === null || better(d, x) ? d : x), null);
  return {
    year, month, weeks,
    net: traded.reduce((s, d) => s + d.net, 0n),
    trades, wins,
    winRateBps: trades === 0 ? null : Math.round((wins * 10_000) / trades),
    best: pick((a, b) => a.net > b.net),
    worst: pick((a, b) => a.net < b.net),
  };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The month `:pnl` asks for: none = this month; `2026-10`; a month's name or its first three letters = its
 * latest occurrence not after this month. Null when the words are none of these.
 */
export function parsePnlMonth(arg: string, nowMs: number, offset: UtcOffsetMinutes): { year: number; month: number } | null {
  const [year, month] = localDate(nowMs, offset);
  const text = arg.trim().toLowerCase();
  if (text === '') return { year, month };
  const iso = /^(\d{4})-(\d{1,2})$/.exec(text);
  if (iso) {
    const m = Number(iso[2]);
    return m >= 1 && m <= 12 ? { year: Number(iso[1]), month: m } : null;
  }
  const named = text.length >= 3 ? MONTHS.findIndex((name) => text.startsWith(name) && /^[a-z]+$/.test(text)) : -1;
  if (named < 0) return null;
  const m = named + 1;
  return m <= month ? { year, month: m } : { year: year - 1, month: m };
}
