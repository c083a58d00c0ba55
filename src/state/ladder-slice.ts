// The DOM ladder's slice: open or not, the price at its centre row and at its cursor (ticks, on the grid of
// `group` ticks a row), and the own order picked up to be moved. Prices, not row numbers: a row keeps its
// price while the book moves, so nothing jumps under the cursor. The store holds it; state/ladder.ts writes it.

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
