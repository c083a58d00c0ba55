// The market picker's view model: its title (the sort), the search line, the header and the rows on
// screen (the choice kept in view, highlighted). The list is the one the keys choose from
// (state/actions.ts pickerList): what is highlighted is what Enter opens. Memoised on what it reads.

import { memoLast } from '../../lib/memo-last.js';
import { pickerIndex, pickerList, type PickerListState } from '../../state/actions.js';
import { DEFAULT_PICKER_SORT, watchKey } from '../../state/market-picker.js';
import type { TerminalState } from '../../state/store.js';
import { fitText } from '../format/numbers.js';
import { pickerColumns, pickerHeader, pickerRowText, pickerSortText } from './rows.js';

export interface PickerView {
  title: string;
  searchLine: string;
  header: string;
  /** Nothing matches the search. */
  empty: boolean;
  rows: readonly { id: number; text: string; chosen: boolean }[];
}

type Picker = TerminalState['picker'];
type Watchlist = TerminalState['workspace']['watchlist'];

const build = memoLast((picker: Picker, markets: TerminalState['markets'], stats: TerminalState['marketStats'], watchlist: Watchlist, current: number | null, width: number, height: number): PickerView => {
  const inner = Math.max(0, width - 2);
  const sort = picker.sort ?? DEFAULT_PICKER_SORT;
  const list: PickerListState = { picker, markets, marketStats: stats, workspace: { watchlist } };
  const matches = pickerList(list);
  const chosen = pickerIndex(list, matches);
  const columns = pickerColumns(inner, sort);
  const byId = new Map(stats.map((s) => [s.marketId, s]));
  const watched = new Set(watchlist.map((w) => watchKey(w.symbol)));
  const visible = Math.max(0, height - 5);
  // Keep the choice on screen when the list is longer than the pane.
  const first = Math.max(0, Math.min(chosen - visible + 1, matches.length - visible));
  const rows = matches.slice(first, first + visible).map((m, i) => {
    const index = first + i;
    const text = pickerRowText(columns, { market: m, stats: byId.get(m.id), chosen: index === chosen, watched: watched.has(watchKey(m.symbol)), current: m.id === current }, inner);
    return { id: m.id, text, chosen: index === chosen };
  });
  return { title: `Market  ${pickerSortText(sort)}`, searchLine: fitText(`/ ${picker.query}▏`, inner), header: fitText(pickerHeader(columns, sort), inner), empty: matches.length === 0, rows };
});

/** The picker `width` x `height` cells (its border included). */
export function pickerView(state: TerminalState, width: number, height: number): PickerView {
  return build(state.picker, state.markets, state.marketStats, state.workspace.watchlist, state.market?.id ?? null, width, height);
}
