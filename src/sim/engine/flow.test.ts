import { describe, expect, it } from 'vitest';
import type { OrderRequestFrame } from '../../protocol/frames.js';
import { Prng } from '../../lib/prng.js';
import { selectMarkets } from '../markets.js';
import { createSimEngine } from './index.js';
import type { EngineOutput, SimEngine } from './types.js';

const T0 = 1_800_000_000_000;

function engine(seed: number, symbols = ['BTC', 'ETH'], fundingIntervalBlocks = 8571): SimEngine {
  return createSimEngine({
    chainId: 31337,
    seed,
    markets: selectMarkets(symbols, { fundingIntervalBlocks }),
    startTimeMs: T0,
    flow: { backfillMinutes: 300 },
  });
}

/** JSON of an output with Maps flattened, for equality across runs. */
function serialise(out: EngineOutput): string {
  return JSON.stringify(out, (_k, v: unknown) => (v instanceof Map ? [...v.entries()] : v));
}

describe('synthetic market flow', () => {
  it('the first step lays a 25-level ladder per side around the oracle', () => {
    const e = engine(1, ['BTC']);
    const out = e.flowStep(T0, 100);
    const book = e.book(1, 100);
    expect(book.bid).toHaveLength(25);
    expect(book.ask).toHaveLength(25);
    expect(out.book.get(1)?.bid.length).toBeGreaterThanOrEqual(25);
    const bestBid = book.bid[0]?.p ?? 0;
    const bestAsk = book.ask[0]?.p ?? 0;
    expect(bestBid).toBeLessThan(bestAsk);
    expect(Math.abs(bestAsk - 670_000)).toBeLessThan(670); // within 10 bps
  });

  it('a later step touches only a few levels (no full-book copies)', () => {
    const e = engine(1, ['BTC']);
    e.flowStep(T0, 100);
    let maxChanged = 0;
    for (let i = 1; i <= 500; i++) {
      const out = e.flowStep(T0 + i * 5, 100);
      const changes = out.book.get(1);
      maxChanged = Math.max(maxChanged, (changes?.bid.length ?? 0) + (changes?.ask.length ?? 0));
    }
    expect(maxChanged).toBeGreaterThan(0);
    // Requotes touch <= 2 prices per requoted level (old + new); takers sweep a handful at most.
    expect(maxChanged).toBeLessThan(40);
  });

  it('flow steps carry no account output for the internal flow accounts', () => {
    const e = engine(5, ['BTC']);
    for (let i = 0; i < 300; i++) expect(e.flowStep(T0 + i * 5, 100).accounts.size).toBe(0);
    expect(e.accountsOf('0x000000000000000000000000000000000000f10e')).toEqual([]);
  });

  it('produces trades on both sides and keeps mark near the oracle', () => {
    const e = engine(3, ['BTC']);
    const sides = new Set<number>();
    let trades = 0;
    for (let i = 0; i < 2000; i++) {
      const out = e.flowStep(T0 + i * 5, 100 + Math.floor(i / 60));
      for (const t of out.trades.get(1) ?? []) {
        sides.add(t.sd);
        trades++;
      }
    }
    expect(trades).toBeGreaterThan(20);
    expect(sides).toEqual(new Set([1, 2]));
    const st = e.marketState(1);
    expect(st).toBeDefined();
    expect(Math.abs((st?.mrk ?? 0) - (st?.orl ?? 0))).toBeLessThan((st?.orl ?? 0) / 200);
    expect(st?.bid).toBeLessThan(st?.ask ?? 0);
  });

  it('market state is sent only for markets whose state changed', () => {
    const e = engine(1, ['BTC', 'ETH']);
    e.flowStep(T0, 100);
    let block = 100;
    let quietAfter = -1;
    for (let i = 0; i < 50 && quietAfter < 0; i++) {
      // Without flow the mark settles onto its target within a few blocks, then nothing changes.
      if (e.advanceBlock(++block, T0 + i * 300).marketState.size === 0) quietAfter = i;
    }
    expect(quietAfter).toBeGreaterThanOrEqual(0);
    e.setOraclePrice(20, 351_000);
    const out = e.advanceBlock(++block, T0 + 60_000);
    expect([...out.marketState.keys()]).toEqual([20]);
    expect(out.marketState.get(20)).toMatchObject({ orl: 351_000 });
  });

  it('backfills 300 one-minute candles before the start so a chart is never empty', () => {
    const e = engine(1, ['BTC']);
    const candles = e.candles(1, 60, T0 - 400 * 60_000, T0);
    expect(candles).toHaveLength(300);
    for (let i = 1; i < candles.length; i++) expect((candles[i]?.t ?? 0) - (candles[i - 1]?.t ?? 0)).toBe(60_000);
    expect(candles[candles.length - 1]?.c).toBe(670_000);
    for (const c of candles) {
      expect(c.h).toBeGreaterThanOrEqual(Math.max(c.o, c.c));
      expect(c.l).toBeLessThanOrEqual(Math.min(c.o, c.c));
      expect(BigInt(c.v)).toBeGreaterThan(0n);
    }
    expect(e.candles(1, 3600, 0, T0).length).toBeGreaterThanOrEqual(5);
  });

  it('the same seed and calls give the same output; another seed does not', () => {
    const run = (seed: number): string[] => {
      const e = engine(seed);
      const acc = e.createAccount('0xabc', '1000000000000');
      const outs: string[] = [];
      for (let i = 0; i < 300; i++) {
        outs.push(serialise(e.flowStep(T0 + i * 5, 100 + Math.floor(i / 60))));
        if (i % 60 === 59) {
          e.admit('0xabc', { mt: 22, sn: i, rq: i, mkt: 1, acc, t: 1 + (i % 2), p: 0, s: 1000, fl: 4, lv: 500, lb: 0 }, 100 + Math.floor(i / 60));
          outs.push(serialise(e.advanceBlock(101 + Math.floor(i / 60), T0 + i * 5 + 1)));
        }
      }
      return outs;
    };
    const a = run(42);
    expect(run(42)).toEqual(a);
    expect(run(43)).not.toEqual(a);
  });
});

