// The Algos tab's rows: the runner's algos (the store's `algos` slice), newest first, and the selected one.

import type { AlgoRow } from '../../domain/algos/algo-row.js';
import { memoLast } from '../../lib/memo-last.js';
import type { TerminalState } from '../../state/store.js';
import { tabList, type TabList } from '../tabs/selection.js';

const newestFirst = memoLast((algos: readonly AlgoRow[]) => [...algos].reverse());

export function algoList(state: TerminalState): TabList<AlgoRow> {
  return tabList(newestFirst(state.algos), state.tabs.tab, 'algos', state.tabs.selected.algos);
}
