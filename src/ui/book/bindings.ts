// The book's own keys: price grouping and the way back to the spread (j k PgUp PgDn g G move its cursor:
// the moves shared with the trading tabs, keys/pane-bindings.ts, call ui/book/flow.ts).

import { MAX_BOOK_GROUP } from '../../domain/book-grouping.js';
import { centreBook, stepGrouping } from '../../state/actions.js';
import { recentreLadder } from '../../state/ladder.js';
import type { TerminalState } from '../../state/store.js';
import type { Binding } from '../keys/binding.js';
import { off } from '../keys/binding-helpers.js';

function atSpread(state: TerminalState): boolean {
  const { ladder } = state;
  if (ladder.open) return ladder.centre === null && ladder.cursor === null && ladder.picked === null;
  return state.bookDisplay.scroll === 0 && !state.bookCursor;
}

export const BOOK_BINDINGS: readonly Binding[] = [
  {
    action: 'bookGroupUp', keys: ['+'], mode: 'panes', panes: ['book'], description: 'book: group prices coarser (1, 2, 5, 10, 20, 50 ... ticks a level)', hint: 'group', quiet: true,
    run: (ctx) => stepGrouping(ctx.store, 1),
    disabledReason: (state) => (state.bookDisplay.group >= MAX_BOOK_GROUP ? off('coarsest') : null),
  },
  {
    action: 'bookGroupDown', keys: ['-'], mode: 'panes', panes: ['book'], description: 'book: group prices finer (back to the exact levels)', quiet: true,
    run: (ctx) => stepGrouping(ctx.store, -1),
    disabledReason: (state) => (state.bookDisplay.group <= 1 ? off('exact levels', 'the book already shows every price level') : null),
  },
  {
    action: 'bookTop', keys: ['0'], mode: 'panes', panes: ['book'], description: 'book and ladder: back to the spread (the book scrolled to its top, the cursor off)', hint: 'spread', quiet: true,
    // The ladder in the book's place re-centres on the spread the same way (state/ladder.ts).
    run: (ctx) => (ctx.store.getState().ladder.open ? recentreLadder(ctx.store) : centreBook(ctx.store)),
    disabledReason: (state) => (atSpread(state) ? off('at the spread') : null),
  },
];
