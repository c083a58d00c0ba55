// q / Ctrl-C at the top: quits at once when nothing is open or in flight; otherwise asks the one confirm
// (default Cancel): resting orders stay on the exchange, and requests in flight may still execute without
// the trader seeing how.

import type { TerminalActions } from '../domain/terminal-actions.js';
import type { TerminalStore } from '../state/store.js';
import { askConfirm } from '../state/trading-actions.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function requestQuit(store: TerminalStore, actions: TerminalActions): void {
  const { trading } = store.getState();
  const inFlight = trading.inFlight;
  const open = trading.orders.length;
  if (inFlight === 0 && open === 0) {
    actions.quit();
    return;
  }
  const what = [
    inFlight > 0 ? `${plural(inFlight, 'request')} in flight (the exchange may still execute them)` : null,
    open > 0 ? `${plural(open, 'order')} open (they stay on the exchange)` : null,
  ].filter(Boolean);
  askConfirm(store, { text: `${what.join(', ')}: quit anyway?`, action: { kind: 'quit' }, at: 'bar' });
}
