// The Positions tab's rows (the session's positions as they are) and the selected one.

import type { PositionRowView } from '../../domain/trading/views.js';
import type { TerminalState } from '../../state/store.js';
import { tabList, type TabList } from '../tabs/selection.js';

export function positionList(state: TerminalState): TabList<PositionRowView> {
  return tabList(state.trading.positions, state.tabs.tab, 'positions', state.tabs.selected.positions);
}

/** The selected position of the Positions tab, or undefined (another tab, or no rows). */
export function selectedPosition(state: TerminalState): PositionRowView | undefined {
  return positionList(state).selected;
}
