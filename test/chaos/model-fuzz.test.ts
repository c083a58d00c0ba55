// Random decoded frames into the domain models (OrderBook, TradeTape, CandleSeries, TradingState): every
// frame is built as JSON and passed through the real decoder first (what a session would apply), then
// applied in random order. Nothing may throw and the models' invariants must hold after every step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TradingState, fillKey } from '../../src/client/trading/trading-state.js';
import { OrderBook } from '../../src/domain/book.js';
import { CandleSeries } from '../../src/domain/candles.js';
import { TradeTape } from '../../src/domain/trades.js';
import { decodeInbound } from '../../src/protocol/decode/index.js';
import { INBOUND_EXAMPLES } from '../../src/protocol/decode/wire-examples.js';
import type { InboundFrame } from '../../src/protocol/frames.js';

const RUNS = process.env.PERPL_CHAOS === 'long' ? 2_000 : 150;

/** Decodes like a session does; undefined when the decoder refuses the frame (the session skips it). */
function decoded(value: unknown): InboundFrame | undefined {
  try {
    return decodeInbound(JSON.stringify(value));
  } catch {
    return undefined;
  }
}

const level = fc.record({ p: fc.integer({ min: 1, max: 300 }), s: fc.integer({ min: 0, max: 50 }), o: fc.integer({ min: 0, max: 4 }) });
const bookOp = fc.record({ mt: fc.constantFrom(15, 16, 16, 16), bid: fc.array(level, { maxLength: 8 }), ask: fc.array(level, { maxLength: 8 }) });

function checkBook(book: OrderBook): void {
  const v = book.view(1_000);
  for (let i = 1; i < v.bids.length; i++) expect(v.bids[i]!.price).toBeLessThan(v.bids[i - 1]!.price);
  for (let i = 1; i < v.asks.length; i++) expect(v.asks[i]!.price).toBeGreaterThan(v.asks[i - 1]!.price);
  for (const r of [...v.bids, ...v.asks]) {
    expect(r.size).toBeGreaterThan(0);
    expect(Number.isSafeInteger(r.total)).toBe(true);
  }
  const bid = book.bestBid();
  const ask = book.bestAsk();
  expect(book.isCrossed()).toBe(bid !== null && ask !== null && bid >= ask);
}

