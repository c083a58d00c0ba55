// Each order type and flag against the real local exchange, over real sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus as S, OrderStatusReason as R, PositionSide } from '../../src/protocol/enums.js';
import { type SimHandle, type Trader, live, market, startTestSim, startTrader, top, until } from './harness.js';

let h: SimHandle;
let t: Trader;
beforeAll(async () => {
  h = await startTestSim();
  t = startTrader(h);
  await live(t);
});
afterAll(async () => {
  t?.stop();
  await h?.stop();
});

describe('orders against the local exchange', () => {
  it('a market long fills and opens a position the session shows', async () => {
    const btc = market(h, 'BTC');
    const out = await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
    expect(out.results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
    const pos = await until(() => [...t.session.state.positions.values()].find((p) => p.mkt === btc.id), 'the position');
    expect(pos).toMatchObject({ sd: PositionSide.Long, s: 100 });
  });
});
