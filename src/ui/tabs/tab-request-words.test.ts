// A request sent from the trading tabs is toasted with the market's name and units, not wire integers.

import { describe, expect, it } from 'vitest';
import type { ActionResult, TerminalActions } from '../../domain/terminal-actions.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import { createTerminalStore } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { runTabIntent } from './intent.js';
// The contexts that send the tabs' requests register when they load (owners.ts).
import '../open-orders/send.js';
import '../positions/send.js';

const BTC = { id: 1, symbol: 'BTC', name: 'Bitcoin', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };
const order: OrderRowView = {
  orderId: 42, requestId: 3, marketId: 1, type: 1, status: 2, price: 665_000, originalSize: 20_000, filledSize: 5_000, flags: 0,
  leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};

function labelsOf(run: (actions: TerminalActions) => Promise<ActionResult>): string[] {
  const labels: string[] = [];
  const sent = (label: string) => {
    labels.push(label);
    return Promise.resolve({ kind: 'refused', label, message: 'test' } as ActionResult);
  };
  const actions = {
    cancel: (_id: number, label: string) => sent(label),
    amend: (_id: number, _c: unknown, label: string) => sent(label),
    addCollateral: (_id: number, _a: string, label: string) => sent(label),
  } as unknown as TerminalActions;
  void run(actions);
  return labels;
}

describe('tab request words', () => {
  it('tab-toasts-say-sizes-and-prices-not-wire-integers', () => {
    const store = createTerminalStore({ markets: [BTC], trading: { ...EMPTY_TRADING, orders: [order] } });
    expect(labelsOf((a) => runTabIntent(store, a, { kind: 'change', orderId: 42, price: 669_173 }))).toEqual(['change BTC order 42: price 66,917.3']);
    expect(labelsOf((a) => runTabIntent(store, a, { kind: 'change', orderId: 42, size: 1_000 }))).toEqual(['change BTC order 42: size 0.01 BTC']);
    expect(labelsOf((a) => runTabIntent(store, a, { kind: 'cancel', orderId: 42 }))).toEqual(['cancel BTC order 42']);
    expect(labelsOf((a) => runTabIntent(store, a, { kind: 'collateral', positionId: 7, amount: '100000000' }))).toEqual(['add 100.00 collateral to position 7']);
  });
});
