// The Journal tab as it is drawn: every request, ack, update, status and retry decision, newest first, each
// order's execution report above its outcome. Pure and memoised on the slices it reads: the pane draws it,
// Enter opens the frames of the line it selected (rows.ts).

import type { TerminalState } from '../../state/store.js';
import { memoBy } from '../../lib/memo-last.js';
import type { Keymap } from '../keys/keymap.js';
import { tabBodySlices, tabBodyView, type TabBodyView } from '../tabs/body-view.js';
import { promptLine, tabKeys } from '../tabs/footer.js';
import { journalColumns } from './columns.js';
import { journalList } from './rows.js';

function build(keymap: Keymap, state: TerminalState, width: number, height: number): TabBodyView {
  const { rows, index } = journalList(state);
  return tabBodyView(state, width, height, {
    rows,
    selected: index,
    columns: () => journalColumns(),
    none: 'no requests sent yet',
    session: false,
    held: false,
    footer: () => promptLine(state, Math.max(0, width - 2)) ?? { text: `every request, ack, update, status and retry decision; newest first  ${tabKeys(keymap, state)}`, tone: 'muted' },
  });
}

/** The Journal tab's body for a pane `width` x `height` (drawn again when the algos' lines change too). */
export const journalView = memoBy((keymap: Keymap, state: TerminalState, width: number, height: number) => [...tabBodySlices(keymap, state, width, height), state.algoLines], build);
