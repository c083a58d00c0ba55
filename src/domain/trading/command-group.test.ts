import { describe, expect, it } from 'vitest';
import type { CommandHandle, RequestResult } from './commands.js';
import { groupHandle, legCancelled, legPlaced, legsOutcome } from './command-group.js';

const open = (rq: number): RequestResult => ({ kind: 'definitive', rq, st: 2, message: `rq ${rq} open` });
const handle = (r: RequestResult): CommandHandle => ({ rqs: () => (r.rq ? [r.rq] : []), outcome: Promise.resolve({ ok: r.kind === 'definitive', results: [r], message: r.message }) });

describe('order groups', () => {
  it('partial-placement-hidden: 2 of 3 legs placed says so with the reason of the one that was not, and is not ok', async () => {
    const failed: RequestResult = { kind: 'failed', rq: 3, message: 'failed: InsufficientBalance' };
    const group = groupHandle([handle(open(1)), handle(open(2)), handle(failed)]);
    expect(group.rqs()).toEqual([1, 2, 3]);
    const said = legsOutcome(await group.outcome, 3, 'placed', legPlaced);
    expect(said).toMatchObject({ ok: false, message: '2 of 3 legs placed: failed: InsufficientBalance' });
  });

  it('a leg the exchange cancelled at once (a post-only that would cross) is not placed', async () => {
    const cancelled: RequestResult = { kind: 'definitive', rq: 2, st: 5, message: 'cancelled: post-only would cross' };
    const said = legsOutcome(await groupHandle([handle(open(1)), handle(cancelled)]).outcome, 2, 'placed', legPlaced);
    expect(said.message).toBe('1 of 2 legs placed: cancelled: post-only would cross');
  });

  it('every leg placed (or cancelled) is ok and said as N of N', async () => {
    expect(legsOutcome(await groupHandle([handle(open(1)), handle(open(2))]).outcome, 2, 'placed', legPlaced)).toMatchObject({ ok: true, message: '2 of 2 legs placed' });
    const cancel: RequestResult = { kind: 'definitive', rq: 9, st: 5, message: 'cancelled' };
    expect(legsOutcome(await groupHandle([handle(cancel)]).outcome, 1, 'cancelled', legCancelled).message).toBe('1 of 1 legs cancelled');
  });
});
