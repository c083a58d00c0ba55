// Market-data stream names and their subscription ids (wire.md 7.1). Book and trades sids are the
// live ones; the chain-wide streams use the values seen in public test data; candles use
// 6000000 + market*100000 + resolution/60 (resolution/60 <= 1440, so unique per market and resolution).

import { CANDLE_RESOLUTIONS } from '../../protocol/index.js';

export type Stream =
  | { kind: 'order-book'; market: number }
  | { kind: 'trades'; market: number }
  | { kind: 'candles'; market: number; resolution: number }
  | { kind: 'market-state' }
  | { kind: 'funding' }
  | { kind: 'heartbeat' }
  | { kind: 'gas-stats' }
  | { kind: 'market-config' };

export const SID = {
  marketState: 3000,
  funding: 4000,
  heartbeat: 5000,
  gasStats: 7000,
  marketConfig: 8000,
} as const;

/**
 * A stream name in its one canonical spelling: lower-case kind, ids in decimal without leading zeros,
 * no spaces. `order-book@01`, `Trades@1` or `candles@1*060` name no stream (404 "unknown stream").
 */
const STREAM_NAME = /^([a-z]+(?:-[a-z]+)*)@(0|[1-9]\d{0,11})(?:\*([1-9]\d{0,5}))?$/;

/** Parses a stream name; undefined when it is not a stream of this chain and market list. */
export function parseStream(name: string, chainId: number, markets: ReadonlySet<number>): Stream | undefined {
  const m = STREAM_NAME.exec(name);
  if (!m) return undefined;
  const kind = m[1]!;
  const id = Number(m[2]);
  const res = m[3] === undefined ? undefined : Number(m[3]);
  if (kind === 'candles') {
    if (res === undefined || !(CANDLE_RESOLUTIONS as readonly number[]).includes(res) || !markets.has(id)) return undefined;
    return { kind, market: id, resolution: res };
  }
  if (res !== undefined) return undefined;
  if (kind === 'order-book' || kind === 'trades') return markets.has(id) ? { kind, market: id } : undefined;
  if (kind === 'market-state' || kind === 'funding' || kind === 'heartbeat' || kind === 'gas-stats' || kind === 'market-config') {
    return id === chainId ? { kind } : undefined;
  }
  return undefined;
}

export function streamSid(s: Stream): number {
  switch (s.kind) {
    case 'order-book':
      return 1_000_000 + s.market;
    case 'trades':
      return 2_000_000 + s.market;
    case 'candles':
      return 6_000_000 + s.market * 100_000 + s.resolution / 60;
    case 'market-state':
      return SID.marketState;
    case 'funding':
      return SID.funding;
    case 'heartbeat':
      return SID.heartbeat;
    case 'gas-stats':
      return SID.gasStats;
    case 'market-config':
      return SID.marketConfig;
  }
}
