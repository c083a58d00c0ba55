// q / Ctrl-C with requests in flight, or with the in-process exchange's orders and positions to wipe, asks first
// (default Cancel); otherwise it quits at once.

import { describe, expect, it } from 'vitest';
import { answerConfirm } from './flow.js';
import { requestQuit } from './quit.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { createTerminalStore } from '../../state/store.js';

function setup(inFlight: number) {
  const store = createTerminalStore();
  store.setState({ trading: { ...store.getState().trading, inFlight } });
  let quits = 0;
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => void quits++ };
  const commands = createTerminalActions(store, program);
  return { store, commands, quits: () => quits };
}

describe('quit with requests in flight', () => {
  it('quits at once when nothing is in flight', () => {
    const t = setup(0);
    requestQuit(t.store, t.commands);
    expect(t.quits()).toBe(1);
    expect(t.store.getState().tradingUi.confirm).toBeNull();
  });

  it('asks when requests are in flight; anything but y stays', () => {
    const t = setup(2);
    requestQuit(t.store, t.commands);
    expect(t.quits()).toBe(0);
    expect(t.store.getState().tradingUi.confirm).toMatchObject({ action: { kind: 'quit' }, text: expect.stringContaining('2 requests in flight') });
    answerConfirm(t.store, t.commands, false, Date.now());
    expect(t.quits()).toBe(0);
    expect(t.store.getState().tradingUi.confirm).toBeNull();
  });

  it('y quits; asking again only asks (a second q or Ctrl-C in the confirm is "any other key": it cancels)', () => {
    const yes = setup(1);
    requestQuit(yes.store, yes.commands);
    answerConfirm(yes.store, yes.commands, true, Date.now());
    expect(yes.quits()).toBe(1);

    const twice = setup(1);
    requestQuit(twice.store, twice.commands);
    requestQuit(twice.store, twice.commands);
    expect(twice.quits()).toBe(0);
    expect(twice.store.getState().tradingUi.confirm?.action).toEqual({ kind: 'quit' });
  });

  it('quit-wipes-in-process-exchange-asks: with the local exchange started inside the terminal, open orders and positions make q ask and say they are wiped', () => {
    const t = setup(0);
    const trading = t.store.getState().trading;
    const held = { ...trading, orders: [{}] as unknown as typeof trading.orders, positions: [{}, {}] as unknown as typeof trading.positions };
    t.store.setState({ trading: held, network: { name: 'local', chainId: 31337, isMainnet: false, inProcess: true } });
    requestQuit(t.store, t.commands);
    expect(t.quits()).toBe(0);
    expect(t.store.getState().tradingUi.confirm?.text).toContain('wipes its 1 order and 2 positions');
    expect(t.store.getState().tradingUi.confirm?.text).toContain('perpl sim --state FILE');

    // A `perpl sim` beside the terminal keeps them: q quits at once.
    const beside = setup(0);
    beside.store.setState({ trading: held, network: { name: 'local', chainId: 31337, isMainnet: false } });
    requestQuit(beside.store, beside.commands);
    expect(beside.quits()).toBe(1);
  });
});
