// q with algos running asks first and says what becomes of them (a TWAP stops with the terminal; nothing of
// it rests on the exchange); ended algos alone let q quit at once.

import { describe, expect, it } from 'vitest';
import type { AlgoRow } from '../../domain/algos/algo-row.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { createTerminalStore } from '../../state/store.js';
import { answerConfirm } from './flow.js';
import { requestQuit } from './quit.js';

const twap = (id: string, status: AlgoRow['status']): AlgoRow => ({
  id, kind: 'twap', marketId: 16, side: 'long', target: 3_000, filled: 1_000, status, complete: false, reason: '', arrivalMark: 670_000, avgPrice: null, next: '', children: 1,
});

function setup(algos: AlgoRow[]) {
  const store = createTerminalStore({ algos });
  let quits = 0;
  const services: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => void quits++ };
  return { store, actions: createTerminalActions(store, services), quits: () => quits };
}

describe('quit with algos', () => {
  it('quit-with-running-twap-asks-and-says-it-stops', () => {
    const t = setup([twap('tw1', 'running'), twap('tw2', 'paused'), twap('tw0', 'ended')]);
    requestQuit(t.store, t.actions);
    expect(t.quits()).toBe(0);
    expect(t.store.getState().tradingUi.confirm?.text).toBe(
      '2 algos stop with the terminal (TWAP tw1, TWAP tw2: nothing of them rests on the exchange; resumed at the next start while their time lasts); quit anyway?',
    );
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.quits()).toBe(1);
  });

  it('only ended algos: q quits at once', () => {
    const t = setup([twap('tw0', 'ended')]);
    requestQuit(t.store, t.actions);
    expect(t.quits()).toBe(1);
    expect(t.store.getState().tradingUi.confirm).toBeNull();
  });
});

describe('quit with one algo', () => {
  it('one-running-algo-says-it-stops: singular words', () => {
    const t = setup([twap('tw1', 'held')]);
    requestQuit(t.store, t.actions);
    expect(t.store.getState().tradingUi.confirm?.text).toBe(
      '1 algo stops with the terminal (TWAP tw1: nothing of it rests on the exchange; resumed at the next start while its time lasts); quit anyway?',
    );
  });
});
