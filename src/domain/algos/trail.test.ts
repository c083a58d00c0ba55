import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../trading/market.fixtures.js';
import type { AlgoDistance } from './distance.js';
import { nextTrailLevel, startTrail, trailLevelAt, trailReplacePlan, trailStopTrigger, validateTrailSpec, type TrailContext, type TrailSpec, type TrailState } from './trail.js';
import { trailReplaceStep } from './trail-replace.js';

// BTC: 1 price decimal, so 650_000 ticks = 65,000.
function spec(over: Partial<TrailSpec> = {}): TrailSpec {
  return {
    marketId: 16,
    position: { id: 7, side: 'long', size: 10_000 },
    distance: { unit: 'ticks', ticks: 5_000 },
    on: 'mark',
    minStepTicks: 10,
    stop: null,
    ...over,
  };
}
const ctx = (over: Partial<TrailContext> = {}): TrailContext => ({
  reference: 650_000, liquidation: 600_000, openTriggerOrders: 2, maxAccountTriggerOrders: 16, ...over,
});
const held = (price: number, orderId = 100, over: Partial<TrailSpec> = {}): TrailState => startTrail(spec({ stop: { price, orderId }, ...over }));

/** Sends and lands a move at `block` the way the runner does: arm, then cancel the old. */
function moveTo(state: TrailState, level: number, block: number, newId: number): TrailState {
  const plan = trailReplacePlan(state, level);
  let s = trailReplaceStep(state, { kind: 'sent', plan, block });
  s = trailReplaceStep(s, { kind: 'armed', orderId: newId });
  return plan.thenCancel === null ? s : trailReplaceStep(s, { kind: 'cancelled', orderId: plan.thenCancel });
}

describe('validateTrailSpec', () => {
  const market = btcTestMarket();

  it('trail-accepts-a-sane-trail: a 500 distance on a long far from liquidation', () => {
    expect(validateTrailSpec(spec(), market, ctx())).toBeNull();
    expect(validateTrailSpec(spec({ distance: { unit: 'bps', bps: 100 }, on: 'last' }), market, ctx())).toBeNull();
  });

  it('trail-refuses-a-distance-of-zero-or-half-the-price: names the distance', () => {
    expect(validateTrailSpec(spec({ distance: { unit: 'bps', bps: 0 } }), market, ctx())).toBe('distance 0% must be above 0%');
    expect(validateTrailSpec(spec({ distance: { unit: 'bps', bps: 5_000 } }), market, ctx())).toBe('distance 50% must be below 50%');
    expect(validateTrailSpec(spec({ distance: { unit: 'ticks', ticks: 325_000 } }), market, ctx())).toBe('distance 32,500 must be below 50% of the price 65,000');
    expect(validateTrailSpec(spec({ distance: { unit: 'ticks', ticks: 2.5 } }), market, ctx())).toBe('distance 2.5 ticks must be a whole number of ticks above 0');
    expect(validateTrailSpec(spec({ distance: { unit: 'bps', bps: 4_999 } }), market, ctx({ liquidation: null }))).toBeNull();
  });

  it('trail-refuses-a-first-stop-beyond-liquidation: both figures named (stop-liquidation.ts)', () => {
    // 65,000 - 10 % = 58,500: under the long's liquidation at 60,000, so it would never fire.
    expect(validateTrailSpec(spec({ distance: { unit: 'bps', bps: 1_000 } }), market, ctx())).toBe(
      'distance 10%: SL 58,500 is beyond liquidation 60,000: it would never fire',
    );
    // A short: its stop above; liquidation at 66,000 beats a stop at 66,500.
    const short = spec({ position: { id: 7, side: 'short', size: 10_000 }, distance: { unit: 'ticks', ticks: 15_000 } });
    expect(validateTrailSpec(short, market, ctx({ liquidation: 660_000 }))).toBe('distance 1,500: SL 66,500 is beyond liquidation 66,000: it would never fire');
    expect(validateTrailSpec(short, market, ctx({ liquidation: 665_000 }))).toBeNull();
  });

  it('trail-refuses-when-no-trigger-slot-is-free: the replace holds two stops for a moment', () => {
    const takeover = spec({ stop: { price: 645_000, orderId: 100 } });
    expect(validateTrailSpec(takeover, market, ctx({ openTriggerOrders: 16 }))).toBe(
      'the account has 16 trigger orders (max_account_trigger_orders 16): the trail needs one free to arm each new stop before it cancels the old',
    );
    expect(validateTrailSpec(takeover, market, ctx({ openTriggerOrders: 15 }))).toBeNull();
    expect(validateTrailSpec(spec(), market, ctx({ openTriggerOrders: 40, maxAccountTriggerOrders: undefined }))).toBeNull();
  });

  it('trail-without-a-stop-refused-with-one-slot-free: its first stop and the first move need two slots', () => {
    // One slot free: the first stop takes it, and the first move could not arm before it cancels.
    expect(validateTrailSpec(spec(), market, ctx({ openTriggerOrders: 15 }))).toBe(
      'the account has 15 trigger orders (max_account_trigger_orders 16): the trail needs two free: one for its first stop, one to arm each new stop before it cancels the old',
    );
    expect(validateTrailSpec(spec(), market, ctx({ openTriggerOrders: 14 }))).toBeNull();
  });

  it('trail-refuses-bad-parameters-by-name: market, position, source, step, price', () => {
    expect(validateTrailSpec(spec(), undefined, ctx())).toBe('market 16 is not in the context');
    expect(validateTrailSpec(spec(), btcTestMarket({ is_open: false }), ctx())).toBe('market BTC is closed');
    expect(validateTrailSpec(spec({ position: { id: 7, side: 'long', size: 0 } }), market, ctx())).toBe('the position has no size to protect');
    expect(validateTrailSpec(spec({ on: 'index' as 'mark' }), market, ctx())).toBe('trigger index must be mark or last');
    expect(validateTrailSpec(spec({ minStepTicks: 0 }), market, ctx())).toBe('min step 0 must be a whole number of ticks, 1 or more');
    expect(validateTrailSpec(spec({ minStepTicks: 6_000 }), market, ctx())).toBe('min step 600 is wider than the distance 500 (500)');
    expect(validateTrailSpec(spec({ on: 'last' }), market, ctx({ reference: null }))).toBe('no last trade price yet to trail from');
    expect(validateTrailSpec(spec({ stop: { price: 0, orderId: 3 } }), market, ctx())).toBe('the stop held now has no valid price or order id');
  });
});

