import { describe, expect, it } from 'vitest';
import { OrderStatus as S, OrderStatusReason as R, OrderType as T } from '../../protocol/enums.js';
import { type RetryFacts, type RetryRequestState, decideRetry, isExpired, rqIsSpent } from './retry.js';

function req(over: Partial<RetryRequestState> = {}): RetryRequestState {
  return {
    t: T.OpenLong,
    rq: 10,
    lb: 120,
    isTrigger: false,
    postedHead: 100,
    postedEpoch: 1,
    sendsOfRq: 1,
    newRqRetriesForSr32: 0,
    newRqRetriesForExpiry: 0,
    ackCode: 0,
    ...over,
  };
}
function facts(over: Partial<RetryFacts> = {}): RetryFacts {
  return {
    head: 105,
    epoch: 1,
    lfr: 9,
    lfrFreshThisEpoch: true,
    connected: true,
    ackTimedOut: false,
    orderTtlBlocks: 20,
    ...over,
  };
}
const failed = (sr: number) => ({ kind: 'failed' as const, st: S.Failed, sr, fr: undefined, oid: undefined });

describe('decideRetry (interface.md 3 retry table)', () => {
  it('row a: reconnect between post and status, lb not expired -> resend with the same rq', () => {
    expect(decideRetry(req({ ackCode: undefined }), facts({ epoch: 2 })).action).toBe('resend-same-rq');
  });

  it('row a: lost ack, lb not expired -> resend with the same rq', () => {
    expect(decideRetry(req({ ackCode: undefined }), facts({ ackTimedOut: true })).action).toBe('resend-same-rq');
  });

  it('waits while the window is open and nothing was lost', () => {
    expect(decideRetry(req(), facts()).action).toBe('wait');
  });

  it('row b: sr 32 -> exactly one retry with a new rq', () => {
    expect(decideRetry(req({ outcome: failed(R.OrderDescIdTooLow) }), facts()).action).toBe('resend-new-rq');
    expect(
      decideRetry(req({ outcome: failed(R.OrderDescIdTooLow), newRqRetriesForSr32: 1 }), facts()).action,
    ).toBe('give-up');
  });

  it('row b exception: sr 32 on a collateral increase is never retried (may be credited)', () => {
    const d = decideRetry(req({ t: T.IncreasePositionCollateral, outcome: failed(R.OrderDescIdTooLow) }), facts());
    expect(d.action).toBe('check-position');
    expect(d.reason).toMatch(/et 3/);
  });

  it('sr 32 after resending the same rq reconciles instead of double-sending', () => {
    expect(decideRetry(req({ outcome: failed(R.OrderDescIdTooLow), sendsOfRq: 2 }), facts()).action).toBe(
      'reconcile',
    );
  });

  it('row c: head >= lb, no status, no reconnection -> resend with a new rq', () => {
    expect(decideRetry(req(), facts({ head: 120 })).action).toBe('resend-new-rq');
    expect(decideRetry(req(), facts({ head: 119 })).action).toBe('wait');
  });

  it('never resends when lfr shows the rq reached the contract (status lost) -> reconcile', () => {
    expect(decideRetry(req(), facts({ head: 130, lfr: 10 })).action).toBe('reconcile');
    expect(decideRetry(req({ ackCode: undefined }), facts({ lfr: 12, ackTimedOut: true })).action).toBe('reconcile');
  });

  it('expired across a reconnect: resends with a new rq only once a fresh lfr proves nothing was consumed', () => {
    expect(decideRetry(req(), facts({ head: 130, epoch: 2, lfrFreshThisEpoch: false })).action).toBe('wait');
    expect(decideRetry(req(), facts({ head: 130, epoch: 2, lfrFreshThisEpoch: true })).action).toBe('resend-new-rq');
  });

  it('sr 14 ExceedsLastExecutionBlock is a definitive failure: never resent, whether or not lfr moved', () => {
    const sr14 = failed(R.ExceedsLastExecutionBlock);
    // lfr unchanged (no tx) or advanced (it reached the contract): the rq can never run again either way.
    for (const lfr of [9, 10]) {
      const d = decideRetry(req({ outcome: sr14 }), facts({ head: 121, lfr }));
      expect(d).toMatchObject({ action: 'give-up' });
      expect(d.reason).toMatch(/sr 14/);
    }
    // Row c needs "no status received": head >= lb does not turn the status into a new-rq retry.
    expect(decideRetry(req({ outcome: sr14 }), facts({ head: 200, lfr: 9 })).action).toBe('give-up');
    // Nor does a reconnect since the send, nor a second send of the same rq.
    expect(decideRetry(req({ outcome: sr14, sendsOfRq: 2 }), facts({ head: 121, epoch: 2 })).action).toBe('give-up');
    // Without the status, the same facts are row c: a new rq.
    expect(decideRetry(req(), facts({ head: 121, lfr: 9 })).action).toBe('resend-new-rq');
  });

  it('other failures give up with no resend', () => {
    expect(decideRetry(req({ outcome: failed(R.CrossesBook) }), facts()).action).toBe('give-up');
  });

  it('a definitive status ends the request', () => {
    const outcome = { kind: 'definitive' as const, st: S.Filled, sr: 43, oid: 1 };
    expect(decideRetry(req({ outcome }), facts({ head: 999 })).action).toBe('done');
  });

  it('mt 3 rejects are final, except busy codes which were never forwarded', () => {
    expect(decideRetry(req({ ackCode: 400 }), facts()).action).toBe('give-up');
    expect(decideRetry(req({ ackCode: 403 }), facts()).action).toBe('give-up');
    expect(decideRetry(req({ ackCode: 429 }), facts()).action).toBe('resend-same-rq');
  });

  it('waits while the socket is down', () => {
    expect(decideRetry(req({ ackCode: undefined }), facts({ connected: false, head: 500 })).action).toBe('wait');
  });

  it('a collateral increase with no status is checked, never resent, once its window passes', () => {
    const r = req({ t: T.IncreasePositionCollateral, lb: 0, ackCode: undefined });
    expect(decideRetry(r, facts({ ackTimedOut: true })).action).toBe('wait');
    expect(decideRetry(r, facts({ head: 200 })).action).toBe('check-position');
    expect(decideRetry(r, facts({ lfr: 10 })).action).toBe('check-position');
  });

  it('stops moving to new rqs after the expiry retry cap', () => {
    expect(decideRetry(req({ newRqRetriesForExpiry: 2 }), facts({ head: 200 })).action).toBe('give-up');
  });
});

