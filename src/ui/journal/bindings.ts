// Enter on a Journal line: the raw frames behind its request (the mt 22 sent, the mt 3 ack, the mt 24 rows)
// and its execution report, on the detail page. The Journal itself shows plain words; the wire is a key away.

import { openDetail } from '../../state/detail-overlay.js';
import type { TerminalState } from '../../state/store.js';
import { TAB_LABELS } from '../../state/trading-tabs.js';
import type { Binding, Disabled } from '../keys/binding.js';
import { off } from '../keys/binding-helpers.js';
import { selectedJournalEntry } from './rows.js';

function framesOff(state: TerminalState): Disabled | null {
  if (state.tabs.tab !== 'journal') return off(`${TAB_LABELS.journal} only`);
  const entry = selectedJournalEntry(state);
  if (!entry) return off('nothing listed', 'the Journal is empty: no request yet');
  return entry.requestKey === '' ? off('a note', 'this line is a note of the Journal itself: no request and no frame behind it') : null;
}

export const JOURNAL_BINDINGS: readonly Binding[] = [
  {
    action: 'journalFrames', keys: ['Enter'], mode: 'panes', panes: ['trading'], tabs: ['journal'],
    description: 'Journal: the raw frames of the selected request (sent, ack, updates) and its execution report', tabHint: 'raw frames',
    run: (ctx) => {
      const entry = selectedJournalEntry(ctx.store.getState());
      if (entry && entry.requestKey !== '') openDetail(ctx.store, { kind: 'journal', requestKey: entry.requestKey });
    },
    disabledReason: framesOff,
  },
];
