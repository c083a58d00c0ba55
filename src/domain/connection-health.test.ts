import { describe, expect, it } from 'vitest';
import { connectionHealth, connectionView, type HealthInputs } from './connection-health.js';

const live: HealthInputs = {
  linkState: 'open',
  opens: 1,
  retryAtMs: null,
  closeReason: null,
  resyncReason: null,
  awaitingSnapshots: false,
  streamFailures: [],
  lastDataAt: 10_000,
  headBlock: 5,
  roundTrip: { ms: 12, atLeast: false },
  nowMs: 10_100,
  // Half the market-data stall window (10 s).
  staleAfterMs: 5_000,
};

describe('connectionView', () => {
  it('is live while data flows', () => {
    expect(connectionView(live)).toMatchObject({ health: 'live', headBlock: 5, roundTrip: { ms: 12, atLeast: false }, reason: null });
  });

  it('turns stale after half the stall window without data, showing the age', () => {
    const v = connectionView({ ...live, nowMs: 10_000 + 7_200 });
    expect(v).toMatchObject({ health: 'stale', reason: 'no data for 7 s' });
  });

  it('is disconnected with a countdown while waiting to reconnect', () => {
    const v = connectionView({ ...live, linkState: 'waiting', retryAtMs: 12_000, closeReason: 'going away' });
    expect(v).toMatchObject({ health: 'disconnected', retryInMs: 1_900, reason: 'going away' });
  });

  it('says resyncing (with the cause) from the forced reconnect until the book snapshot is back', () => {
    const reason = 'heartbeat gap 12 -> 14';
    expect(connectionView({ ...live, linkState: 'waiting', retryAtMs: 11_000, resyncReason: reason })).toMatchObject({
      health: 'resyncing',
      reason,
    });
    expect(connectionView({ ...live, awaitingSnapshots: true, resyncReason: reason }).health).toBe('resyncing');
  });

  it('shows a failed stream subscription as the reason', () => {
    const failure = 'order-book@9: 404 unknown stream';
    expect(connectionView({ ...live, streamFailures: [failure] }).reason).toBe(failure);
    expect(connectionView({ ...live, awaitingSnapshots: true, streamFailures: [failure] })).toMatchObject({
      health: 'connecting',
      reason: failure,
    });
  });

  it('connecting-until-the-first-connection: a link not yet started or still trying is connecting; closed after one is disconnected', () => {
    expect(connectionView({ ...live, linkState: 'closed', opens: 0, lastDataAt: null })).toMatchObject({ health: 'connecting', retryInMs: null });
    expect(connectionHealth({ ...live, linkState: 'connecting', opens: 3 })).toBe('connecting');
    // A recorded close (replay) or a stop: no attempt is due, whatever resync was under way.
    expect(connectionView({ ...live, linkState: 'closed', opens: 1, closeReason: 'connection lost', resyncReason: 'malformed mt 24 frame' })).toMatchObject({
      health: 'disconnected',
      retryInMs: null,
      reason: 'connection lost',
    });
  });

  it('one-rule-for-the-trading-feed: sign-in until the snapshots are in, then stale after its own window of heartbeat silence', () => {
    const trading: HealthInputs = { ...live, staleAfterMs: 3_000 };
    expect(connectionView({ ...trading, awaitingSnapshots: true, resyncReason: 'signing in' })).toMatchObject({ health: 'resyncing', reason: 'signing in' });
    expect(connectionHealth({ ...trading, nowMs: 10_000 + 3_000 })).toBe('live');
    expect(connectionView({ ...trading, nowMs: 10_000 + 3_200 })).toMatchObject({ health: 'stale', reason: 'no data for 3 s' });
  });
});
