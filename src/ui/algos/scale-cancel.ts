// `X` on a scaled order's Algos row: its open legs cancelled as one, the same way `:cancel scale` does
// (the same question, then TerminalActions.cancelGroup, each leg a cancel of its own), for that row's
// group rather than the newest. The legs are read again at `y` (a fill since the question takes one out).

import type { AlgoRow } from '../../domain/algos/algo-row.js';
import { setNotice } from '../../state/actions.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { keyStampOf } from '../actions/execution-origin.js';
import { answerConfirmWith } from '../confirm/answers.js';
import { cancelScaleQuestion, groupOrders } from './scale-flow.js';

/** Why `X` cannot cancel the scaled order of `row` now, or null. */
export function scaleCancelOff(state: TerminalState, row: AlgoRow): string | null {
  if (!row.scale) return 'not a scaled order';
  return groupOrders(state.trading.orders, row.scale.group).length === 0 ? 'no leg open' : null;
}

/** Asks before cancelling the open legs of `row`'s scaled order. */
export function askCancelScale(store: TerminalStore, row: AlgoRow): void {
  const group = row.scale?.group;
  if (!group) return;
  const open = groupOrders(store.getState().trading.orders, group).length;
  if (open === 0) {
    setNotice(store, `cancel ${row.id}: no leg open`);
    return;
  }
  askConfirm(store, { text: cancelScaleQuestion(open), action: { kind: 'cancel-scale', group }, at: 'tabs' });
}

answerConfirmWith('cancel-scale', {
  yes: ({ store, actions, keyAtMs }, action) => {
    const state = store.getState();
    const legs = groupOrders(state.trading.orders, action.group);
    if (legs.length === 0) {
      setNotice(store, 'cancel: no leg of the scaled order is open');
      return;
    }
    void actions.cancelGroup(legs.map((o) => o.orderId), 'cancel scale', keyStampOf(state, keyAtMs));
  },
});
