// q / Ctrl-C with orders open or requests in flight asks first (default Cancel); with neither it quits at once.

import { describe, expect, it } from 'vitest';
import { answerConfirm } from './confirm.js';
import { requestQuit } from './quit.js';
import type { TerminalCommands } from '../domain/terminal-actions.js';
import { createTerminalActions } from './terminal-actions.js';
import { createTerminalStore } from '../state/store.js';

function setup(inFlight: number) {
  const store = createTerminalStore();
  store.setState({ trading: { ...store.getState().trading, inFlight } });
  let quits = 0;
  const program: TerminalCommands = { selectMarket: () => {}, setResolution: () => {}, quit: () => void quits++ };
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

  it('asks with orders resting too: they stay on the exchange', () => {
    const t = setup(0);
    t.store.setState({ trading: { ...t.store.getState().trading, orders: [{ orderId: 7 } as never] } });
    requestQuit(t.store, t.commands);
    expect(t.quits()).toBe(0);
    expect(t.store.getState().tradingUi.confirm?.text).toContain('1 order open (they stay on the exchange)');
  });
});
