import { describe, expect, it } from 'vitest';
import { startTrail, type TrailSpec, type TrailState } from './trail.js';
import { trailReplaceStep } from './trail-replace.js';

const spec: TrailSpec = {
  marketId: 16, position: { id: 7, side: 'long', size: 10_000 }, distance: { unit: 'ticks', ticks: 5_000 }, on: 'mark', minStepTicks: 10,
  stop: { price: 645_000, orderId: 100 },
};
const plan = { arm: 646_000, thenCancel: 100 };
const sent = (state: TrailState = startTrail(spec)): TrailState => trailReplaceStep(state, { kind: 'sent', plan, block: 9 });

describe('trailReplaceStep', () => {
  it('trail-replace-keeps-old-stop-until-new-is-armed: the old is cancelled only after the new is on the exchange', () => {
    const arming = sent();
    expect(arming.phase).toEqual({ kind: 'arming', plan });
    expect(arming.stop).toEqual({ price: 645_000, orderId: 100 });
    // A cancel confirmation before the new one is armed is not the trail's: nothing moves.
    expect(trailReplaceStep(arming, { kind: 'cancelled', orderId: 100 })).toBe(arming);
    const cancelling = trailReplaceStep(arming, { kind: 'armed', orderId: 101 });
    expect(cancelling.phase).toEqual({ kind: 'cancelling', oldOrderId: 100 });
    expect(cancelling.stop).toEqual({ price: 646_000, orderId: 101 });
    const done = trailReplaceStep(cancelling, { kind: 'cancelled', orderId: 100 });
    expect(done.phase).toEqual({ kind: 'holding' });
    expect(done.stop).toEqual({ price: 646_000, orderId: 101 });
  });

  it('trail-replace-refused-keeps-the-old-stop-and-retries-later', () => {
    const refused = trailReplaceStep(sent(), { kind: 'arm-refused', reason: 'OrderRateLimited' });
    expect(refused.phase).toEqual({ kind: 'holding', note: 'OrderRateLimited' });
    expect(refused.stop).toEqual({ price: 645_000, orderId: 100 });
    expect(refused.movedAtBlock).toBe(9);
  });

  it('trail-replace-failed-cancel-keeps-both-stops-until-a-retry-lands', () => {
    const cancelling = trailReplaceStep(sent(), { kind: 'armed', orderId: 101 });
    const failed = trailReplaceStep(cancelling, { kind: 'cancel-failed', reason: 'socket down' });
    expect(failed.phase).toEqual({ kind: 'cancelling', oldOrderId: 100, note: 'socket down' });
    expect(trailReplaceStep(failed, { kind: 'cancelled', orderId: 100 }).phase).toEqual({ kind: 'holding' });
  });

  it('trail-ends-when-its-old-stop-fired-mid-replace: the reason said', () => {
    const gone = trailReplaceStep(sent(), { kind: 'stop-gone', orderId: 100, why: 'triggered' });
    expect(gone.phase).toEqual({ kind: 'ended', reason: 'stop order 100 triggered: the trail ends' });
    // Ended is final: a late ack changes nothing.
    expect(trailReplaceStep(gone, { kind: 'armed', orderId: 101 })).toBe(gone);
    const cancelling = trailReplaceStep(sent(), { kind: 'armed', orderId: 101 });
    expect(trailReplaceStep(cancelling, { kind: 'stop-gone', orderId: 100, why: 'filled' }).phase).toEqual({
      kind: 'ended', reason: 'stop order 100 filled: the trail ends',
    });
    expect(trailReplaceStep(cancelling, { kind: 'stop-gone', orderId: 101, why: 'triggered' }).phase.kind).toBe('ended');
  });

  it('trail-ends-when-its-stop-is-cancelled-by-hand; an old stop cancelled by hand mid-replace is the replace done', () => {
    expect(trailReplaceStep(startTrail(spec), { kind: 'stop-gone', orderId: 100, why: 'cancelled' }).phase).toEqual({
      kind: 'ended', reason: 'stop order 100 was cancelled outside the trail: the trail ends',
    });
    const cancelling = trailReplaceStep(sent(), { kind: 'armed', orderId: 101 });
    expect(trailReplaceStep(cancelling, { kind: 'stop-gone', orderId: 100, why: 'cancelled' }).phase).toEqual({ kind: 'holding' });
  });

  it('trail-ignores-orders-that-are-not-its-own', () => {
    const holding = startTrail(spec);
    expect(trailReplaceStep(holding, { kind: 'stop-gone', orderId: 555, why: 'triggered' })).toBe(holding);
    expect(trailReplaceStep(sent(), { kind: 'stop-gone', orderId: 555, why: 'triggered' }).phase.kind).toBe('arming');
  });

  it('trail-first-stop-needs-no-cancel', () => {
    const first = trailReplaceStep(startTrail({ ...spec, stop: null }), { kind: 'sent', plan: { arm: 645_000, thenCancel: null }, block: 3 });
    const armed = trailReplaceStep(first, { kind: 'armed', orderId: 100 });
    expect(armed.phase).toEqual({ kind: 'holding' });
    expect(armed.stop).toEqual({ price: 645_000, orderId: 100 });
  });
});
