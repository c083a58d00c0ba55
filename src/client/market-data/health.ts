// Connection health as the status bar shows it, derived from the socket state and the data flow.

import type { ConnectionView } from '../../domain/views.js';
import type { ConnectionState } from '../../transport/ws/index.js';

export interface HealthInputs {
  socketState: ConnectionState;
  /** Wall time of the next reconnect attempt while waiting. */
  retryAtMs: number | null;
  /** Why the last connection ended (server reason or local cause). */
  closeReason: string | null;
  /** Set while a resync (gap, stall, crossed book, malformed book frame) is being recovered. */
  resyncReason: string | null;
  /** True until the order book of the current market got its snapshot on this connection. */
  awaitingSnapshots: boolean;
  /** Non-zero per-stream statuses from the subscription answer. */
  streamFailures: readonly string[];
  lastDataAt: number | null;
  headBlock: number | null;
  latencyMs: number | null;
  nowMs: number;
  stallMs: number;
}

export function connectionView(i: HealthInputs): ConnectionView {
  const base = { lastDataAt: i.lastDataAt, headBlock: i.headBlock, latencyMs: i.latencyMs };
  const retryInMs = i.retryAtMs === null ? null : Math.max(0, i.retryAtMs - i.nowMs);
  const streamReason = i.streamFailures[0] ?? null;

  if (i.socketState !== 'open') {
    if (i.resyncReason !== null && i.socketState !== 'closed') {
      return { ...base, health: 'resyncing', retryInMs, reason: i.resyncReason };
    }
    if (i.socketState === 'connecting') {
      return { ...base, health: 'connecting', retryInMs: null, reason: i.closeReason };
    }
    return { ...base, health: 'disconnected', retryInMs, reason: i.closeReason };
  }
  if (i.awaitingSnapshots) {
    const health = i.resyncReason !== null ? 'resyncing' : 'connecting';
    return { ...base, health, retryInMs: null, reason: i.resyncReason ?? streamReason ?? 'waiting for snapshots' };
  }
  const silentMs = i.lastDataAt === null ? null : i.nowMs - i.lastDataAt;
  if (silentMs === null || silentMs > i.stallMs / 2) {
    const reason = silentMs === null ? 'no data yet' : `no data for ${Math.floor(silentMs / 1000)} s`;
    return { ...base, health: 'stale', retryInMs: null, reason };
  }
  return { ...base, health: 'live', retryInMs: null, reason: streamReason };
}