describe('nextTrailLevel', () => {
  it('trail-level-rounds-away-from-the-price: a bps gap never comes out narrower than asked', () => {
    // 1 % of 65,000.3 is 650.003: the gap is 6,501 ticks, so the long's stop is at 64,350.2, the short's at 65,650.4.
    const bps: AlgoDistance = { unit: 'bps', bps: 100 };
    expect(trailLevelAt({ position: { id: 1, side: 'long', size: 1 }, distance: bps }, 650_003)).toBe(643_502);
    expect(trailLevelAt({ position: { id: 1, side: 'short', size: 1 }, distance: bps }, 650_003)).toBe(656_504);
    expect(trailLevelAt({ position: { id: 1, side: 'long', size: 1 }, distance: bps }, 650_000)).toBe(643_500);
  });

  it('trail-arms-its-first-stop-when-none-is-held', () => {
    expect(nextTrailLevel(startTrail(spec()), 650_000, 1)).toBe(645_000);
  });

  it('trail-tightens-by-the-step-and-not-by-less', () => {
    const state = held(645_000);
    expect(nextTrailLevel(state, 650_009, 1)).toBeNull();
    expect(nextTrailLevel(state, 650_010, 1)).toBe(645_010);
    const short = held(655_000, 100, { position: { id: 7, side: 'short', size: 10_000 } });
    expect(nextTrailLevel(short, 649_991, 1)).toBeNull();
    expect(nextTrailLevel(short, 649_990, 1)).toBe(654_990);
  });

  it('trail-never-loosens-when-price-falls-back', () => {
    let state = moveTo(held(645_000), 650_000, 1, 101);
    expect(state.stop).toEqual({ price: 650_000, orderId: 101 });
    for (const [i, price] of [654_999, 650_000, 600_000, 655_009].entries()) expect(nextTrailLevel(state, price, 2 + i)).toBeNull();
    const short = held(655_000, 100, { position: { id: 7, side: 'short', size: 10_000 } });
    expect(nextTrailLevel(short, 660_000, 2)).toBeNull();
    state = moveTo(state, 650_010, 9, 102);
    expect(state.stop?.price).toBe(650_010);
  });

  it('trail-moves-at-most-once-per-block', () => {
    const moved = moveTo(held(645_000), 646_000, 50, 101);
    expect(moved.movedAtBlock).toBe(50);
    expect(nextTrailLevel(moved, 700_000, 50)).toBeNull();
    expect(nextTrailLevel(moved, 700_000, 49)).toBeNull();
    expect(nextTrailLevel(moved, 700_000, 51)).toBe(695_000);
    // A refused move counts for its block too: the retry waits for the next one.
    const refused = trailReplaceStep(trailReplaceStep(held(645_000), { kind: 'sent', plan: { arm: 646_000, thenCancel: 100 }, block: 60 }), {
      kind: 'arm-refused', reason: 'rate limited',
    });
    expect(nextTrailLevel(refused, 700_000, 60)).toBeNull();
    expect(nextTrailLevel(refused, 700_000, 61)).toBe(695_000);
  });

  it('trail-waits-while-a-replace-is-in-flight: never two new stops on their way', () => {
    const arming = trailReplaceStep(held(645_000), { kind: 'sent', plan: { arm: 646_000, thenCancel: 100 }, block: 5 });
    expect(nextTrailLevel(arming, 700_000, 9)).toBeNull();
    const cancelling = trailReplaceStep(arming, { kind: 'armed', orderId: 101 });
    expect(nextTrailLevel(cancelling, 700_000, 9)).toBeNull();
  });

  it('trail-plan-arms-at-the-source-then-cancels-the-held-stop', () => {
    const state = held(645_000, 100, { on: 'last' });
    const plan = trailReplacePlan(state, 646_000);
    expect(plan).toEqual({ arm: 646_000, thenCancel: 100 });
    expect(trailStopTrigger(state, plan)).toEqual({ price: 646_000, on: 'last' });
    expect(trailReplacePlan(startTrail(spec()), 645_000)).toEqual({ arm: 645_000, thenCancel: null });
  });
});

