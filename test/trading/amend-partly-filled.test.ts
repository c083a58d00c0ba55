// A Change's `s` is the size still to fill, on the live exchange (the on-chain lot of the resting order)
// and therefore here: the client's amend sends the new remaining size, and after the change the order
// shows exactly that much left to fill, with what already filled kept (issue 18 item 1).

import { describe, expect, it } from 'vitest';
import { OrderStatusReason as R } from '../../src/protocol/enums.js';
import { top, until, useTestExchange } from './harness.js';

const exchange = useTestExchange('BTC');
const traders = exchange.traders;

describe('amend of a partly filled order', () => {
  it('amend-partly-filled-sets-what-is-left: 300 of 1000 filled, amended to 200 -> 200 left to fill, 300 filled', async () => {
    const maker = await traders.start(exchange.h);
    const taker = await traders.start(exchange.h);
    // The flow keeps quoting; pause it so only the taker below meets the maker's ask.
    exchange.h.sim.control.pauseFlow();
    try {
      const { bid, ask } = await until(() => {
        const t = top(exchange.h, exchange.market.id);
        return t.ask - t.bid >= 2 ? t : undefined;
      }, 'a spread at least two ticks wide');
      const price = ask - 1; // inside the spread: the best ask, above every bid
      expect(price).toBeGreaterThan(bid);
      const placed = await maker.commands.place({ marketId: exchange.market.id, kind: 'limit', side: 'short', size: 1_000, price, leverage: 500 }).outcome;
      const oid = placed.results[0]!.oid!;
      await until(() => maker.session.state.orders.get(oid), 'the resting ask');

      await taker.commands.place({ marketId: exchange.market.id, kind: 'ioc', side: 'long', size: 300, price, leverage: 500 }).outcome;
      await until(() => (maker.session.state.orders.get(oid)?.fs === 300 ? true : undefined), 'the maker order 300 filled');

      const changed = await maker.commands.change(oid, { size: 200 }).outcome;
      expect(changed.results[0]).toMatchObject({ kind: 'definitive', sr: R.OrderChanged });
      const after = await until(() => {
        const o = maker.session.state.orders.get(oid);
        return o && o.os - o.fs === 200 ? o : undefined;
      }, 'the order with 200 left to fill');
      expect(after.fs).toBe(300);
      expect(exchange.h.sim.control.engine.book(exchange.market.id, 1).ask[0]).toMatchObject({ p: price, s: 200 });
    } finally {
      exchange.h.sim.control.resumeFlow();
    }
  });
});
