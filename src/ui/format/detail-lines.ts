// The lines of the detail page for what it shows (state/detail-overlay.ts), and its title. Pure: the pane
// draws them and the dispatcher counts them (the bound of j / k).

import type { DetailSubject } from '../../state/detail-overlay.js';
import type { TerminalState } from '../../state/store.js';
import { journalDetailLines } from './journal-detail-lines.js';

export function detailTitle(subject: DetailSubject, state: TerminalState): string {
  switch (subject.kind) {
    case 'journal': {
      const first = state.trading.journal.find((e) => e.requestKey === subject.requestKey);
      return `Journal: ${first?.kind === 'request' ? first.text : 'request'} (raw frames)`;
    }
    case 'stats':
      return 'Execution stats (this session)';
    case 'key':
      return 'API key in use';
  }
}

export function detailLines(subject: DetailSubject, state: TerminalState, width: number): string[] {
  switch (subject.kind) {
    case 'journal':
      return journalDetailLines(state.trading.journal, subject.requestKey, width);
    case 'stats':
      return [];
    case 'key':
      return [];
  }
}
