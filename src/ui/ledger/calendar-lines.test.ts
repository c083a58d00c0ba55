import { describe, expect, it } from 'vitest';
import type { RoundTrip } from '../../domain/ledger/round-trip.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { createTerminalStore } from '../../state/store.js';
import { calendarLines } from './calendar-lines.js';
import { runPnlLine } from './pnl-line.js';

const trip = (ms: number, net: bigint): RoundTrip => ({
  marketId: 1, side: 'long', openedAt: { block: 0, tx: 0, log: 0, ms: ms - 1 }, closedAt: { block: 1, tx: 0, log: 0, ms },
  maxSize: 1, openSize: 0, entryPriceSize: 0n, entrySize: 1, exitPriceSize: 0n, exitSize: 1, grossPnl: net, fees: 0n, funding: 0n, netPnl: net, fills: 2,
});

describe('the PnL calendar page', () => {
  it('pnl-calendar-fits-80-columns: totals, best and worst, the weekday header and each day with its count and net', () => {
    const trips = [trip(Date.UTC(2026, 9, 2, 10), 12_345_670n), trip(Date.UTC(2026, 9, 2, 11), -2_000_000n), trip(Date.UTC(2026, 9, 14, 9), -1_234_567_890n)];
    const lines = calendarLines(trips, 2026, 10, () => 0, 78, false);
    expect(lines[0]).toBe('net -1,224.22   trades 3   win rate 33%');
    expect(lines[1]).toBe('best 2 · +10.35 (2 trades)   worst 14 · -1,234.57 (1 trade)');
    expect(lines[2]!.trim().split(/\s+/)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // The first week: Thursday the 1st, Friday the 2nd with its net beside it.
    expect(lines[3]).toMatch(/^ +1 +2 +\+10\.35 +3 +4$/);
    // A net too long for its cell loses its cents, not its units.
    expect(lines[5]).toMatch(/ 14 +-1,234 /);
    expect(lines.every((l) => l.length <= 78)).toBe(true);
    // Five weeks after three lines of totals and header: the whole month on one 80x24 page.
    expect(lines).toHaveLength(3 + 5);
  });

  it('pnl-line-opens-the-month-and-asks-the-ledger-once: `:pnl 2026-10` opens October; a bad month says how to write one', () => {
    const store = createTerminalStore();
    const asked: string[] = [];
    const actions = createTerminalActions(store, { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, loadLedger: () => asked.push('ledger') });
    expect(runPnlLine(store, actions, 'pnl 2026-10', Date.UTC(2026, 10, 29))).toBe(true);
    expect(store.getState().workspace.detail?.subject).toEqual({ kind: 'pnl', year: 2026, month: 10 });
    expect(asked).toEqual(['ledger']);
    expect(runPnlLine(store, actions, 'pnl someday', Date.UTC(2026, 10, 29))).toBe(true);
    expect(store.getState().notice ?? '').toMatch(/pnl: a month as 2026-10 or oct/);
    expect(runPnlLine(store, actions, 'stats', Date.UTC(2026, 10, 29))).toBe(false);
  });
});
