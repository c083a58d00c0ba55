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

/** The order journal's lines and the algos' own lines (both oldest first) in one list by time, oldest first. */
export function withAlgoLines(journal: readonly JournalEntryView[], algoLines: readonly JournalEntryView[]): readonly JournalEntryView[] {
  if (algoLines.length === 0) return journal;
  const out: JournalEntryView[] = [];
  let a = 0;
  for (const e of journal) {
    while (a < algoLines.length && algoLines[a]!.timeMs <= e.timeMs) out.push(algoLines[a++]!);
    out.push(e);
  }
  for (; a < algoLines.length; a++) out.push(algoLines[a]!);
  return out;
}

// Newest first, like every other list here.
const rowsOf = memoLast((journal: readonly JournalEntryView[], reports: readonly ExecutionReport[], algoLines: readonly JournalEntryView[]) =>
  withExecutionReports([...withAlgoLines(journal, algoLines)].reverse(), reports),
);

export function journalList(state: TerminalState): TabList<JournalEntryView> {
  return tabList(rowsOf(state.trading.journal, state.trading.executions, state.algoLines), state.tabs.tab, 'journal', state.tabs.selected.journal);
}

/** The Journal line under the cursor, when the Journal tab is shown. */
export function selectedJournalEntry(state: TerminalState): JournalEntryView | null {
  return journalList(state).selected ?? null;
}
