// The Journal tab's rows: newest first, each order's execution report on a line of its own above its
// `resolved` line. Pure, worked out once per change of the journal or the reports.

import type { ExecutionReport } from '../../domain/trading/execution-report.js';
import { executionLine } from '../../domain/trading/execution-words.js';
import type { JournalEntryView } from '../../domain/trading/views.js';
import type { TerminalState } from '../../state/store.js';
import { memoLast } from '../../lib/memo-last.js';
import { tabList, type TabList } from '../tabs/selection.js';

/**
 * The Journal (newest first) with each order's execution report on a line of its own above its `resolved`
 * line: the outcome, then how it went (times from the key press, slippage).
 */
export function withExecutionReports(journal: readonly JournalEntryView[], reports: readonly ExecutionReport[]): JournalEntryView[] {
  if (reports.length === 0) return [...journal];
  const byKey = new Map(reports.map((r) => [r.requestKey, r]));
  const out: JournalEntryView[] = [];
  for (const e of journal) {
    const report = e.kind === 'resolved' ? byKey.get(e.requestKey) : undefined;
    if (report) out.push({ timeMs: e.timeMs, kind: 'report', requestKey: e.requestKey, rq: report.rq, text: executionLine(report) });
    out.push(e);
  }
  return out;
}

// Newest first, like every other list here.
const rowsOf = memoLast((journal: readonly JournalEntryView[], reports: readonly ExecutionReport[]) => withExecutionReports([...journal].reverse(), reports));

export function journalList(state: TerminalState): TabList<JournalEntryView> {
  return tabList(rowsOf(state.trading.journal, state.trading.executions), state.tabs.tab, 'journal', state.tabs.selected.journal);
}

/** The Journal line under the cursor, when the Journal tab is shown. */
export function selectedJournalEntry(state: TerminalState): JournalEntryView | null {
  return journalList(state).selected ?? null;
}
