// The order entry's box at `cols` x `rows` for what the store holds now, as shell/App.tsx docks it (widened
// over the tape when the review cannot fit beside the book): for the entry pane's render tests.

import type { TerminalStore } from '../../state/store.js';
import { dockEntry } from '../shell/entry-dock.js';
import { computeLayout } from '../shell/layout.js';
import { entryFits } from './view.js';

export function entryBox(store: TerminalStore, cols: number, rows: number): { width: number; height: number } {
  const base = computeLayout(cols, rows);
  const narrow = dockEntry(base);
  const overTape = narrow.chart.width === 0 && !entryFits(store.getState(), narrow.entry.width, narrow.entry.height);
  return (overTape ? dockEntry(base, true) : narrow).entry;
}
