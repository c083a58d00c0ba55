import { describe, expect, it } from 'vitest';
import { OrderStatus as S, OrderStatusReason as R, OrderType as T } from '../../protocol/enums.js';
import type { Order } from '../../protocol/frames.js';
import { type RetryDecision, type RetryFacts, type RetryRequestState, decideRetry } from '../../domain/trading/retry.js';
import { isNewDecision, recoverRequests, restrictDecision, rowMatchesRequest, showsTargetEffect } from './engine-rules.js';
import { reconcileRequest } from './reconcile.js';
import { TrackedRequest } from './tracked-request.js';
import { TradingState } from './trading-state.js';

const row = (over: Partial<Order>): Order => ({ at: { b: 5 }, rq: 7, mkt: 1, acc: 5, oid: 70, st: S.Filled, t: T.OpenLong, os: 100, fs: 100, fl: 4, lv: 500, ...over });

function sent(t: number, s: number): TrackedRequest {
  const req = new TrackedRequest('k', 'label', { t, mkt: 1, s, p: 0, fl: 4, lv: 500, lb: 0, ms: 100 });
  req.rq = 7;
  req.frame = { mt: 22, sn: 1, rq: 7, acc: 5, t, mkt: 1, s, p: 0, fl: 4, lv: 500, lb: 0, ms: 100 };
  return req;
}

describe('rowMatchesRequest (rq is per account: another client may have used ours)', () => {
  it('takes a row with our type, market and size', () => {
    expect(rowMatchesRequest(row({}), sent(T.OpenLong, 100))).toBe(true);
  });
  it("rejects another client's row with the same rq but a different size or side", () => {
    expect(rowMatchesRequest(row({ os: 70 }), sent(T.OpenLong, 100))).toBe(false);
    expect(rowMatchesRequest(row({ t: T.OpenShort }), sent(T.OpenLong, 100))).toBe(false);
  });
  it('accepts a clamped close (the exchange shrinks it to the position)', () => {
    expect(rowMatchesRequest(row({ t: T.CloseLong, os: 40 }), sent(T.CloseLong, 100))).toBe(true);
  });
});

describe('showsTargetEffect', () => {
  it('a cancel is done when its target is removed or canceled; a change when the target reports OrderChanged', () => {
    expect(showsTargetEffect(T.Cancel, row({ st: S.Canceled, r: true }))).toBe(true);
    expect(showsTargetEffect(T.Cancel, row({ st: S.Open }))).toBe(false);
    expect(showsTargetEffect(T.Change, row({ st: S.Open, sr: R.OrderChanged }))).toBe(true);
    expect(showsTargetEffect(T.Change, row({ st: S.Open, sr: R.OrderPlaced }))).toBe(false);
  });
});

describe('restrictDecision', () => {
  it('never resends while the feed is not live', () => {
    const d = restrictDecision(sent(T.OpenLong, 1), { action: 'resend-same-rq', code: 'lost-ack', reason: 'x' }, 'block', 'stale');
    expect(d.action).toBe('wait');
  });
  it('waits for the block boundary before reconciling on a mid-block lfr move', () => {
    expect(restrictDecision(sent(T.OpenLong, 1), { action: 'reconcile', code: 'status-lost', reason: 'x' }, 'ack-timeout', 'live').action).toBe('wait');
    expect(restrictDecision(sent(T.OpenLong, 1), { action: 'reconcile', code: 'status-lost', reason: 'x' }, 'block', 'live').action).toBe('reconcile');
  });
  it('requests from a previous run are never resent: waiting while they can land, given up once expired', () => {
    const [old] = recoverRequests([
      { t: 1, k: 'request', key: 'a', rq: 7, frame: { mt: 22, sn: 1, rq: 7, acc: 5, t: 1, mkt: 1, s: 1, p: 0, fl: 4, lv: 500, lb: 0 }, postedHead: 1, label: 'a' },
    ]);
    expect(old!.recovered).toBe(true);
    expect(restrictDecision(old!, { action: 'resend-same-rq', code: 'lost-ack', reason: 'x' }, 'snapshot', 'live').action).toBe('wait');
    expect(restrictDecision(old!, { action: 'resend-new-rq', code: 'expired-unanswered', reason: 'x' }, 'block', 'live').action).toBe('give-up');
  });
});

