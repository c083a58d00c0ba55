// How the book pane shows the book: its price grouping and how far it is scrolled. The pane is a ladder:
// row -1 is the best ask (-2 the next ask up), row 0 the spread line, row 1 the best bid; `depth` rows each
// side of `scroll` are on screen. The cursor keys move the cursor and the ladder follows it; the levels the
// publisher asks for grow with the scroll (a page beyond what is shown, so the cursor can always go on).

// The store holds this slice; the moves that change it are in actions.ts (this file imports no store).

export interface BookDisplay {
  /** Ticks per level shown (1 = the exact levels). */
  group: number;
  /** The ladder row at the centre of the pane: 0 = the spread; negative scrolls up into the asks. */
  scroll: number;
}

export const INITIAL_BOOK_DISPLAY: BookDisplay = { group: 1, scroll: 0 };

/** The most levels per side the pane asks the feed for, however far it is scrolled. */
export const MAX_BOOK_DEPTH = 500;

/** The ladder row of a cursor: asks above the spread (negative), bids below. */
export function cursorRow(cursor: { side: 'ask' | 'bid'; level: number }): number {
  return cursor.side === 'ask' ? -(cursor.level + 1) : cursor.level + 1;
}

/** The ladder rows on screen for `depth` levels each side of the centre. */
export function ladderWindow(scroll: number, depth: number): { first: number; last: number } {
  return { first: scroll - depth, last: scroll + depth };
}

/** The least scroll that keeps `row` on screen. */
export function followRow(scroll: number, row: number, depth: number): number {
  const { first, last } = ladderWindow(scroll, depth);
  if (row < first) return row + depth;
  if (row > last) return row - depth;
  return scroll;
}

/** Levels per side the publisher asks for: what is on screen, plus a page for the cursor to move into. */
export function wantedBookDepth(depth: number, scroll: number): number {
  return Math.min(MAX_BOOK_DEPTH, 2 * depth + Math.abs(scroll));
}
