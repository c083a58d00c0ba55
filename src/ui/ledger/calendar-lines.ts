// The PnL calendar page's lines (`:pnl [month]`, drawn by the detail overlay): the month's totals, then a
// grid Monday first, two lines a week: the day with its trade count, then its net. Seven cells fit 80
// columns. Pure.

import { pnlMonth, type PnlDay, type UtcOffsetMinutes } from '../../domain/ledger/pnl-calendar.js';
import type { RoundTrip } from '../../domain/ledger/round-trip.js';
import { formatAtoms } from '../../protocol/scaling.js';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function signed(net: bigint): string {
  const text = formatAtoms(net, 2);
  return net > 0n && !/^[0.,]+$/.test(text) ? `+${text}` : text;
}

export function calendarTitle(year: number, month: number): string {
  return `PnL calendar: ${MONTH_NAMES[month - 1] ?? month} ${year} (net per day, local time)`;
}

function dayWords(d: PnlDay): string {
  return `${d.day} · ${signed(d.net)}`;
}

export function calendarLines(trips: readonly RoundTrip[], year: number, month: number, offset: UtcOffsetMinutes, width: number, loading: boolean): string[] {
  const grid = pnlMonth(trips, year, month, offset);
  const cell = Math.max(6, Math.min(16, Math.floor(width / 7)));
  const row = (cells: string[]) => cells.map((c) => c.slice(0, cell - 1).padStart(cell - 1)).join(' ').trimEnd();
  const rate = grid.winRateBps === null ? '—' : `${(grid.winRateBps / 100).toFixed(0)}%`;
  const lines = [
    `net ${signed(grid.net)}   trades ${grid.trades}   win rate ${rate}${loading ? '   loading…' : ''}`,
    `best ${grid.best ? dayWords(grid.best) : '—'}   worst ${grid.worst ? dayWords(grid.worst) : '—'}`,
    '',
    row(WEEKDAYS),
  ];
  for (const week of grid.weeks) {
    lines.push(row(week.map((d) => (d === null ? '' : d.trades > 0 ? `${d.day} (${d.trades})` : String(d.day)))));
    lines.push(row(week.map((d) => (d === null || d.trades === 0 ? '' : signed(d.net)))));
  }
  return lines;
}
