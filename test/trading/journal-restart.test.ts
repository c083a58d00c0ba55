// A restart in the middle of an order never sends it twice: the next engine reads the journal and
// reconciles unresolved requests against the fresh snapshots, lfr and order history.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal } from '../../src/client/trading/journal.js';
import { OrderFlag, OrderStatus as S, OrderType } from '../../src/protocol/enums.js';
import type { Market, OrderRequestFrame } from '../../src/protocol/frames.js';
import { type SimHandle, type Trader, live, market, startTestSim, startTrader, until } from './harness.js';

let h: SimHandle;
let btc: Market;
let dir: string;
beforeAll(async () => {
  h = await startTestSim();
  btc = market(h, 'BTC');
  dir = mkdtempSync(join(tmpdir(), 'perpl-restart-'));
});
afterAll(async () => {
  h.sim.control.resumeBlocks();
  await h?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Counts mt 22 frames a trader sends from now on. */
function countSends(t: Trader): () => number {
  let n = 0;
  const send = t.session.sendOrderFrame.bind(t.session);
  t.session.sendOrderFrame = (f) => {
    n++;
    return send(f);
  };
  return () => n;
}

describe('journal restart', () => {
  it('an order that landed while the client was down is reconciled from history, not resent', async () => {
    const path = join(dir, 'landed.ndjson');
    const first = startTrader(h, { engine: { journal: { network: 'local', path } } });
    await live(first);
    h.sim.control.pauseBlocks();
    const handle = first.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 });
    await until(() => first.engine.views()[0]?.phase === 'acked', 'the ack');
    const rq = handle.rqs()[0]!;
    first.stop(); // the process dies with the order in flight
    h.sim.control.resumeBlocks();
    await until(() => h.sim.control.engine.executedRequests(first.accountId).includes(rq), 'the order to execute');

    const second = startTrader(h, { wallet: { address: first.address, accountId: first.accountId }, engine: { journal: { network: 'local', path } } });
    const sends = countSends(second);
    try {
      await live(second);
      const recovered = await until(() => second.engine.views().find((v) => v.rqs.includes(rq) && v.result), 'the reconciliation');
      expect(recovered.result).toMatchObject({ kind: 'definitive', st: S.Filled, rq });
      expect(sends()).toBe(0);
      expect(h.sim.control.engine.executedRequests(first.accountId).filter((x) => x === rq)).toHaveLength(1);
      const resolved = Journal.read(path).filter((r) => r.k === 'resolved' && r.rq === rq);
      expect(resolved).toHaveLength(1);
      // The next order gets a fresh rq above everything journaled.
      const next = second.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 10, leverage: 500 });
      expect((await next.outcome).ok).toBe(true);
      expect(next.rqs()[0]!).toBeGreaterThan(rq);
    } finally {
      second.stop();
    }
  });

  it('key-thread-fired-then-kill-9-before-adoption: the order staged and sent by the key thread is followed after the restart, never sent again', async () => {
    const path = join(dir, 'fired.ndjson');
    const first = startTrader(h, { engine: { journal: { network: 'local', path } } });
    await live(first);
    const staged = first.engine.stage({ t: OrderType.OpenLong, mkt: btc.id, s: 1_000, p: 90_000, fl: OrderFlag.GoodTillCancel, lv: 500, lb: 0 }, 'buy (armed)');
    if ('problems' in staged) throw new Error(staged.problems.join('; '));
    // The key thread's send: the staged bytes leave, and the screen thread dies before it adopts them.
    first.session.sendOrderFrame(JSON.parse(staged.text) as OrderRequestFrame);
    first.stop();
    await until(() => h.sim.control.engine.executedRequests(first.accountId).includes(staged.rq), 'the order to execute');
    expect(Journal.read(path).filter((r) => r.rq === staged.rq).map((r) => r.k)).toEqual(['request']);

    const second = startTrader(h, { wallet: { address: first.address, accountId: first.accountId }, engine: { journal: { network: 'local', path } } });
    const sends = countSends(second);
    try {
      await live(second);
      const recovered = await until(() => second.engine.views().find((v) => v.rqs.includes(staged.rq) && v.result), 'the reconciliation');
      expect(recovered.result).toMatchObject({ kind: 'definitive', rq: staged.rq });
      expect(sends()).toBe(0);
      expect(h.sim.control.engine.executedRequests(first.accountId).filter((x) => x === staged.rq)).toHaveLength(1);
    } finally {
      second.stop();
    }
  });

  it('scale-group-lost-on-restart: the legs of an order group are still its legs after a restart (journaled with each request)', async () => {
    const path = join(dir, 'group.ndjson');
    const first = startTrader(h, { engine: { journal: { network: 'local', path } } });
    await live(first);
    const legs = [100_000, 99_000, 98_000].map((price) => first.commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 1_000, price, leverage: 500, group: 'scale-t1' }));
    const outcomes = await Promise.all(legs.map((l) => l.outcome));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const rqs = legs.map((l) => l.rqs()[0]!);
    const other = await first.commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 1_000, price: 97_000, leverage: 500 }).outcome;
    expect(rqs.map((rq) => first.engine.groupOf(rq))).toEqual(['scale-t1', 'scale-t1', 'scale-t1']);
    first.stop();

    const second = startTrader(h, { wallet: { address: first.address, accountId: first.accountId }, engine: { journal: { network: 'local', path } } });
    try {
      await live(second);
      expect(rqs.map((rq) => second.engine.groupOf(rq))).toEqual(['scale-t1', 'scale-t1', 'scale-t1']);
      expect(second.engine.groupOf(other.results[0]!.rq)).toBeUndefined();
      const resting = [...second.session.state.orders.values()].filter((o) => rqs.includes(o.rq));
      expect(resting).toHaveLength(3);
    } finally {
      second.stop();
    }
  });

  it('refuses to send when the journal cannot be written (a crash could lose track of the order)', async () => {
    const t = startTrader(h, { engine: { journal: { network: 'local', path: '/dev/null/cannot/journal.ndjson' } } });
    try {
      await live(t);
      expect(t.engine.lockReason()).toMatch(/journal cannot be written/);
      const out = await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 10, leverage: 500 }).outcome;
      expect(out.results[0]).toMatchObject({ kind: 'invalid', rq: 0 });
      expect(h.sim.control.engine.executedRequests(t.accountId)).toEqual([]);
    } finally {
      t.stop();
    }
  });

  it('an unresolved entry that never reached the exchange is given up once expired, never resent', async () => {
    const t0 = startTrader(h);
    await live(t0);
    const lfr = t0.session.state.account!.lfr;
    const head = t0.session.head!;
    t0.stop();
    const path = join(dir, 'lost.ndjson');
    const rq = lfr + 5;
    const frame: OrderRequestFrame = { mt: 22, sn: 1, rq, mkt: btc.id, acc: t0.accountId, t: 1, p: 0, s: 100, fl: 4, ms: 100, lv: 500, lb: 0 };
    const j = new Journal(path);
    j.append({ k: 'request', key: 'old-1', rq, frame, postedHead: head - 100, label: 'market long from a crashed run' }, true);
    j.append({ k: 'sent', key: 'old-1', rq, sn: 1, epoch: 1, head: head - 100 });
    j.close();

    const t = startTrader(h, { wallet: { address: t0.address, accountId: t0.accountId }, engine: { journal: { network: 'local', path } } });
    const sends = countSends(t);
    try {
      await live(t);
      const v = await until(() => t.engine.views().find((x) => x.key === 'old-1' && x.result), 'the old entry to resolve');
      expect(v.result?.kind).toBe('gave-up');
      expect(v.result?.message).toMatch(/not resent/);
      expect(sends()).toBe(0);
      expect(h.sim.control.engine.executedRequests(t.accountId)).not.toContain(rq);
      const next = t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 10, leverage: 500 });
      await next.outcome;
      expect(next.rqs()[0]).toBe(rq + 1);
    } finally {
      t.stop();
    }
  });
});
