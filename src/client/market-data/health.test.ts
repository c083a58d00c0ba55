import { describe, expect, it } from 'vitest';
import { connectionView, type HealthInputs } from './health.js';

const live: HealthInputs = {
  socketState: 'open',
  retryAtMs: null,
  closeReason: null,
  resyncReason: null,
  awaitingSnapshots: false,
  streamFailures: [],
  lastDataAt: 10_000,
  headBlock: 5,
  latencyMs: 12,
  nowMs: 10_100,
  stallMs: 10_000,
};

describe('connectionView', () => {
  it('is live while data flows', () => {
    expect(connectionView(live)).toMatchObject({ health: 'live', headBlock: 5, latencyMs: 12, reason: null });
  });

  it('turns stale after half the stall window without data, showing the age', () => {
    const v = connectionView({ ...live, nowMs: 10_000 + 7_200 });
    expect(v).toMatchObject({ health: 'stale', reason: 'no data for 7 s' });
  });

  it('is disconnected with a countdown while waiting to reconnect', () => {
    const v = connectionView({ ...live, socketState: 'waiting', retryAtMs: 12_000, closeReason: 'going away' });
    expect(v).toMatchObject({ health: 'disconnected', retryInMs: 1_900, reason: 'going away' });
  });

  it('says resyncing (with the cause) from the forced reconnect until the book snapshot is back', () => {
    const reason = 'heartbeat gap 12 -> 14';
    expect(connectionView({ ...live, socketState: 'waiting', retryAtMs: 11_000, resyncReason: reason })).toMatchObject({
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
});