describe('conservation of money', () => {
  it('balances + collateral + fees + pool stay equal to deposits across a long random session', () => {
    const e = engine(7, ['BTC', 'ETH'], 40);
    const rng = new Prng(99);
    const users = [0, 1, 2].map((i) => {
      const address = `0x${(i + 10).toString(16).padStart(40, '0')}`;
      return { address, acc: e.createAccount(address, i === 2 ? '2000000000' : '500000000000'), rq: 0 };
    });
    const markets = [
      { id: 1, px: 670_000, size: 20_000 },
      { id: 20, px: 350_000, size: 20_000 },
    ];
    let head = 100;
    let t = T0;
    let checks = 0;
    for (let step = 0; step < 6000; step++) {
      t += 5;
      e.flowStep(t, head);
      if (step % 20 !== 19) continue;
      for (const u of users) {
        if (!rng.chance(0.7)) continue;
        const m = markets[rng.int(markets.length)] ?? markets[0];
        if (!m) continue;
        const mark = e.marketState(m.id)?.mrk ?? m.px;
        const kind = rng.int(8);
        const base: OrderRequestFrame = { mt: 22, sn: step, rq: ++u.rq, mkt: m.id, acc: u.acc, t: 1, s: 1 + rng.int(m.size), fl: 0, lv: 100 + rng.int(1500), lb: 0 };
        const orders = e.openOrders(u.acc);
        const pos = e.openPositions(u.acc).find((p) => p.mkt === m.id);
        let req: OrderRequestFrame;
        if (kind === 0) req = { ...base, t: 1 + rng.int(2), p: 0, fl: 4 };
        else if (kind === 1) req = { ...base, t: 1 + rng.int(2), p: mark + (rng.int(200) - 100) * 10 };
        else if (kind === 2 && pos) req = { ...base, t: pos.sd === 1 ? 3 : 4, p: 0, fl: 4, s: 1 + rng.int(pos.s) };
        else if (kind === 3 && orders[0]) req = { ...base, t: 5, oid: orders[0].oid, mkt: orders[0].mkt };
        else if (kind === 4 && orders[0]) req = { ...base, t: 7, oid: orders[0].oid, mkt: orders[0].mkt, p: (orders[0].p ?? mark) + 10, s: orders[0].os + 5 };
        else if (kind === 5 && pos) req = { ...base, t: 6, a: String(1 + rng.int(5_000_000)) };
        else if (kind === 6 && pos) req = { ...base, t: pos.sd === 1 ? 3 : 4, p: 0, fl: 4, tp: mark + (rng.int(40) - 20) * 10, tpc: 1 + rng.int(4), lp: pos.pid };
        else req = { ...base, t: 1 + rng.int(2), p: 0, fl: rng.chance(0.5) ? 2 : 4, ms: 1 + rng.int(50) };
        e.admit(u.address, req, head);
      }
      if (rng.chance(0.05)) {
        const m = markets[rng.int(markets.length)] ?? markets[0];
        const st = e.marketState(m?.id ?? 1);
        if (m && st) e.setOraclePrice(m.id, Math.round(st.orl * (1 + (rng.next() - 0.5) * 0.3)));
      }
      head += 1;
      e.advanceBlock(head, t);
      const money = e.moneySupply();
      expect(money.total).toBe(money.deposits);
      for (const u of users) {
        const l = e.ledger(u.acc);
        expect(BigInt(l.balance)).toBeGreaterThanOrEqual(0n);
        expect(BigInt(l.locked)).toBeGreaterThanOrEqual(0n);
        expect(BigInt(l.locked)).toBeLessThanOrEqual(BigInt(l.balance));
        expect(new Set(e.executedRequests(u.acc)).size).toBe(e.executedRequests(u.acc).length);
        for (const p of l.positions) expect(BigInt(p.c)).toBeGreaterThanOrEqual(0n);
      }
      checks++;
    }
    expect(checks).toBe(300);
    const history = users.flatMap((u) => e.accountHistory(u.acc).map((h) => h.et));
    // The session really exercised settlement, funding and collateral paths.
    for (const et of [1, 3, 4, 5, 8]) expect(history).toContain(et);
  });
});
