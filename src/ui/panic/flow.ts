// The `!!` chord: the first press arms it (and says so), a second within PANIC_CHORD_MS asks the one
// confirm; `y` then sends panic through TerminalActions (cancel everything, close every position).

import { setNotice } from '../../state/actions.js';
import type { TerminalStore } from '../../state/store.js';
import { askConfirm, setPanicArmed } from '../../state/trading-actions.js';
import { keyStampOf } from '../actions/execution-origin.js';
import { answerConfirmWith } from '../confirm/answers.js';

/** Two panic keys within this long ask to panic. */
export const PANIC_CHORD_MS = 1_500;

/** The panic key (`key` as shown, for the notice): the second press within PANIC_CHORD_MS asks to panic. */
export function pressPanicKey(store: TerminalStore, nowMs: number, key = '!'): void {
  const armed = store.getState().tradingUi.panicArmedAtMs;
  if (armed !== null && nowMs - armed <= PANIC_CHORD_MS) {
    setPanicArmed(store, null);
    const s = store.getState().trading;
    askConfirm(store, { text: `PANIC: cancel ${s.orders.length} orders and close ${s.positions.length} positions at market?`, action: { kind: 'panic' }, at: 'bar' });
    return;
  }
  setPanicArmed(store, nowMs);
  setNotice(store, `press ${key} again for panic`);
}

/** Any other key disarms the chord. */
export function disarmPanic(store: TerminalStore): void {
  if (store.getState().tradingUi.panicArmedAtMs !== null) setPanicArmed(store, null);
}

answerConfirmWith('panic', {
  yes: ({ store, actions, keyAtMs }) => {
    // Every order panic sends is timed from this one key press.
    const key = keyStampOf(store.getState(), keyAtMs);
    void (key ? actions.panic(key) : actions.panic());
  },
});
