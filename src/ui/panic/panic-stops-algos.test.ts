// Panic stops every algo before its cancels and closes leave: a TWAP's next child must not follow a panic.
// Also, even when orders are locked the algos are stopped (the lock refuses the panic's requests, not the stop).

import { describe, expect, it } from 'vitest';
import type { AlgoControl } from '../../domain/algos/algo-row.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import type { TradingCommands } from '../../domain/trading/commands.js';
import type { SessionLock } from '../../domain/trading/session-locks.js';
import { createTerminalStore } from '../../state/store.js';
import { createTerminalActions } from '../actions/terminal-actions.js';

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
