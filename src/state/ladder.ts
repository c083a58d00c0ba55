// The DOM ladder's slice: open or not, the price at its centre row and at its cursor (ticks, on the grid of
// `group` ticks a row), and the own order picked up to be moved. Prices, not row numbers: a row keeps its
// price while the book moves, so nothing jumps under the cursor. Written only by the reducers here.

import type { TerminalStore } from './store.js';

export interface LadderState {
  open: boolean;
  /** Ticks per row the centre and cursor were set on: another grouping starts the ladder again at the spread. */
  group: number;
  /** The centre row's price; null = centre on the spread (the pane then writes where that was). */
  centre: number | null;
  /** The cursor row's price; null = no cursor. */
  cursor: number | null;
  /** The own order picked up (`m`) to be moved to the cursor. */
  picked: number | null;
}

export const CLOSED_LADDER: LadderState = { open: false, group: 1, centre: null, cursor: null, picked: null };

/** `L` / `:ladder`: opens the ladder centred on the spread, or closes it. */
export function toggleLadder(store: TerminalStore): void {
  const { ladder } = store.getState();
  store.setState({ ladder: ladder.open ? CLOSED_LADDER : { ...CLOSED_LADDER, open: true } });
}

/** The centre (and cursor) the ladder shows at `group` ticks a row. */
export function placeLadder(store: TerminalStore, group: number, centre: number | null, cursor: number | null): void {
  const { ladder } = store.getState();
  if (ladder.group === group && ladder.centre === centre && ladder.cursor === cursor) return;
  store.setState({ ladder: { ...ladder, group, centre, cursor } });
}

/** Re-centre on the spread: the cursor and the picked order go. */
export function recentreLadder(store: TerminalStore): void {
  const { ladder } = store.getState();
  store.setState({ ladder: { ...ladder, centre: null, cursor: null, picked: null } });
}

/** `m`: the own order to move (null drops it). */
export function pickLadderOrder(store: TerminalStore, orderId: number | null): void {
  const { ladder } = store.getState();
  if (ladder.picked !== orderId) store.setState({ ladder: { ...ladder, picked: orderId } });
}
