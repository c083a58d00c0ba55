// The Algos tab as it is drawn: the runner's algos, newest first, with their progress, average against the
// arrival mark, next move and state. Pure and memoised on the slices it reads (the algos slice besides
// the tabs' own): the pane draws it and the keys read the same selection (rows.ts).

import type { TerminalState } from '../../state/store.js';
import { memoBy } from '../../lib/memo-last.js';
import type { Keymap } from '../keys/keymap.js';
import { tabBodySlices, tabBodyView, type TabBodyView } from '../tabs/body-view.js';
import { promptLine, tabKeyParts, type FooterLine } from '../tabs/footer.js';
import type { Cell } from '../format/table.js';
import { marketLookup } from '../tabs/markets.js';
import { algoColumns } from './columns.js';
import { algoList } from './rows.js';

function keysLine(keys: readonly Cell[], count: string): FooterLine {
  const parts = [...keys, { text: count }];
  return { text: parts.map((p) => p.text).join(''), tone: 'plain', parts };
}

function build(keymap: Keymap, state: TerminalState, width: number, height: number): TabBodyView {
  const { rows, index } = algoList(state);
  const markets = marketLookup(state);
  const running = rows.filter((r) => r.status !== 'ended').length;
  return tabBodyView(state, width, height, {
    rows,
    selected: index,
    columns: () => algoColumns(markets),
    none: 'no algos (start one with :twap buy 0.5 10m)',
    session: false,
    held: true,
    // The keys first (the one that does nothing for the selected algo dimmed with why), then the count.
    footer: () => promptLine(state, Math.max(0, width - 2)) ?? keysLine(tabKeyParts(keymap, state), `  ${running} running`),
  });
}

const algosSlices = (keymap: Keymap, state: TerminalState, width: number, height: number): unknown[] => [...tabBodySlices(keymap, state, width, height), state.algos];

/** The Algos tab's body for a pane `width` x `height`. */
export const algosView = memoBy(algosSlices, build);
