// The Algos tab's keys act on the selected algo (newest first) through TerminalActions, W reaches the tab,
// and a key that cannot act says why and asks nothing of the runner.

import { describe, expect, it } from 'vitest';
import type { AlgoControl, AlgoRow } from '../../domain/algos/algo-row.js';
import type { CommandHandle, TradingCommands } from '../../domain/trading/commands.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import { SCALE_ROW } from './algo-rows.fixtures.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { keyPresser } from '../keys/press.fixtures.js';

const base: AlgoRow = {
  id: 'tw1', kind: 'twap', marketId: 16, side: 'long', target: 3_000, filled: 0, status: 'running', complete: false, reason: '', arrivalMark: 670_000, avgPrice: null, next: '', children: 0,
};

const leg = (orderId: number, group: string): OrderRowView => ({
  orderId, requestId: orderId, marketId: 16, type: 1, status: 2, price: 650_000, originalSize: 1_000, filledSize: 0, flags: 0, leverage: 500,
  triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null, group,
});

function setup(algos: AlgoRow[], orders: OrderRowView[] = []) {
  const store = createTerminalStore({ focus: 'trading', algos, keyScope: 'trade', connection: { ...INITIAL_CONNECTION, health: 'live' }, trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, orders } });
  const asked: string[] = [];
  const control = {
    pause: (id: string) => (asked.push(`pause ${id}`), null),
    unpause: (id: string) => (asked.push(`resume ${id}`), null),
    cancel: (id: string) => (asked.push(`cancel ${id}`), null),
  } as unknown as AlgoControl;
  const done = (rq: number): CommandHandle => ({ rqs: () => [rq], outcome: Promise.resolve({ ok: true, results: [{ kind: 'definitive', rq, st: 5, message: 'cancelled' }], message: 'cancelled' }) });
  const trading = { locks: () => [], note: () => {}, cancel: (id: number) => (asked.push(`cancel order ${id}`), done(id)) } as unknown as TradingCommands;
  const services: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => trading, algos: () => control };
  return { store, asked, press: keyPresser(store, services) };
}

describe('Algos tab keys', () => {
  it('W shows the Algos tab; S, U and X act on the selected (newest first) algo', () => {
    const t = setup([{ ...base, id: 'tw1' }, { ...base, id: 'tw2', status: 'paused' }]);
    t.press('W');
    expect(t.store.getState().tabs.tab).toBe('algos');
    t.press('U'); // tw2 (newest) is paused
    t.press('j'); // tw1
    t.press('S');
    t.press('X');
    expect(t.asked).toEqual(['resume tw2', 'pause tw1', 'cancel tw1']);
  });

  it('ended-algo-keys-refused-with-reason: an ended algo cannot be paused or cancelled, a running one not resumed', () => {
    const t = setup([{ ...base, status: 'ended', complete: true }]);
    t.press('W');
    t.press('S');
    expect(t.store.getState().notice).toBe('tw1: ended');
    t.press('X');
    t.press('U');
    expect(t.store.getState().notice).toBe('tw1: not paused');
    expect(t.asked).toEqual([]);
  });

  it('scale-row-x-cancels-its-open-legs-after-the-question: its own group\'s legs (not another scale\'s), each a cancel; S and U say it has no pause', () => {
    const t = setup([SCALE_ROW], [leg(1, 'scale-abc'), leg(2, 'scale-other'), leg(3, 'scale-abc')]);
    t.press('W');
    t.press('S');
    expect(t.store.getState().notice).toBe('scl1: a scaled order has no pause');
    t.press('U');
    expect(t.store.getState().notice).toBe('scl1: a scaled order has no pause');
    t.press('X');
    expect(t.store.getState().tradingUi.confirm?.text).toBe('cancel the scaled order (2 open legs)?');
    expect(t.asked).toEqual([]);
    t.press('y');
    // The runner is asked nothing: the legs are cancelled as orders, as `:cancel scale` does.
    expect(t.asked).toEqual(['cancel order 1', 'cancel order 3']);
  });

  it('scale-row-x-with-no-open-leg-says-so: nothing asked, nothing sent', () => {
    const t = setup([SCALE_ROW], [leg(2, 'scale-other')]);
    t.press('W');
    t.press('X');
    expect(t.store.getState().notice).toBe('scl1: no leg open');
    expect(t.store.getState().tradingUi.confirm).toBeNull();
    expect(t.asked).toEqual([]);
  });
});
