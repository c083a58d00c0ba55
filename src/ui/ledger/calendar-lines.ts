// The PnL calendar page's lines (`:pnl [month]`, drawn by the detail overlay): the month's totals and its
// best and worst day (with their trade counts), then a grid Monday first, one line a week, each day with
// its net. Nine lines at most, seven cells to 80 columns: the whole month on one 80x24 page. Pure.

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
  return `${d.day} · ${signed(d.net)} (${d.trades} trade${d.trades === 1 ? '' : 's'})`;
}

/** A day's cell: its number, then its net (whole units when the cents do not fit), empty without trades. */
function dayCell(d: PnlDay | null, room: number): string {
  if (d === null) return '';
  const day = String(d.day).padStart(2);
  if (d.trades === 0) return day;
  const cents = signed(d.net);
  const whole = signed((d.net / 1_000_000n) * 1_000_000n).replace(/\.00$/, '');
  const net = cents.length <= room - 3 ? cents : whole;
  return `${day} ${net.padStart(room - 3)}`;
}

export function calendarLines(trips: readonly RoundTrip[], year: number, month: number, offset: UtcOffsetMinutes, width: number, loading: boolean): string[] {
  const grid = pnlMonth(trips, year, month, offset);
  const cell = Math.max(6, Math.min(16, Math.floor(width / 7)));
  const row = (cells: string[]) => cells.map((c) => c.slice(0, cell - 1).padStart(cell - 1)).join(' ').trimEnd();
  const rate = grid.winRateBps === null ? '—' : `${(grid.winRateBps / 100).toFixed(0)}%`;
  const lines = [
    `net ${signed(grid.net)}   trades ${grid.trades}   win rate ${rate}${loading ? '   loading…' : ''}`,
    `best ${grid.best ? dayWords(grid.best) : '—'}   worst ${grid.worst ? dayWords(grid.worst) : '—'}`,
    row(WEEKDAYS),
  ];
  for (const week of grid.weeks) lines.push(row(week.map((d) => dayCell(d, cell - 1))));
  return lines;
}
