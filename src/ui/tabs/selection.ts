// Which row of a tab is selected and which rows its height shows: shared by every tab's view, so the row a
// key acts on is the row the pane drew inverse.

import type { TerminalState } from '../../state/store.js';
import type { TradingTab } from '../../state/trading-tabs.js';

/** A tab's rows and its selected row, clamped to the rows there are (the list can shrink under the cursor). */
export interface TabList<Row> {
  rows: readonly Row[];
  index: number;
  /** The selected row when this tab is shown and has rows, else undefined (a key acts on nothing). */
  selected: Row | undefined;
}

/** The selected index clamped to `count` rows, of the tab shown. */
export function selectedIndex(state: TerminalState, count: number): number {
  return clampedIndex(state.tabs.selected[state.tabs.tab], count);
}

export function clampedIndex(selected: number, count: number): number {
  return Math.max(0, Math.min(count - 1, selected));
}

/** `rows` as the list of `tab`, its selection read from `slot` (the tab's remembered selection). */
export function tabList<Row>(rows: readonly Row[], shown: TradingTab, tab: TradingTab, slot: number): TabList<Row> {
  const index = clampedIndex(slot, rows.length);
  return { rows, index, selected: shown === tab ? rows[index] : undefined };
}

/** Which rows a list `visible` rows high shows: scrolled just enough to keep the selection on screen. */
export function firstShownRow(selected: number, visible: number): number {
  return selected >= visible ? selected - visible + 1 : 0;
}

/**
 * The rows the pane's height hides, said where the keys are: "▲ 2 more above  ▼ 4 more below", or null
 * when every row shows. An order or a position off screen is still the trader's.
 */
export function hiddenRowsText(total: number, start: number, visible: number): string | null {
  const above = Math.min(start, total);
  const below = Math.max(0, total - start - Math.max(0, visible));
  const parts = [above > 0 ? `▲ ${above} more above` : null, below > 0 ? `▼ ${below} more below` : null].filter((p) => p !== null);
  return parts.length > 0 ? parts.join('  ') : null;
}
