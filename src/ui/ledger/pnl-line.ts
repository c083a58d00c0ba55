// `:pnl [month]` on the `:` line: opens the PnL calendar page for the month (none = this one) and asks for
// the ledger when it was never loaded. True = the line was this one.

import { parsePnlMonth } from '../../domain/ledger/pnl-calendar.js';
import type { TerminalActions } from '../../domain/terminal-actions.js';
import { setNotice } from '../../state/actions.js';
import { openDetail } from '../../state/detail-overlay.js';
import type { TerminalStore } from '../../state/store.js';

/** The local time zone's offset east of UTC at an instant (the calendar's days are the trader's). */
export const localUtcOffsetMinutes = (ms: number): number => -new Date(ms).getTimezoneOffset();

export function runPnlLine(store: TerminalStore, actions: TerminalActions, text: string, nowMs: number): boolean {
  const [word, ...rest] = text.trim().split(/\s+/);
  if (word?.toLowerCase() !== 'pnl') return false;
  const month = parsePnlMonth(rest.join(' '), nowMs, localUtcOffsetMinutes);
  if (!month) {
    setNotice(store, 'pnl: a month as 2026-10 or oct (none: this month)');
    return true;
  }
  openDetail(store, { kind: 'pnl', ...month });
  const { ledger } = store.getState();
  if (ledger.loadedAtMs === null && !ledger.loading) actions.loadLedger();
  return true;
}
