// q / Ctrl-C at the top: quits at once when nothing is open or in flight; otherwise asks the one confirm
// (default Cancel): resting orders stay on the exchange, requests in flight may still execute without
// the trader seeing how, and running algos stop with the terminal (a TWAP's children are IOC: nothing of
// it rests on the exchange; its journal takes it up again at the next start while its time lasts).

import type { TerminalActions } from '../../domain/terminal-actions.js';
import type { AlgoRow } from '../../domain/algos/algo-row.js';
import type { TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { answerConfirmWith } from './answers.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What quitting does to the running algos, or '' when none runs. Every kind so far runs in the terminal: it stops. */
export function algosOnQuit(algos: readonly AlgoRow[]): string {
  const running = algos.filter((a) => a.status !== 'ended');
  if (running.length === 0) return '';
  const names = running.map((a) => `${a.kind.toUpperCase()} ${a.id}`).join(', ');
  return `${plural(running.length, 'algo')} ${running.length === 1 ? 'stops' : 'stop'} with the terminal (${names}: nothing of ${running.length === 1 ? 'it' : 'them'} rests on the exchange; resumed at the next start while ${running.length === 1 ? 'its' : 'their'} time lasts); `;
}

export function requestQuit(store: TerminalStore, actions: TerminalActions): void {
  const { trading, network, algos } = store.getState();
  const inFlight = trading.inFlight;
  // The exchange started inside this terminal stops with it: its orders and positions are gone for good.
  const held = network?.inProcess === true ? trading.orders.length + trading.positions.length : 0;
  const algoWords = algosOnQuit(algos);
  if (inFlight === 0 && held === 0 && algoWords === '') {
    actions.quit();
    return;
  }
  const flight = inFlight > 0 ? `${plural(inFlight, 'request')} in flight (the exchange may still execute them); ` : '';
  const wipe = held > 0 ? `quitting stops the local exchange started here and wipes its ${plural(trading.orders.length, 'order')} and ${plural(trading.positions.length, 'position')} (perpl sim --state FILE keeps them); ` : '';
  askConfirm(store, { text: `${flight}${algoWords}${wipe}quit anyway?`, action: { kind: 'quit' }, at: 'bar' });
}

answerConfirmWith('quit', { yes: ({ actions }) => actions.quit() });
