// Execution reports of the orders that are not a new open, against the local exchange: an amend is followed
// by its order's id (the changed order keeps its own rq), so a fill after the change is the amend's, timed
// from its key press and costed against the mark then; after earlier fills its own average is not known and
// no figure is given; panic's cancel and close are both timed from its one key press.

import { describe, expect, it } from 'vitest';
import type { KeyStamp } from '../../src/domain/trading/execution-report.js';
import { type Trader, top, until, useTestExchange } from './harness.js';

const exchange = useTestExchange('BTC');
const traders = exchange.traders;

const reportOf = (t: Trader, kind: string) => t.engine.executionReports().find((r) => r.kind === kind);

/** A resting ask inside the spread, from `maker`, with the flow paused (only the taker below meets it). */
async function restingAsk(maker: Trader): Promise<{ oid: number; price: number }> {
  const { bid, ask } = await until(() => {
    const t = top(exchange.h, exchange.market.id);
    return t.ask - t.bid >= 3 ? t : undefined;
  }, 'a spread at least three ticks wide');
  const price = ask - 1;
  expect(price - 1).toBeGreaterThan(bid);
  const placed = await maker.commands.place({ marketId: exchange.market.id, kind: 'limit', side: 'short', size: 1_000, price, leverage: 500 }).outcome;
  const oid = placed.results[0]!.oid!;
  await until(() => maker.session.state.orders.get(oid), 'the resting ask');
  return { oid, price };
}

describe('execution reports of amends and panic on the exchange', () => {
  it('amend-report-counts-the-fills-after-the-change: a sell moved 1 tick lower then taken is the amend fill, costed vs the mark at its key', async () => {
    const maker = await traders.start(exchange.h);
    const taker = await traders.start(exchange.h);
    exchange.h.sim.control.pauseFlow();
    try {
      const { oid, price } = await restingAsk(maker);
      const moved = price - 1;
      const key: KeyStamp = { keyAtMs: performance.now(), marks: { [exchange.market.id]: price } };
      const changed = await maker.commands.change(oid, { price: moved }, key).outcome;
      expect(changed.ok).toBe(true);
      const amend = reportOf(maker, 'amend')!;
      expect(amend).toMatchObject({ side: 'short', filledSize: 0 });
      expect(amend.toAckMs).not.toBeNull();

      await taker.commands.place({ marketId: exchange.market.id, kind: 'ioc', side: 'long', size: 300, price: moved, leverage: 500 }).outcome;
      const filled = await until(() => {
        const r = reportOf(maker, 'amend');
        return r && r.filledSize === 300 ? r : undefined;
      }, 'the amend to see the fill of its order');
      expect(filled.averageFillPrice).toBe(moved);
      // A sell 1 tick under the mark at the key: 1 tick worse.
      expect(filled.vsMark?.ticks).toBe(1);
      expect(filled.toFirstFillMs!).toBeGreaterThanOrEqual(filled.toAckMs!);
    } finally {
      exchange.h.sim.control.resumeFlow();
    }
  });

  it('amend-after-fills-reports-no-average: 300 filled before the change, 200 after: 200 is the amend, with no price and no slippage', async () => {
    const maker = await traders.start(exchange.h);
    const taker = await traders.start(exchange.h);
    exchange.h.sim.control.pauseFlow();
    try {
      const { oid, price } = await restingAsk(maker);
      await taker.commands.place({ marketId: exchange.market.id, kind: 'ioc', side: 'long', size: 300, price, leverage: 500 }).outcome;
      await until(() => (maker.session.state.orders.get(oid)?.fs === 300 ? true : undefined), 'the maker order 300 filled');
      const key: KeyStamp = { keyAtMs: performance.now(), marks: { [exchange.market.id]: price } };
      expect((await maker.commands.change(oid, { size: 200 }, key).outcome).ok).toBe(true);
      await taker.commands.place({ marketId: exchange.market.id, kind: 'ioc', side: 'long', size: 200, price, leverage: 500 }).outcome;
      const filled = await until(() => {
        const r = reportOf(maker, 'amend');
        return r && r.filledSize === 200 ? r : undefined;
      }, 'the amend to count the 200 after the change');
      expect(filled).toMatchObject({ averageFillPrice: null, vsMark: null, vsEstimate: null });
    } finally {
      exchange.h.sim.control.resumeFlow();
    }
  });

  it('panic-reports-share-one-key: the cancel and the close panic sends both get a report timed from its key press', async () => {
    const trader = await traders.start(exchange.h);
    const { ask } = top(exchange.h, exchange.market.id);
    await trader.commands.place({ marketId: exchange.market.id, kind: 'market', side: 'long', size: 1_000, leverage: 500 }).outcome;
    await until(() => trader.session.state.positions.size === 1 || undefined, 'a long');
    await trader.commands.place({ marketId: exchange.market.id, kind: 'limit', side: 'short', size: 1_000, price: Math.round(ask * 1.02), leverage: 500 }).outcome;
    await until(() => trader.session.state.orders.size === 1 || undefined, 'a resting order');
    expect(trader.engine.executionReports()).toEqual([]); // sent without a key: no report

    const keyAtMs = performance.now();
    const out = await trader.commands.panic({ keyAtMs, marks: { [exchange.market.id]: ask } }).outcome;
    expect(out.ok).toBe(true);
    const reports = trader.engine.executionReports();
    // One cancel, and one close (more if a close was retried wider): every one sent, acked, from the key.
    expect(reports.filter((r) => r.kind === 'cancel')).toHaveLength(1);
    const closes = reports.filter((r) => r.kind === 'close');
    expect(closes.length).toBeGreaterThanOrEqual(1);
    expect(reports).toHaveLength(closes.length + 1);
    for (const r of reports) expect(r.toAckMs).not.toBeNull();
    for (const r of reports) expect(Math.abs(r.keyWallMs - reports[0]!.keyWallMs)).toBeLessThanOrEqual(2);
    expect(closes.every((c) => c.side === 'short')).toBe(true);
    expect(closes.reduce((n, c) => n + c.filledSize, 0)).toBe(1_000);
    expect(closes.some((c) => c.vsMark !== null)).toBe(true);
  });
});
