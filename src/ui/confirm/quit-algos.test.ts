// q with algos running asks first and says what becomes of each (a TWAP stops with the terminal; a trail's
// stop stays on the exchange: quit-algo-words.ts); ended algos alone let q quit at once.

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
  const store = createTerminalStore({ algos, markets: [{ id: 16, symbol: 'BTC', name: 'BTC', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null }] });
  let quits = 0;
  const services: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => void quits++ };
  return { store, actions: createTerminalActions(store, services), quits: () => quits };
}

describe('quit with algos', () => {
  it('quit-with-running-algos-asks-and-says-what-stays-and-what-stops', () => {
    const trail: AlgoRow = {
      ...twap('tr1', 'running'), kind: 'trail', trail: { stop: 642_100, reference: 650_000, on: 'mark', liquidation: null, distance: { unit: 'bps', bps: 100 }, phase: 'holding' },
    };
    const t = setup([twap('tw1', 'running'), trail, twap('tw2', 'paused'), twap('tw0', 'ended')]);
    requestQuit(t.store, t.actions);
    expect(t.quits()).toBe(0);
    expect(t.store.getState().tradingUi.confirm?.text).toBe(
      'trail BTC: stop at 64,210 stays on the exchange; TWAP BTC stops (0.01/0.03 filled); TWAP BTC stops (0.01/0.03 filled); they resume at the next start; quit anyway?',
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
  it('one-running-algo-says-it-stops: singular words, a held one too', () => {
    const t = setup([twap('tw1', 'held')]);
    requestQuit(t.store, t.actions);
    expect(t.store.getState().tradingUi.confirm?.text).toBe(
      'TWAP BTC stops (0.01/0.03 filled); it resumes at the next start; quit anyway?',
    );
  });
});