describe('retry-decision-survives-reworded-reason', () => {
  // The engine acts on the decision's code; its words are for the trader. A reason reworded (the spec's own
  // phrasing, a translation) must not turn a request that may still land into one given up, nor the reverse.
  const recovered = (): TrackedRequest =>
    recoverRequests([
      { t: 1, k: 'request', key: 'a', rq: 10, frame: { mt: 22, sn: 1, rq: 10, acc: 5, t: 1, mkt: 1, s: 1, p: 0, fl: 4, lv: 500, lb: 120 }, postedHead: 100, label: 'a' },
    ])[0]!;
  const state = (over: Partial<RetryRequestState>): RetryRequestState => {
    const sent = { t: T.OpenLong, rq: 10, lb: 120, isTrigger: false, postedHead: 100, postedEpoch: 1, sendsOfRq: 1 };
    return { ...sent, newRqRetriesForSr32: 0, newRqRetriesForExpiry: 0, ...over };
  };
  const facts = (over: Partial<RetryFacts>): RetryFacts => ({ head: 105, epoch: 1, lfr: 9, lfrFreshThisEpoch: true, connected: true, ackTimedOut: false, orderTtlBlocks: 20, ...over });
  const failed = (sr: number) => ({ kind: 'failed' as const, st: S.Failed, sr, fr: undefined, oid: undefined });
  const reworded: [string, RetryDecision, string][] = [
    ['lost across a reconnect', decideRetry(state({}), facts({ epoch: 2 })), 'no status, lb not expired, reconnected since the send'],
    ['lost ack', decideRetry(state({}), facts({ ackTimedOut: true })), 'the ack timer expired with no acknowledgement'],
    ['gateway busy', decideRetry(state({ ackCode: 429 }), facts({})), 'busy (429): expired from the gateway queue, never forwarded'],
    ['expired, no reconnection', decideRetry(state({}), facts({ head: 120 })), 'Ablauf: kein Status, keine neue Verbindung'],
    ['expired, fresh lfr', decideRetry(state({}), facts({ head: 130, epoch: 2 })), 'lb passed and the fresh lfr shows it unconsumed'],
    ['sr 32', decideRetry(state({ outcome: failed(R.OrderDescIdTooLow) }), facts({})), 'rq at or below lfr: one more try on a new rq'],
  ];
  it.each(reworded)('%s: a request from a previous run meets the same fate whatever its reason says', (_, decision, words) => {
    expect(decision.action).toMatch(/^resend-/);
    const asDecided = restrictDecision(recovered(), decision, 'block', 'live');
    const asReworded = restrictDecision(recovered(), { ...decision, reason: words }, 'block', 'live');
    expect(asReworded.action).toBe(asDecided.action);
    expect(asDecided.action).toBe(decision.action === 'resend-new-rq' ? 'give-up' : 'wait');
  });
});

describe('decision-journal-line-survives-reworded-reason', () => {
  // The journal gets a decision line when the decision changes, read from its action and code, not its words.
  const busy429: RetryDecision = { action: 'resend-same-rq', code: 'gateway-busy', reason: 'gateway busy (code 429); it was never forwarded' };
  it('the same decision in other words is not a new one', () => {
    expect(isNewDecision(busy429, { ...busy429, reason: 'gateway busy (code 503); it was never forwarded' })).toBe(false);
    expect(isNewDecision(busy429, { ...busy429 })).toBe(false);
  });
  it('another decision in the same words is a new one', () => {
    expect(isNewDecision(busy429, { action: 'resend-same-rq', code: 'lost-ack', reason: busy429.reason })).toBe(true);
    expect(isNewDecision(busy429, { ...busy429, action: 'give-up' })).toBe(true);
    expect(isNewDecision(undefined, busy429)).toBe(true);
  });
});

describe('reconcileRequest', () => {
  function stateWith(orders: Order[]): TradingState {
    const s = new TradingState(5);
    s.replaceOrders(orders);
    return s;
  }
  it('finds a resting order by rq among the open orders', async () => {
    const r = await reconcileRequest(7, { t: T.OpenLong, s: 100 }, stateWith([row({ st: S.Open, fs: 0 })]));
    expect(r).toMatchObject({ kind: 'definitive', st: S.Open, oid: 70 });
  });
  it('falls back to order history, and says unknown rather than guessing', async () => {
    const history = async (rq: number) => (rq === 7 ? row({ st: S.Filled }) : undefined);
    expect(await reconcileRequest(7, { t: T.OpenLong, s: 100 }, stateWith([]), history)).toMatchObject({ kind: 'definitive', st: S.Filled });
    expect(await reconcileRequest(8, { t: T.OpenLong, s: 100 }, stateWith([]), history)).toMatchObject({ kind: 'unknown' });
    const failing = async () => {
      throw new Error('HTTP 503');
    };
    expect(await reconcileRequest(7, { t: T.OpenLong, s: 100 }, stateWith([]), failing)).toMatchObject({ kind: 'unknown' });
  });
  it('a cancel whose target is gone did its job; a change shows on its target', async () => {
    expect(await reconcileRequest(9, { t: T.Cancel, oid: 70, s: 0 }, stateWith([]))).toMatchObject({ kind: 'definitive', st: S.Canceled });
    const changed = stateWith([row({ st: S.Open, p: 1234, os: 100, fs: 0 })]);
    expect(await reconcileRequest(9, { t: T.Change, oid: 70, p: 1234, s: 0 }, changed)).toMatchObject({ kind: 'definitive', sr: R.OrderChanged });
  });
});
