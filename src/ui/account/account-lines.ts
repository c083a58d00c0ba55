// The account panel as text: a few label/value lines for the box beside the trading tabs, or one line
// for the compact layout (fields dropped by priority to fit). Figures come from AccountView (definitions in
// domain/trading/account-figures.ts); a figure valued at a stale mark is prefixed "~" in the warning tone,
// one that needs an unknown mark is "—", and the reason is shown with them: never a made-up number.

import type { AccountView } from '../../domain/trading/views.js';
import type { MarketLookup } from '../tabs/row-cells.js';
import { formatAtoms, signedAtoms } from '../tabs/row-cells.js';
import type { Cell } from '../format/table.js';
import type { GuardStatusView } from '../../domain/guards/guard-status.js';
import { guardCompactCell, guardLines } from './guard-lines.js';

/** What the panel shows: the account (with the config's guards, when set), or why there is none. */
export type AccountPanelInput =
  | { kind: 'read-only' }
  | { kind: 'waiting' }
  | { kind: 'account'; account: AccountView; guards?: GuardStatusView | null };

/** No trading key: no account to show (read-only); a key but no account snapshot yet: waiting. */
export function accountPanelInput(trading: { enabled: boolean; account: AccountView | null; guards?: GuardStatusView | null }): AccountPanelInput {
  if (!trading.enabled) return { kind: 'read-only' };
  return trading.account ? { kind: 'account', account: trading.account, ...(trading.guards ? { guards: trading.guards } : {}) } : { kind: 'waiting' };
}

export interface AccountLine {
  label: string;
  value: Cell;
}

const DASH: Cell = { text: '—', tone: 'muted' };

/** A figure that depends on marks: "~" and the warning tone at stale marks. */
function valued(account: AccountView, cell: Cell): Cell {
  if (cell.text === '—' || account.valuation === 'live') return cell;
  return { text: `~${cell.text}`, tone: 'warn' };
}

/** `value / scale` to two decimals; `exposed`: a position is open, so a figure that rounds to zero is shown as under 0.01, never as none. */
function ratio(value: number | null, scale: number, suffix: string, warnAt: number, exposed: boolean): Cell {
  if (value === null) return DASH;
  const text = value === 0 && exposed ? `<0.01${suffix}` : `${(value / scale).toFixed(2)}${suffix}`;
  return value / scale >= warnAt ? { text, tone: 'warn' } : { text };
}

function nearestLiq(account: AccountView, markets: MarketLookup, withSymbol: boolean): Cell {
  const n = account.nearestLiquidation;
  if (n === null) return DASH;
  const symbol = markets(n.marketId)?.symbol ?? `#${n.marketId}`;
  const text = `${withSymbol ? `${symbol} ` : ''}${n.distancePct.toFixed(1)}%`;
  return valued(account, n.distancePct < 5 ? { text, tone: 'warn' } : { text });
}

interface Figure extends AccountLine {
  /** Compact label. */
  short: string;
  /** Lower drops first from the compact line. */
  priority: number;
}

function figures(a: AccountView, markets: MarketLookup): Figure[] {
  const equity: Cell = a.equity === null ? DASH : { text: formatAtoms(a.equity) };
  // Every open position holds collateral: margin used is how the view knows one is open.
  const exposed = BigInt(a.marginUsed) > 0n;
  return [
    { label: 'equity', short: 'eq', priority: 9, value: valued(a, equity) },
    { label: 'balance', short: 'bal', priority: 3, value: { text: formatAtoms(a.balance) } },
    { label: 'available', short: 'avail', priority: 7, value: { text: formatAtoms(a.available) } },
    { label: 'margin used', short: 'margin', priority: 4, value: { text: formatAtoms(a.marginUsed) } },
    { label: 'uPnL', short: 'uPnL', priority: 8, value: a.unrealizedPnl === null ? DASH : valued(a, signedAtoms(a.unrealizedPnl)) },
    { label: 'leverage', short: 'lev', priority: 6, value: valued(a, ratio(a.leverageHundredths, 100, 'x', Number.POSITIVE_INFINITY, exposed)) },
    { label: 'margin ratio', short: 'mr', priority: 2, value: valued(a, ratio(a.marginRatioBps, 100, '%', 50, exposed)) },
    { label: 'nearest liq', short: 'liq', priority: 5, value: nearestLiq(a, markets, true) },
  ];
}

/** Why the figures are not current, shortest form for the compact line. */
function shortNote(a: AccountView): string | null {
  if (a.valuation === 'live' || a.valuationNote === null) return null;
  const market = a.valuationNote.split(' ')[0] ?? '';
  return a.valuation === 'stale' ? `(${market} mark stale)` : `(no ${market} mark)`;
}

/** The box's lines: one figure a line, then the reason when a mark is not live. */
export function accountPanelLines(input: AccountPanelInput, markets: MarketLookup): AccountLine[] {
  if (input.kind === 'read-only') return [{ label: 'no account (read-only)', value: { text: '' } }, { label: 'market data only', value: { text: '', tone: 'muted' } }];
  if (input.kind === 'waiting') return [{ label: 'waiting for the account…', value: { text: '' } }];
  const a = input.account;
  const lines: AccountLine[] = figures(a, markets).map(({ label, value }) => ({ label, value }));
  if (a.valuation !== 'live' && a.valuationNote !== null) lines.push({ label: a.valuationNote, value: { text: '', tone: 'warn' } });
  // After the figures: the box cuts from the bottom, so the least urgent guard goes first.
  lines.push(...guardLines(input.guards, markets));
  return lines;
}

/** "label ... value" in exactly `width` cells (a label too long is cut, the value never). */
export function accountLineText(line: AccountLine, width: number): { label: string; value: string } {
  const value = line.value.text;
  const room = Math.max(0, width - value.length - (value ? 1 : 0));
  const label = line.label.length <= room ? line.label.padEnd(room) : `${line.label.slice(0, Math.max(0, room - 1))}…`;
  return { label, value: value ? ` ${value}` : '' };
}

/** One line within `width`: the most important figures that fit, in panel order. */
export function accountCompactLine(input: AccountPanelInput, markets: MarketLookup, width: number): Cell[] {
  if (input.kind === 'read-only') return [{ text: 'no account (read-only)', tone: 'muted' }];
  if (input.kind === 'waiting') return [{ text: 'waiting for the account…', tone: 'muted' }];
  const a = input.account;
  const guard = guardCompactCell(input.guards);
  // The loss left today ranks right after equity: near the limit it is what the trader must see.
  const withGuard = guard ? [...figures(a, markets), { label: 'loss left', short: guard.short, priority: 8.5, value: guard.value }] : figures(a, markets);
  const all = withGuard.map((f) => ({ ...f, text: `${f.short} ${f.value.text}` }));
  const note = shortNote(a);
  const chosen = new Set<string>();
  let used = note ? note.length + 1 : 0;
  for (const f of [...all].sort((x, y) => y.priority - x.priority)) {
    const cost = f.text.length + (chosen.size > 0 ? 2 : 0);
    if (used + cost > width) continue;
    chosen.add(f.label);
    used += cost;
  }
  const cells: Cell[] = [];
  for (const f of all) {
    if (!chosen.has(f.label)) continue;
    if (cells.length > 0) cells.push({ text: '  ' });
    cells.push({ text: `${f.short} ` }, { text: f.value.text, ...(f.value.tone ? { tone: f.value.tone } : {}) });
    if (f.label === 'equity' && note) cells.push({ text: ` ${note}`, tone: 'warn' });
  }
  return cells;
}