describe('the trail over random price paths (property)', () => {
  const path = fc.array(fc.record({ move: fc.integer({ min: -4_000, max: 4_000 }), blocks: fc.integer({ min: 0, max: 2 }), refuse: fc.boolean() }), {
    minLength: 1, maxLength: 80,
  });
  const distance = fc.oneof(
    fc.integer({ min: 1, max: 20_000 }).map((ticks): AlgoDistance => ({ unit: 'ticks', ticks })),
    fc.integer({ min: 1, max: 2_000 }).map((bps): AlgoDistance => ({ unit: 'bps', bps })),
  );
  const side = fc.constantFrom<'long' | 'short'>('long', 'short');

  it('trail-level-is-monotone-never-tighter-than-asked-and-once-per-block: with refusals', () => {
    fc.assert(
      fc.property(path, distance, side, fc.integer({ min: 1, max: 500 }), (steps, dist, sd, step) => {
        let state = startTrail(spec({ position: { id: 7, side: sd, size: 10_000 }, distance: dist, minStepTicks: step }));
        let price = 650_000;
        let block = 1;
        let nextId = 100;
        for (const s of steps) {
          price = Math.max(1_000, price + s.move);
          block += s.blocks;
          const before = state.stop?.price ?? null;
          const level = nextTrailLevel(state, price, block);
          if (level === null) continue;
          // Never tighter than asked: at least the distance from the price it was computed at.
          const gap = sd === 'long' ? price - level : level - price;
          if (dist.unit === 'ticks') expect(gap).toBe(dist.ticks);
          else expect(BigInt(gap) * 10_000n >= BigInt(price) * BigInt(dist.bps)).toBe(true);
          expect(state.movedAtBlock === null || block > state.movedAtBlock).toBe(true);
          const plan = trailReplacePlan(state, level);
          state = trailReplaceStep(state, { kind: 'sent', plan, block });
          if (s.refuse) {
            state = trailReplaceStep(state, { kind: 'arm-refused', reason: 'refused' });
            expect(state.stop?.price ?? null).toBe(before);
            continue;
          }
          state = trailReplaceStep(state, { kind: 'armed', orderId: nextId++ });
          if (plan.thenCancel !== null) state = trailReplaceStep(state, { kind: 'cancelled', orderId: plan.thenCancel });
          if (before !== null) expect(sd === 'long' ? level - before : before - level).toBeGreaterThanOrEqual(step);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('trail-level-stays-within-distance-and-step-of-the-best-price: when every move lands', () => {
    fc.assert(
      fc.property(path, distance, side, fc.integer({ min: 1, max: 500 }), (steps, dist, sd, step) => {
        const long = sd === 'long';
        let state = startTrail(spec({ position: { id: 7, side: sd, size: 10_000 }, distance: dist, minStepTicks: step }));
        let price = 650_000;
        let block = 1;
        let nextId = 100;
        let best: number | null = null;
        for (const s of steps) {
          price = Math.max(1_000, price + s.move);
          block += s.blocks;
          const mayMove = state.movedAtBlock === null || block > state.movedAtBlock;
          const level = nextTrailLevel(state, price, block);
          if (level !== null) {
            const plan = trailReplacePlan(state, level);
            state = trailReplaceStep(state, { kind: 'sent', plan, block });
            state = trailReplaceStep(state, { kind: 'armed', orderId: nextId++ });
            if (plan.thenCancel !== null) state = trailReplaceStep(state, { kind: 'cancelled', orderId: plan.thenCancel });
          }
          // The best price seen when the trail was free to move: the stop lags its level by less than a step.
          if (mayMove) best = best === null ? price : long ? Math.max(best, price) : Math.min(best, price);
          if (best === null || state.stop === null) continue;
          const ideal = trailLevelAt(state.spec, best);
          expect(long ? ideal - state.stop.price : state.stop.price - ideal).toBeLessThan(step);
          expect(long ? state.stop.price <= ideal : state.stop.price >= ideal).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
