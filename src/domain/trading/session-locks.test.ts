import { describe, expect, it } from 'vitest';
import { OrderType as T } from '../../protocol/enums.js';
import { MAX_QUEUED_REQUESTS, type SessionFacts, describeLocks, requestKindOf, sessionLocks } from './session-locks.js';

const live: SessionFacts = { canTrade: true, socketOpen: true, feedHealth: 'live', account: { fw: true, frozen: false } };
const codes = (facts: Partial<SessionFacts> | null, extra: Omit<Parameters<typeof sessionLocks>[0], 'session'> = {}) =>
  sessionLocks({ session: facts === null ? null : { ...live, ...facts }, ...extra }).map((l) => l.code);

describe('sessionLocks', () => {
  it('a healthy session locks nothing', () => {
    expect(codes({})).toEqual([]);
    expect(describeLocks([])).toBeNull();
  });

  it('locks orders on no key, a read-only key, fw=false, no account, a frozen account, a closed socket, a stale feed, a journal error', () => {
    expect(codes(null)).toEqual(['no-key']);
    expect(codes({ canTrade: false })).toEqual(['read-only']);
    expect(codes({ account: { fw: false, frozen: false } })).toEqual(['forwarding-off']);
    expect(codes({ account: null })).toEqual(['no-account']);
    expect(codes({ account: { fw: true, frozen: true } })).toEqual(['frozen']);
    expect(codes({ socketOpen: false })).toEqual(['socket-down']);
    expect(codes({ feedHealth: 'resyncing' })).toEqual(['feed-stale']);
    expect(codes({ journalError: 'the order journal cannot be written (EACCES)' })).toEqual(['journal']);
    const stale = sessionLocks({ session: { ...live, feedHealth: 'stale' } })[0];
    expect(stale).toMatchObject({ message: expect.stringMatching(/stale/), label: 'feed stale' });
  });

  it('a refused key says only that (and read-only), nothing about a connection it cannot have', () => {
    const locks = sessionLocks({ session: { ...live, keyRefused: 'unauthorized', socketOpen: false, account: null, canTrade: false } });
    expect(locks.map((l) => l.code)).toEqual(['key-refused', 'read-only']);
    expect(locks[0]?.message).toMatch(/^key refused by the exchange \(unauthorized\)/);
  });

  it('a replay says why it is read-only with its own words', () => {
    const locks = sessionLocks({ session: { ...live, canTrade: false, readOnly: { message: 'replay: read-only', label: 'replay' } } });
    expect(locks).toEqual([{ code: 'read-only', message: 'replay: read-only', label: 'replay' }]);
  });

  it('refuses new risk behind a long rate-limit queue, but still queues cancels and closes (triggers too)', () => {
    expect(codes({}, { request: { kind: 'risk', queuedRequests: MAX_QUEUED_REQUESTS - 1 } })).toEqual([]);
    expect(codes({}, { request: { kind: 'risk', queuedRequests: MAX_QUEUED_REQUESTS } })).toEqual(['throttled']);
    expect(codes({}, { request: { kind: 'reduce', queuedRequests: 50 } })).toEqual([]);
    expect(sessionLocks({ session: live, request: { kind: 'risk', queuedRequests: 8 } })[0]?.message).toMatch(/throttled: 8 requests already wait/);
    expect([T.OpenLong, T.OpenShort, T.Change, T.IncreasePositionCollateral].map(requestKindOf)).toEqual(['risk', 'risk', 'risk', 'risk']);
    expect([T.Cancel, T.CloseLong, T.CloseShort].map(requestKindOf)).toEqual(['reduce', 'reduce', 'reduce']);
  });

  it('a new order also needs a live market-data feed and an open market', () => {
    const market = { symbol: 'BTC', isOpen: true };
    expect(codes({}, { newOrder: { marketFeed: 'live', market } })).toEqual([]);
    expect(codes({}, { newOrder: { marketFeed: 'stale', market } })).toEqual(['market-feed']);
    expect(codes({}, { newOrder: { marketFeed: 'live', market: { ...market, isOpen: false } } })).toEqual(['market-closed']);
    expect(codes(null, { newOrder: { marketFeed: 'stale', market } })).toEqual(['no-key']);
  });
});