describe('recovered-request-given-up-only-when-its-rq-is-spent', () => {
  // A request from a previous run is never resent: the engine gives it up when the decision's code says its rq
  // can no longer execute, and waits otherwise. A new resend code left out of the spent set would leave such a
  // request waiting forever (or, the other way, give up one that may still land).
  const resends = [
    decideRetry(req({ ackCode: undefined }), facts({ epoch: 2 })),
    decideRetry(req({ ackCode: undefined }), facts({ ackTimedOut: true })),
    decideRetry(req({ ackCode: 429 }), facts()),
    decideRetry(req({ ackCode: 503 }), facts()),
    decideRetry(req({ outcome: failed(R.OrderDescIdTooLow) }), facts()),
    decideRetry(req(), facts({ head: 120 })),
    decideRetry(req(), facts({ head: 130, epoch: 2, lfrFreshThisEpoch: true })),
  ];
  it('every resend of the table: spent exactly when it moves to a new rq', () => {
    expect(new Set(resends.map((d) => d.action))).toEqual(new Set(['resend-same-rq', 'resend-new-rq']));
    for (const d of resends) expect({ code: d.code, spent: rqIsSpent(d) }).toEqual({ code: d.code, spent: d.action === 'resend-new-rq' });
  });
  it('the codes tell the rows apart where their words did', () => {
    expect(resends.map((d) => d.code)).toEqual(['lost-across-reconnect', 'lost-ack', 'gateway-busy', 'gateway-busy', 'sr32-new-rq', 'expired-unanswered', 'expired-unconsumed']);
  });
});

describe('isExpired', () => {
  it('lb = 0 expires only after the server window (ttl, or order_retry_blocks when larger)', () => {
    const r = { lb: 0, isTrigger: false, postedHead: 100 };
    expect(isExpired(r, { head: 122, orderTtlBlocks: 20 })).toBe(false);
    expect(isExpired(r, { head: 123, orderTtlBlocks: 20 })).toBe(true);
    expect(isExpired(r, { head: 124, orderTtlBlocks: 20, orderRetryBlocks: 25 })).toBe(false);
  });
  it('trigger orders never expire on the client side', () => {
    expect(isExpired({ lb: 0, isTrigger: true, postedHead: 0 }, { head: 1e9, orderTtlBlocks: 20 })).toBe(false);
  });
});
