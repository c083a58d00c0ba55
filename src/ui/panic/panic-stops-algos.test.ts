// Panic stops every algo before its cancels and closes leave: a TWAP's next child must not follow a panic.
// Also, even when orders are locked the algos are stopped (the lock refuses the panic's requests, not the stop).

import { describe, expect, it } from 'vitest';
import type { AlgoControl } from '../../domain/algos/algo-row.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import type { TradingCommands } from '../../domain/trading/commands.js';
import type { SessionLock } from '../../domain/trading/session-locks.js';
import { createTerminalStore } from '../../state/store.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { pressPanicKey } from './flow.js';

function setup(locks: SessionLock[] = []) {
  const calls: string[] = [];
  const trading = {
    locks: () => locks,
    note: () => {},
    panic: () => {
      calls.push('panic');
      return { rqs: () => [], outcome: Promise.resolve({ ok: true, message: '', results: [] }) };
    },
  } as unknown as TradingCommands;
  const algos = { stopAll: (reason: string) => (calls.push(`stop algos: ${reason}`), 1) } as unknown as AlgoControl;
  const services: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => trading, algos: () => algos };
  return { calls, actions: createTerminalActions(createTerminalStore(), services, () => 1_000) };
}

describe('panic and algos', () => {
  it('panic-stops-algos-before-cancelling', async () => {
    const t = setup();
    await t.actions.panic();
    expect(t.calls).toEqual(['stop algos: panic', 'panic']);
  });

  it('locked-panic-still-stops-algos', async () => {
    const t = setup([{ code: 'feed-stale', message: 'feed stale', label: 'stale' } as SessionLock]);
    await t.actions.panic();
    expect(t.calls).toEqual(['stop algos: panic']);
  });
});

describe('the panic question', () => {
  it('panic-question-names-running-algos: "stop 1 algo" leads the question when one runs; none, and it reads as before', () => {
    const row = { id: 'tw1', kind: 'twap', marketId: 16, side: 'long', target: 3, filled: 0, status: 'running', complete: false, reason: '', arrivalMark: 1, avgPrice: null, next: '', children: 0 } as const;
    const store = createTerminalStore({ algos: [row, { ...row, id: 'tw0', status: 'ended' }] });
    pressPanicKey(store, 1_000);
    pressPanicKey(store, 1_100);
    expect(store.getState().tradingUi.confirm?.text).toBe('PANIC: stop 1 algo, cancel 0 orders and close 0 positions at market?');
    const none = createTerminalStore();
    pressPanicKey(none, 1_000);
    pressPanicKey(none, 1_100);
    expect(none.getState().tradingUi.confirm?.text).toBe('PANIC: cancel 0 orders and close 0 positions at market?');
  });
});
