// The crash tests' count of the orders an account has on the exchange (algo-crash-book.ts ordersTaken): a
// cancel sent again before the first one showed (the chase does so once a second, and under load the first
// is still on its way) fails with an order history row of its own, with its own oid. The crash property test
// counted that row as a second order and failed, under load only, with "expected 2 to be <= 1".
import { describe, expect, it } from 'vitest';
import { OrderStatus, OrderType } from '../../src/protocol/enums.js';
import { ordersTaken, restingOrders } from './algo-crash-book.js';
import { top, until, useTestExchange } from './harness.js';

const ex = useTestExchange('BTC');

describe('orders an account has on the exchange', () => {
  it('a-resent-cancel-is-not-counted-as-a-second-order: two cancels of one order, the second failed, count one order', async () => {
    const t = await ex.traders.start(ex.h, { balance: '100000000000000' });
    const { bid } = top(ex.h, ex.market.id);
    await t.commands.place({ marketId: ex.market.id, kind: 'post-only', side: 'long', size: 40, price: bid - 5, leverage: 500 }).outcome;
    const [order] = await until(() => restingOrders(ex.h, t.accountId, ex.market.id).length === 1 && restingOrders(ex.h, t.accountId, ex.market.id), 'the resting order');
    const control = ex.h.sim.control;
    // Both cancels reach the exchange before either runs: the second finds nothing left to cancel.
    control.pauseBlocks();
    const first = t.commands.cancel(order!.oid);
    const second = t.commands.cancel(order!.oid);
    await until(() => first.rqs().length > 0 && second.rqs().length > 0, 'both cancels sent');
    control.resumeBlocks();
    await Promise.all([first.outcome, second.outcome]);
    const rows = control.engine.orderHistory(t.accountId).filter((o) => o.mkt === ex.market.id);
    // The situation: the failed cancel has a row with its own oid beside the order's.
    expect(rows.some((o) => o.t === OrderType.Cancel && o.st === OrderStatus.Failed && o.oid !== order!.oid)).toBe(true);
    expect(new Set(rows.map((o) => o.oid)).size).toBe(2);
    expect([...ordersTaken(ex.h, t.accountId, ex.market.id)]).toEqual([order!.oid]);
  });
});
