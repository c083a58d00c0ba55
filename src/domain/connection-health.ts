// Connection health, one rule for both sessions (market data and trading, live or replayed): derived
// from the link's state and the data flow, never from how a session happens to store them. Pure.
//   not open:  resyncing while a forced reconnect waits (with its cause); connecting while an attempt
//              runs, or before the first connection; else disconnected (the close reason, the countdown)
//   open:      until the connection's snapshots are in, resyncing (with the cause) or connecting;
//              stale after `staleAfterMs` without data; else live.

import type { RoundTripFigure } from './round-trip.js';
import type { ConnectionHealth, ConnectionView } from './views.js';

/** The link's state (transport's ConnectionState). */
export type LinkState = 'connecting' | 'open' | 'closed' | 'waiting';

export interface HealthInputs {
  linkState: LinkState;
  /** Connections opened so far: before the first, a link that is not open is still connecting. */
  opens: number;
  /** Wall time of the next reconnect attempt while waiting. */
  retryAtMs: number | null;
  /** Why the last connection ended (server reason or local cause). */
  closeReason: string | null;
  /** Set from a forced reconnect (gap, stall, malformed state, sign-in) until the new snapshots are in. */
  resyncReason: string | null;
  /** True while the current connection's snapshots have not all arrived. */
  awaitingSnapshots: boolean;
  /** Non-zero per-stream statuses from a subscription answer (market data). */
  streamFailures?: readonly string[];
  /** When the last data arrived (heartbeats and data frames; never pongs). */
  lastDataAt: number | null;
  headBlock: number | null;
  /** The link's round trip (domain/round-trip.ts); null when not measured. Shown only while the link is open. */
  roundTrip: RoundTripFigure | null;
  nowMs: number;
  /** Silence longer than this is stale. */
  staleAfterMs: number;
}

const NO_FAILURES: readonly string[] = [];

/** The health word alone (what locks orders: anything but 'live'). */
export function connectionHealth(i: HealthInputs): ConnectionHealth {
  return connectionView(i).health;
}

export function connectionView(i: HealthInputs): ConnectionView {
  // A link that is down has no round trip: a figure measured on the last connection would only mislead.
  const base = { lastDataAt: i.lastDataAt, headBlock: i.headBlock, roundTrip: i.linkState === 'open' ? i.roundTrip : null };
  const retryInMs = i.retryAtMs === null ? null : Math.max(0, i.retryAtMs - i.nowMs);
  const streamReason = (i.streamFailures ?? NO_FAILURES)[0] ?? null;

  if (i.linkState !== 'open') {
    if (i.resyncReason !== null && i.linkState !== 'closed') {
      return { ...base, health: 'resyncing', retryInMs, reason: i.resyncReason };
    }
    if (i.linkState === 'connecting' || (i.linkState === 'closed' && i.opens === 0)) {
      return { ...base, health: 'connecting', retryInMs: null, reason: i.closeReason };
    }
    return { ...base, health: 'disconnected', retryInMs, reason: i.closeReason };
  }
  if (i.awaitingSnapshots) {
    const health = i.resyncReason !== null ? 'resyncing' : 'connecting';
    return { ...base, health, retryInMs: null, reason: i.resyncReason ?? streamReason ?? 'waiting for snapshots' };
  }
  const silentMs = i.lastDataAt === null ? null : i.nowMs - i.lastDataAt;
  if (silentMs === null || silentMs > i.staleAfterMs) {
    const reason = silentMs === null ? 'no data yet' : `no data for ${Math.floor(silentMs / 1000)} s`;
    return { ...base, health: 'stale', retryInMs: null, reason };
  }
  return { ...base, health: 'live', retryInMs: null, reason: streamReason };
}
