import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../trading/market.fixtures.js';
import type { AlgoDistance } from './distance.js';
import { nextChasePrice, startChase, type BookTop, type ChaseSpec, type ChaseState } from './chase.js';
import { chaseStep, type ChaseEvent } from './chase-progress.js';

// Random books (a drifting bid, a spread that is sometimes locked or crossed, a side sometimes empty),
// random fills and refusals, the runner's loop in a few lines: every price the chase asks for stays within
// its bound, never crosses the book it was decided on, and it never places while an order rests or a request
// is on its way.
const market = btcTestMarket();
const step = fc.record({
  drift: fc.integer({ min: -15, max: 15 }),
  spread: fc.integer({ min: -3, max: 12 }),
  emptySide: fc.constantFrom<'none' | 'bid' | 'ask'>('none', 'none', 'none', 'none', 'bid', 'ask'),
  fill: fc.integer({ min: 0, max: 4_000 }),
  refuse: fc.boolean(),
  ms: fc.integer({ min: 0, max: 3_000 }),
  late: fc.boolean(),
});
const distance = fc.oneof(
  fc.integer({ min: 1, max: 60 }).map((ticks): AlgoDistance => ({ unit: 'ticks', ticks })),
  fc.integer({ min: 1, max: 20 }).map((bps): AlgoDistance => ({ unit: 'bps', bps })),
);

/** An exchange's answer to a request, and the order a cancel removed. */
interface Reply {
  event: ChaseEvent;
  cancelled?: number;
}

describe('the chase over random books (property)', () => {
  it('chase-price-is-always-within-bound-never-crosses-and-never-two-live-orders', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 80 }),
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        distance,
        fc.constantFrom<'leave' | 'cancel'>('leave', 'cancel'),
        (steps, side, maxDistance, atBound) => {
          const spec: ChaseSpec = { marketId: 16, side, size: 10_000, leverage: 1_000, maxDistance, durationMs: 60_000, atBound };
          let s: ChaseState | null = startChase(spec, { bid: 650_000, ask: 650_010 }, 0);
          if (s === null) throw new Error('no start');
          const buy = side === 'long';
          let mid = 650_000;
          let now = 0;
          let nextId = 1;
          /** The orders the exchange holds for the chase, and answers held back a step (a slow exchange). */
          const resting = new Set<number>();
          let late: Reply[] = [];
          const answer = (e: ChaseEvent, cancelled?: number): void => {
            if (e.kind === 'placed') resting.add(e.orderId);
            if (e.kind === 'cancelled' && cancelled !== undefined) resting.delete(cancelled);
            if (s) s = chaseStep(s, e);
          };
          for (const x of steps) {
            mid += x.drift;
            now += x.ms;
            const book: BookTop = {
              bid: x.emptySide === 'bid' ? null : mid,
              ask: x.emptySide === 'ask' ? null : mid + x.spread,
            };
            const d = nextChasePrice(s, book, now, market);
            if (d.kind === 'place' || d.kind === 'change' || d.kind === 'cancel-then-place') {
              expect(buy ? d.price <= s.boundPrice : d.price >= s.boundPrice).toBe(true);
              if (buy && book.ask !== null) expect(d.price).toBeLessThan(book.ask);
              if (!buy && book.bid !== null) expect(d.price).toBeGreaterThan(book.bid);
            }
            if (d.kind === 'place') {
              expect(resting.size).toBe(0);
              expect(s.pending).toBeNull();
              expect(d.size).toBe(spec.size - s.filled);
            }
            s = chaseStep(s, { kind: 'sent', decision: d });
            let reply: Reply | null = null;
            if (d.kind === 'place') reply = { event: x.refuse ? { kind: 'refused', reason: 'would cross' } : { kind: 'placed', orderId: nextId++, price: d.price, size: d.size } };
            else if (d.kind === 'change') reply = { event: x.refuse ? { kind: 'refused', reason: 'rate' } : { kind: 'changed', price: d.price } };
            else if (d.kind === 'cancel-then-place') reply = { event: { kind: 'cancelled' }, cancelled: d.cancel };
            else if (d.kind === 'end' && d.cancel !== null) reply = { event: { kind: 'cancelled' }, cancelled: d.cancel };
            // Last step's slow answers land only after this step decided: the chase decided with them on their way.
            for (const r of late) answer(r.event, r.cancelled);
            late = [];
            if (reply && x.late) late.push(reply);
            else if (reply) answer(reply.event, reply.cancelled);
            expect(resting.size).toBeLessThanOrEqual(1);
            if (s.live !== null && x.fill > 0) {
              const id = s.live.orderId;
              s = chaseStep(s, { kind: 'fill', size: Math.min(x.fill, s.live.remaining) });
              if (s.live === null) resting.delete(id);
            }
            expect(s.filled).toBeLessThanOrEqual(spec.size);
            if (s.ended !== null && late.length === 0) break;
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