describe('domain models under random decoded frames', () => {
  it('book-stays-sorted: any mix of snapshots and deltas keeps both sides sorted, without empty levels, and an uncrossed snapshot uncrossed', () => {
    fc.assert(
      fc.property(fc.array(bookOp, { minLength: 1, maxLength: 40 }), (ops) => {
        const book = new OrderBook(1);
        for (const op of ops) {
          const frame = decoded({ ...op, sid: 1, sn: 1 });
          if (frame?.mt !== 15 && frame?.mt !== 16) continue;
          if (frame.mt === 15) {
            book.applySnapshot(frame.bid, frame.ask);
            // After a resync's snapshot whose sides do not overlap, the book is not crossed.
            const maxBid = Math.max(0, ...frame.bid.filter((l) => l.s > 0).map((l) => l.p));
            const minAsk = Math.min(Infinity, ...frame.ask.filter((l) => l.s > 0).map((l) => l.p));
            if (maxBid < minAsk) expect(book.isCrossed()).toBe(false);
          } else if (book.hasSnapshot) book.applyDelta(frame.bid, frame.ask);
          checkBook(book);
        }
      }),
      { numRuns: RUNS },
    );
  });

  const trade = fc.record({
    at: fc.record({ b: fc.integer({ min: 1, max: 50 }), t: fc.integer({ min: 1, max: 1e12 }), tx: fc.integer({ min: 0, max: 3 }), l: fc.integer({ min: 0, max: 3 }) }),
    p: fc.integer({ min: 1, max: 1e9 }),
    s: fc.integer({ min: 0, max: 1e6 }),
    sd: fc.constantFrom(1, 2, 3),
  });
  it('tape-bounded-unique: random trade snapshots and updates never exceed capacity nor show a trade twice', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ mt: fc.constantFrom(17, 18, 18), d: fc.array(trade, { maxLength: 12 }) }), { maxLength: 30 }), (ops) => {
        const tape = new TradeTape(20);
        let now = 0;
        for (const op of ops) {
          const frame = decoded({ ...op, sid: 2, sn: 1 });
          if (frame?.mt !== 17 && frame?.mt !== 18) continue;
          now += 10;
          if (frame.mt === 17) tape.applySnapshot(frame.d, now);
          else tape.add(frame.d, now);
          const view = tape.view(100);
          expect(view.length).toBeLessThanOrEqual(20);
          expect(new Set(view.map((t) => t.key)).size).toBe(view.length);
        }
      }),
      { numRuns: RUNS },
    );
  });

  const candle = fc.record({
    t: fc.integer({ min: 0, max: 50 }).map((i) => 1_790_000_000_000 + i * 60_000),
    o: fc.integer({ min: 1, max: 1e6 }),
    c: fc.integer({ min: 1, max: 1e6 }),
    h: fc.integer({ min: 1, max: 1e6 }),
    l: fc.integer({ min: 1, max: 1e6 }),
    v: fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
    n: fc.integer({ min: 0, max: 1e4 }),
  });
  it('candles-ordered: random candle snapshots, updates and backfill keep one candle per time, oldest first, bounded', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ mt: fc.constantFrom(11, 12, 0), d: fc.array(candle, { maxLength: 10 }) }), { maxLength: 25 }), (ops) => {
        const series = new CandleSeries(1, 60, 30);
        for (const op of ops) {
          if (op.mt === 0) series.mergeBackfill(op.d);
          else {
            const frame = decoded({ ...op, sid: 3, at: { b: 1, t: 1 }, r: 60 });
            if (frame?.mt === 11) series.applySnapshot(frame.d);
            else if (frame?.mt === 12) series.upsert(frame.d);
          }
          const all = series.all();
          expect(all.length).toBeLessThanOrEqual(30);
          for (let i = 1; i < all.length; i++) expect(all[i]!.t).toBeGreaterThan(all[i - 1]!.t);
          series.view(100);
        }
      }),
      { numRuns: RUNS },
    );
  });

  // Trading frames: the examples with their ids, statuses, blocks and sizes replaced by random values.
  const TRADING = INBOUND_EXAMPLES.filter((e) => [19, 21, 23, 24, 25, 26, 27].includes(e.value.mt as number)).map((e) => e.value);
  const tweak = fc.record({
    pick: fc.nat(),
    oid: fc.integer({ min: 1, max: 6 }),
    pid: fc.integer({ min: 1, max: 6 }),
    st: fc.integer({ min: 1, max: 6 }),
    r: fc.boolean(),
    b: fc.integer({ min: 1, max: 30 }),
    s: fc.integer({ min: 0, max: 100 }),
    acc: fc.constantFrom(824, 825),
  });
  it('trading-state-consistent: random account/order/position/fill frames keep maps keyed by their ids, only open rows, fills bounded and unique', () => {
    fc.assert(
      fc.property(fc.array(tweak, { maxLength: 40 }), (tweaks) => {
        const state = new TradingState(824, 10);
        for (const k of tweaks) {
          const base = TRADING[k.pick % TRADING.length]!;
          const rows = (d: unknown) =>
            Array.isArray(d) ? d.map((row: Record<string, unknown>) => ({ ...row, oid: k.oid, pid: k.pid, st: k.st, r: k.r, s: k.s, acc: k.acc, at: { b: k.b, t: k.b * 1000, tx: 0, l: k.oid } })) : d;
          const frame = decoded({ ...base, sn: k.b, d: rows(base.d) });
          if (!frame) continue;
          switch (frame.mt) {
            case 19: state.applyWalletSnapshot(frame); break;
            case 21: state.applyAccountUpdate(frame); break;
            case 23: state.replaceOrders(frame.d); break;
            case 24: state.applyOrders(frame.d); break;
            case 25: state.applyFills(frame.d); break;
            case 26: state.replacePositions(frame.d); break;
            case 27: state.applyPositions(frame.d); break;
            default: break;
          }
          for (const [oid, o] of state.orders) {
            expect(o.oid).toBe(oid);
            expect(o.r).toBeFalsy();
            expect(o.acc).toBe(824);
          }
          for (const [pid, p] of state.positions) {
            expect(p.pid).toBe(pid);
            expect(p.acc).toBe(824);
          }
          expect(state.fills.length).toBeLessThanOrEqual(10);
          expect(new Set(state.fills.map(fillKey)).size).toBe(state.fills.length);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
