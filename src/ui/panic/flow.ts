// The `!!` chord: the first press arms it (and says so), a second within PANIC_CHORD_MS asks the one
// confirm; `y` then sends panic through TerminalActions (stop every algo, cancel everything, close every position).

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
    const { trading: s, algos } = store.getState();
    // Running algos are stopped first (TerminalActions.panic): said only when there are any.
    const running = algos.filter((a) => a.status !== 'ended').length;
    const stop = running > 0 ? `stop ${running} algo${running === 1 ? '' : 's'}, ` : '';
    askConfirm(store, { text: `PANIC: ${stop}cancel ${s.orders.length} orders and close ${s.positions.length} positions at market?`, action: { kind: 'panic' }, at: 'bar' });
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
