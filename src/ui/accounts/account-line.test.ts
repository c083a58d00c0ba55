// `:account NAME`: asked of the program only when nothing is open or in flight; else refused with why, and
// the program never hears of it.

import { describe, expect, it } from 'vitest';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalStore } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { askConfirm, patchUi } from '../../state/trading-actions.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { editCommandLine, runCommandLine } from '../command-line/flow.js';

function setup() {
  const store = createTerminalStore();
  const asked: string[] = [];
  const program: TerminalServices = {
    selectMarket: () => {},
    setResolution: () => {},
    quit: () => {},
    switchAccount: (name) => {
      asked.push(name);
      return Promise.resolve({ ok: true, text: `account ${name}` });
    },
  };
  const actions = createTerminalActions(store, program);
  const run = (text: string) => {
    editCommandLine(store, text);
    runCommandLine(store, actions);
  };
  return { store, asked, run };
}

describe(':account NAME', () => {
  it('asks the program for the account and closes the line, saying the outcome', async () => {
    const t = setup();
    t.run('account hedge');
    expect(t.asked).toEqual(['hedge']);
    expect(t.store.getState().tradingUi.commandLine).toBeNull();
    await Promise.resolve();
    await Promise.resolve();
    expect(t.store.getState().notice).toBe('account hedge');
  });

  it('account-switch-under-an-open-confirm: refused with why while a confirm is open; the program is not asked', () => {
    const t = setup();
    askConfirm(t.store, { text: 'cancel all?', action: { kind: 'quit' }, at: 'bar' });
    t.run('account hedge');
    expect(t.asked).toEqual([]);
    expect(t.store.getState().tradingUi.commandError).toBe('account: answer the open question first (y / n)');
  });

  it('account-switch-under-an-open-review: refused while an order review is open', () => {
    const t = setup();
    patchUi(t.store, { reviewing: true });
    t.run('account hedge');
    expect(t.asked).toEqual([]);
    expect(t.store.getState().tradingUi.commandError).toBe('account: send or close the open review first');
  });

  it('account-switch-with-requests-in-flight: refused while requests are in flight, saying how many', () => {
    const t = setup();
    t.store.setState({ trading: { ...EMPTY_TRADING, inFlight: 2 } });
    t.run('account hedge');
    expect(t.asked).toEqual([]);
    expect(t.store.getState().tradingUi.commandError).toBe('account: 2 requests in flight; switch once they settle');
    // Settled: the same line now goes through.
    t.store.setState({ trading: { ...EMPTY_TRADING, inFlight: 0 } });
    t.run('account hedge');
    expect(t.asked).toEqual(['hedge']);
  });

  it('a line without a name is refused with how to write it', () => {
    const t = setup();
    t.run('account');
    expect(t.asked).toEqual([]);
    expect(t.store.getState().tradingUi.commandError).toMatch(/:account NAME/);
  });
});
