// q / Ctrl-C at the top: quits at once when nothing is open or in flight; otherwise asks the one confirm
// (default Cancel): resting orders stay on the exchange, requests in flight may still execute without
// the trader seeing how, and each running algo says what of it stays on the exchange and what stops
// (quit-algo-words.ts).

import type { TerminalActions } from '../../domain/terminal-actions.js';
import type { TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { answerConfirmWith } from './answers.js';
import { algosOnQuit } from './quit-algo-words.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function requestQuit(store: TerminalStore, actions: TerminalActions): void {
  const { trading, network, algos, markets } = store.getState();
  const inFlight = trading.inFlight;
  // The exchange started inside this terminal stops with it: its orders and positions are gone for good.
  const held = network?.inProcess === true ? trading.orders.length + trading.positions.length : 0;
  const algoWords = algosOnQuit(algos, markets);
  if (inFlight === 0 && held === 0 && algoWords === '') {
    actions.quit();
    return;
  }
  const flight = inFlight > 0 ? `${plural(inFlight, 'request')} in flight (the exchange may still execute them); ` : '';
  const wipe = held > 0 ? `quitting stops the local exchange started here and wipes its ${plural(trading.orders.length, 'order')} and ${plural(trading.positions.length, 'position')} (perpl sim --state FILE keeps them); ` : '';
  askConfirm(store, { text: `${flight}${algoWords}${wipe}quit anyway?`, action: { kind: 'quit' }, at: 'bar' });
}

answerConfirmWith('quit', { yes: ({ actions }) => actions.quit() });
