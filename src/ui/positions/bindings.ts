// The keys of a position's row on the Positions tab: `x` close, `a` add collateral, `t` TP/SL. Each opens its
// inline editor prefilled (flow.ts); each is off on another tab, with no position, or while orders are locked.

import type { TerminalState } from '../../state/store.js';
import { tradingLocks } from '../../state/trading-locks.js';
import type { Binding, Disabled, PaneScope } from '../keys/binding.js';
import { fromLock, off, onTab } from '../keys/binding-helpers.js';
import { openPositionEditor } from './flow.js';
import { selectedPosition } from './rows.js';

const TABS: PaneScope = ['trading'];

/** A position key: on Positions, with one selected, the session unlocked. */
function positionKey(state: TerminalState): Disabled | null {
  return onTab(state, ['positions']) ?? (selectedPosition(state) ? null : off('no position')) ?? fromLock(tradingLocks(state)[0]);
}

/** `x`: early in the table (its footer hint comes before the tab keys'). */
export const POSITION_CLOSE_BINDINGS: readonly Binding[] = [
  {
    action: 'closePosition', keys: ['x'], mode: 'panes', panes: TABS, tabs: ['positions'], description: 'close the selected position', hint: 'close', tabHint: 'close',
    run: (ctx) => openPositionEditor(ctx.store, 'close'), disabledReason: positionKey,
  },
];

export const POSITION_EDIT_BINDINGS: readonly Binding[] = [
  {
    action: 'addCollateral', keys: ['a'], mode: 'panes', panes: TABS, tabs: ['positions'], description: 'add collateral to the selected position', tabHint: 'add collateral',
    run: (ctx) => openPositionEditor(ctx.store, 'collateral'), disabledReason: positionKey,
  },
  {
    action: 'editTpsl', keys: ['t'], mode: 'panes', panes: TABS, tabs: ['positions'], description: 'attach / edit TP-SL of the selected position', tabHint: 'TP/SL',
    run: (ctx) => openPositionEditor(ctx.store, 'tpsl'), disabledReason: positionKey,
  },
];
