// `/` market picker: a table of every market (last, 24 h change and volume, funding, OI) to scan; type to
// filter, Tab / Shift-Tab to sort (watchlist markets first), arrows to choose, Enter selects, Esc closes.

import { Text } from 'ink';
import { useMemo } from 'react';
import { pickerIndex, pickerList, type PickerListState } from '../../state/actions.js';
import { DEFAULT_PICKER_SORT, watchKey } from '../../state/market-picker.js';
import { fitText } from '../format/numbers.js';
import { pickerColumns, pickerHeader, pickerRowText, pickerSortText } from './rows.js';
import { Pane } from '../shell/Pane.js';
import { useTerminal } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';

export function MarketPicker({ width, height }: { width: number; height: number }) {
  const picker = useTerminal((s) => s.picker);
  const theme = useTheme();
  const markets = useTerminal((s) => s.markets);
  const stats = useTerminal((s) => s.marketStats);
  const watchlist = useTerminal((s) => s.workspace.watchlist);
  const current = useTerminal((s) => s.market?.id ?? null);
  const inner = Math.max(0, width - 2);
  const sort = picker.sort ?? DEFAULT_PICKER_SORT;
  // The same list the keys choose from (state/actions.ts): what is highlighted is what Enter opens.
  const state: PickerListState = { picker, markets, marketStats: stats, workspace: { watchlist } };
  const matches = pickerList(state);
  const chosen = pickerIndex(state, matches);
  const columns = useMemo(() => pickerColumns(inner, sort), [inner, sort]);
  const byId = useMemo(() => new Map(stats.map((s) => [s.marketId, s])), [stats]);
  const watched = useMemo(() => new Set(watchlist.map((w) => watchKey(w.symbol))), [watchlist]);
  const visible = Math.max(0, height - 5);
  // Keep the choice on screen when the list is longer than the pane.
  const first = Math.max(0, Math.min(chosen - visible + 1, matches.length - visible));
  return (
    <Pane title={`Market  ${pickerSortText(sort)}`} width={width} height={height} focused>
      <Text wrap="truncate">{fitText(`/ ${picker.query}▏`, inner)}</Text>
      <Text color={theme.muted} wrap="truncate">
        {fitText(pickerHeader(columns, sort), inner)}
      </Text>
      {matches.length === 0 ? <Text color={theme.muted}>no market matches</Text> : null}
      {matches.slice(first, first + visible).map((m, i) => {
        const index = first + i;
        const line = pickerRowText(columns, { market: m, stats: byId.get(m.id), chosen: index === chosen, watched: watched.has(watchKey(m.symbol)), current: m.id === current }, inner);
        return (
          <Text key={m.id} inverse={index === chosen} wrap="truncate">
            {line}
          </Text>
        );
      })}
    </Pane>
  );
}
