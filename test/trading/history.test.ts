// History loaders over the local exchange's REST endpoints (signed, paged), filtered locally.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrderByRq, loadAccountEvents, loadFills, loadOrderHistory, loadPositionHistory } from '../../src/client/history/loaders.js';
import { AccountEventType, OrderStatus as S, PositionStatus } from '../../src/protocol/enums.js';
import { positionLedger } from '../helpers/position-ledger.js';
import { type SimHandle, type Trader, live, market, startTestSim, startTrader, until } from './harness.js';

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

describe('history loaders against the local exchange', () => {
  it('fills, orders, folded positions and account events, filtered by market', async () => {
    const btc = market(h, 'BTC');
    const eth = market(h, 'ETH');
    const opened = await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
    await t.commands.place({ marketId: eth.id, kind: 'market', side: 'short', size: 1_000, leverage: 500 }).outcome;
    const pos = await until(() => [...t.session.state.positions.values()].find((p) => p.mkt === btc.id), 'the BTC position');
    await t.commands.close(pos.pid, { kind: 'market' }).outcome;

    const fills = await loadFills(t.rest, { marketId: btc.id });
    expect(fills.length).toBeGreaterThanOrEqual(2);
    expect(fills.every((f) => f.mkt === btc.id)).toBe(true);

    const orders = await loadOrderHistory(t.rest, { marketId: eth.id });
    expect(orders.length).toBeGreaterThanOrEqual(1);
    expect(orders.every((o) => o.mkt === eth.id)).toBe(true);

    const folded = await loadPositionHistory(t.rest, { marketId: btc.id });
    const row = folded.find((p) => p.positionId === pos.pid);
    expect(row).toMatchObject({ status: PositionStatus.Closed, maxSize: 100 });
    expect(row!.events).toBeGreaterThanOrEqual(2);

    const events = await loadAccountEvents(t.rest);
    expect(events.some((e) => e.et === AccountEventType.Settlement)).toBe(true);

    const found = await findOrderByRq(t.rest, t.accountId, opened.results[0]!.rq);
    expect(found).toMatchObject({ st: S.Filled, mkt: btc.id });
    expect(await findOrderByRq(t.rest, t.accountId, 987_654)).toBeUndefined();
  });

  it('position-history-matches-the-ledger: open, increase, partial close, close -> folded fees and realized PnL = the account events', async () => {
    const sol = market(h, 'SOL'); // a market no other test here trades
    const mine = () => [...t.session.state.positions.values()].find((p) => p.mkt === sol.id);
    await t.commands.place({ marketId: sol.id, kind: 'market', side: 'long', size: 200, leverage: 500 }).outcome;
    const pos = await until(() => mine(), 'the SOL long');
    await t.commands.place({ marketId: sol.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
    await until(() => (mine()?.s === 300 ? mine() : undefined), 'the increase');
    await t.commands.close(pos.pid, { kind: 'market', size: 120 }).outcome;
    await until(() => (mine()?.s === 180 ? mine() : undefined), 'the partial close');
    await t.commands.close(pos.pid, { kind: 'market' }).outcome;
    await until(() => (mine() === undefined ? true : undefined), 'the close');

    const [folded] = (await loadPositionHistory(t.rest, { marketId: sol.id })).filter((p) => p.positionId === pos.pid);
    const ledger = positionLedger(await loadAccountEvents(t.rest), h.sim.control.engine.positionHistory(t.accountId), pos.pid);
    expect(ledger.map((e) => e.et)).toEqual([4, 4, 4, 4]);
    const fees = ledger.reduce((sum, e) => sum + BigInt(e.f), 0n);
    const moved = ledger.reduce((sum, e) => sum + BigInt(e.a), 0n);
    expect(fees > 0n).toBe(true);
    expect(BigInt(folded!.fees)).toBe(fees);
    // Closed: the margin posted came back, so what the ledger moved is realized PnL + funding - fees.
    expect(BigInt(folded!.realizedPnl) + BigInt(folded!.funding) - BigInt(folded!.fees)).toBe(moved);
    expect(folded).toMatchObject({ status: PositionStatus.Closed, maxSize: 300, events: 4 });
  });
});
