// The ladder's keys: `L` opens it (focused) and closes it, in every pane; in the book's place, while open: B / S a limit
// at the cursor, o a stop there, c cancel your orders at the row, m pick up and move an order (flow.ts).
// j k PgUp PgDn g G move its cursor and 0 re-centres it (the book's move and back-to-spread keys, which
// route here while it is open: keys/pane-bindings.ts, book/bindings.ts).

import { focusPane } from '../../state/actions.js';
import { toggleLadder } from '../../state/ladder.js';
import type { TerminalState } from '../../state/store.js';
import { tradingLocks } from '../../state/trading-locks.js';
import type { Action, Binding, Disabled, KeyContext } from '../keys/binding.js';
import { fromLock } from '../keys/binding-helpers.js';
import { cancelAtCursor, limitAtCursor, moveToCursor, stopAtCursor } from './flow.js';

export const ladderOpen = (state: TerminalState): boolean => state.ladder.open;

/** An order key of the ladder: off (saying why) while the session is locked. */
function orderOff(state: TerminalState): Disabled | null {
  return fromLock(tradingLocks(state)[0]);
}

function ladderKey(action: Action, key: string, description: string, hint: string, run: (ctx: KeyContext) => void): Binding {
  return { action, keys: [key], mode: 'panes', panes: ['book'], description: `ladder: ${description}`, hint, when: ladderOpen, run, disabledReason: orderOff };
}

/** L: the ladder in the book's place, focused (its keys act there); again: the book back. */
function openOrClose(ctx: KeyContext): void {
  toggleLadder(ctx.store);
  if (ctx.store.getState().ladder.open) focusPane(ctx.store, 'book', ctx.view.panes);
}

export const LADDER_TOGGLE_BINDINGS: readonly Binding[] = [
  {
    action: 'ladder', keys: ['L'], mode: 'panes', panes: 'all', description: 'DOM ladder in the book\'s place, and back (also :ladder)', hint: 'ladder',
    hintNow: (state) => (state.ladder.open ? 'book' : null), run: openOrClose,
  },
];

export const LADDER_BINDINGS: readonly Binding[] = [
  ladderKey('ladderBuy', 'B', 'limit buy at the cursor, the size box\'s size (review)', 'buy here', (ctx) => limitAtCursor(ctx, 'long')),
  ladderKey('ladderSell', 'S', 'limit sell at the cursor, the size box\'s size (review)', 'sell here', (ctx) => limitAtCursor(ctx, 'short')),
  ladderKey('ladderStop', 'o', 'stop at the cursor: a buy stop above the mark, a sell stop below (review)', 'stop', stopAtCursor),
  ladderKey('ladderCancel', 'c', 'cancel your orders at the cursor row (confirm)', 'cancel row', cancelAtCursor),
  ladderKey('ladderMove', 'm', 'pick up your order at the row; m again moves it to the cursor (amend review)', 'move', moveToCursor),
];
