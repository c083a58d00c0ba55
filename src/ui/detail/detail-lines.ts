// The lines of the detail page for what it shows (state/detail-overlay.ts), and its title. Pure: the pane
// draws them and the dispatcher counts them (the bound of j / k).

import type { DetailSubject } from '../../state/detail-overlay.js';
import type { TerminalState } from '../../state/store.js';
import { executionDetailLines } from '../../domain/trading/execution-words.js';
import { marketWords } from '../../domain/trading/order-words.js';
import { cutLines, journalDetailLines } from '../journal/detail-lines.js';
import { keyPageLines } from '../format/key-lines.js';
import { statsLines } from './stats-lines.js';
import { calendarLines, calendarTitle } from '../ledger/calendar-lines.js';
import { localUtcOffsetMinutes } from '../ledger/pnl-line.js';

/** What a detail page reads of the state: its lines change only when one of these does (ui/detail/view.ts). */
export type DetailReads = Pick<TerminalState, 'keyInUse' | 'keyScope' | 'ledger'> & { trading: Pick<TerminalState['trading'], 'journal' | 'executions' | 'markets'> };

export function detailTitle(subject: DetailSubject, state: DetailReads): string {
  switch (subject.kind) {
    case 'journal': {
      const first = state.trading.journal.find((e) => e.requestKey === subject.requestKey);
      return `Journal: ${first?.kind === 'request' ? first.text : 'request'} (raw frames)`;
    }
    case 'stats':
      return 'Execution stats (this session)';
    case 'key':
      return 'API key in use';
    case 'pnl':
      return calendarTitle(subject.year, subject.month);
  }
}

export function detailLines(subject: DetailSubject, state: DetailReads, width: number): string[] {
  switch (subject.kind) {
    case 'journal': {
      const report = state.trading.executions.find((r) => r.requestKey === subject.requestKey);
      const words = report ? marketWords(state.trading.markets.find((m) => m.id === report.marketId), report.marketId) : null;
      const section = report && words ? [...executionDetailLines(report, words).flatMap((l) => cutLines(l, width)), ''] : [];
      return [...section, ...journalDetailLines(state.trading.journal, subject.requestKey, width)];
    }
    case 'stats':
      return statsLines(state.trading.executions, state.trading.markets).flatMap((l) => cutLines(l, width));
    case 'key':
      return keyPageLines(state.keyInUse, state.keyScope).flatMap((l) => cutLines(l, width));
    case 'pnl':
      return calendarLines(state.ledger.trips, subject.year, subject.month, localUtcOffsetMinutes, width, state.ledger.loading).flatMap((l) => cutLines(l, width));
  }
}
