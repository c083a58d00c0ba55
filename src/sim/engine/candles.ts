// Candles per resolution, built from trades. Arrays stay sorted by open time because time only moves
// forward; a query is two binary searches.

import { CANDLE_RESOLUTIONS } from '../../protocol/enums.js';
import type { Candle } from '../../protocol/frames.js';

interface CandleRecord {
  t: number;
  o: number;
  c: number;
  h: number;
  l: number;
  v: bigint;
  n: number;
}

export const MAX_CANDLES_PER_QUERY = 1024;

function toWire(c: CandleRecord): Candle {
  return { t: c.t, o: c.o, c: c.c, h: c.h, l: c.l, v: c.v.toString(), n: c.n };
}

/** First index whose open time is >= t. */
function lowerBound(list: CandleRecord[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as CandleRecord).t < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class CandleStore {
  private readonly series = new Map<number, CandleRecord[]>(CANDLE_RESOLUTIONS.map((r) => [r, []]));

  /**
   * Adds one trade (or one backfilled 1-minute bar when `bar` is given) to every resolution.
   * Calls `changed` with each candle that moved (the current one, plus the just-closed one on a roll).
   */
  add(
    timeMs: number,
    price: number,
    volume: bigint,
    changed?: (resolution: number, candle: Candle) => void,
    bar?: { o: number; h: number; l: number; n: number },
  ): void {
    for (const [res, list] of this.series) {
      const bucket = timeMs - (timeMs % (res * 1000));
      const lastCandle = list[list.length - 1];
      if (lastCandle && lastCandle.t === bucket) {
        lastCandle.c = price;
        lastCandle.h = Math.max(lastCandle.h, bar?.h ?? price);
        lastCandle.l = Math.min(lastCandle.l, bar?.l ?? price);
        lastCandle.v += volume;
        lastCandle.n += bar?.n ?? 1;
        changed?.(res, toWire(lastCandle));
      } else if (!lastCandle || lastCandle.t < bucket) {
        const fresh: CandleRecord = {
          t: bucket,
          o: bar?.o ?? price,
          c: price,
          h: bar?.h ?? price,
          l: bar?.l ?? price,
          v: volume,
          n: bar?.n ?? 1,
        };
        list.push(fresh);
        if (lastCandle) changed?.(res, toWire(lastCandle));
        changed?.(res, toWire(fresh));
      }
      // A trade older than the newest candle (clock went back) is dropped: candles never rewrite history.
    }
  }

  /** Candles with open time in [fromMs, toMs], oldest first, at most 1024 (the newest ones). */
  query(resolution: number, fromMs: number, toMs: number): Candle[] {
    const list = this.series.get(resolution);
    if (!list) return [];
    const start = lowerBound(list, fromMs);
    const end = lowerBound(list, toMs + 1);
    const from = Math.max(start, end - MAX_CANDLES_PER_QUERY);
    return list.slice(from, end).map(toWire);
  }

  /** Open price of the first 1-minute candle at or after `t` (the "24 h ago" price), if any. */
  openAtOrAfter(t: number): number | undefined {
    const list = this.series.get(60) as CandleRecord[];
    return list[lowerBound(list, t)]?.o;
  }

  /** Newest 1-minute close, if any. */
  lastClose(): number | undefined {
    const list = this.series.get(60) as CandleRecord[];
    return list[list.length - 1]?.c;
  }
}
