// Market-data stream names and the sid -> stream routing learned from SubscriptionResponse (mt 6).
// Sids are never hard-coded: the server assigns them and we route by what it said.

import type { SubscriptionResult } from '../../protocol/frames.js';

export type StreamKey =
  | { kind: 'heartbeat' }
  | { kind: 'market-state' }
  | { kind: 'funding' }
  | { kind: 'order-book'; market: number }
  | { kind: 'trades'; market: number }
  | { kind: 'candles'; market: number; resolution: number };

export type StreamKind = StreamKey['kind'];

export function chainStreams(chainId: number): string[] {
  return [`heartbeat@${chainId}`, `market-state@${chainId}`, `funding@${chainId}`];
}

export function marketStreams(marketId: number, resolution: number): string[] {
  return [`order-book@${marketId}`, `trades@${marketId}`, candleStream(marketId, resolution)];
}

export function candleStream(marketId: number, resolution: number): string {
  return `candles@${marketId}*${resolution}`;
}

/** Parses one of the stream names this session subscribes to; null for anything else. */
export function parseStreamName(name: string): StreamKey | null {
  const m = /^([a-z-]+)@(\d+)(?:\*(\d+))?$/.exec(name);
  if (!m) return null;
  const id = Number(m[2]);
  switch (m[1]) {
    case 'heartbeat':
    case 'market-state':
    case 'funding':
      return m[3] === undefined ? { kind: m[1] } : null;
    case 'order-book':
    case 'trades':
      return m[3] === undefined ? { kind: m[1], market: id } : null;
    case 'candles':
      return m[3] === undefined ? null : { kind: 'candles', market: id, resolution: Number(m[3]) };
    default:
      return null;
  }
}

/** What routing decided for one frame. */
export interface Route {
  stream: string;
  key: StreamKey;
}

/**
 * sid -> stream table for one connection. Streams being unsubscribed are forgotten at once, so late
 * frames of the old market are dropped rather than applied to the new one.
 */
export class StreamRoutes {
  private readonly bySid = new Map<number, Route>();
  /** Streams we want, whether or not the server has acknowledged them yet. */
  private readonly wanted = new Map<string, StreamKey>();
  /** Non-zero statuses from mt 6, by stream ("order-book@9: 404 unknown stream"). */
  private readonly failures = new Map<string, string>();

  /** Forget every sid (new connection: sids are per connection). */
  resetConnection(): void {
    this.bySid.clear();
    this.failures.clear();
  }

  want(stream: string): void {
    const key = parseStreamName(stream);
    if (key) this.wanted.set(stream, key);
  }

  unwant(stream: string): void {
    this.wanted.delete(stream);
    this.failures.delete(stream);
    for (const [sid, route] of this.bySid) if (route.stream === stream) this.bySid.delete(sid);
  }

  wantedStreams(): string[] {
    return [...this.wanted.keys()];
  }

  /** Applies an mt 6 answer; returns the failure lines it added. */
  acknowledge(results: readonly SubscriptionResult[]): string[] {
    const added: string[] = [];
    for (const r of results) {
      const key = this.wanted.get(r.stream);
      if (r.status.code !== 0) {
        const line = `${r.stream}: ${r.status.code}${r.status.error ? ` ${r.status.error}` : ''}`;
        if (key) {
          this.failures.set(r.stream, line);
          added.push(line);
        }
        continue;
      }
      // Acks of unsubscribes and of streams we no longer want carry nothing to route.
      if (!key || r.sid === undefined) continue;
      this.failures.delete(r.stream);
      this.bySid.set(r.sid, { stream: r.stream, key });
    }
    return added;
  }

  failureLines(): string[] {
    return [...this.failures.values()];
  }

  /**
   * The stream of a frame of `kind`: by sid when present; without a sid, the one wanted stream of that
   * kind (chain-wide streams, or a server that omits sids). Null = not ours (drop the frame).
   */
  route(sid: number | undefined, kind: StreamKind): Route | null {
    if (sid !== undefined) {
      const r = this.bySid.get(sid);
      if (r) return r.key.kind === kind ? r : null;
      // Servers that omit the sid in mt 6 but send one on frames: fall back only for chain-wide kinds.
      if (kind !== 'heartbeat' && kind !== 'market-state' && kind !== 'funding') return null;
    }
    let found: Route | null = null;
    for (const [stream, key] of this.wanted) {
      if (key.kind !== kind) continue;
      if (found) return null; // ambiguous
      found = { stream, key };
    }
    return found;
  }
}
