// REST backfill of older candles for the selected series. A newer request (market, resolution or
// connection changed) makes any older answer moot.

import type { CandleSeries } from '../../domain/candles.js';
import type { Candle } from '../../protocol/frames.js';

/** REST candles (the REST client satisfies it). */
export interface CandleSource {
  candles(marketId: number, resolution: number, fromMs: number, toMs: number): Promise<Candle[]>;
}

/** The REST candles endpoint returns at most 1024 candles per request. */
export const BACKFILL_CANDLES = 1024;

export class CandleBackfill {
  private token = 0;

  constructor(
    private readonly source: CandleSource | undefined,
    private readonly log: ((line: string) => void) | undefined,
  ) {}

  /** Fetches up to 1024 candles ending now into `series`; `isCurrent` says whether it is still shown. */
  request(series: CandleSeries, nowMs: number, isCurrent: (s: CandleSeries) => boolean, onMerged: () => void): void {
    const source = this.source;
    if (!source) return;
    const token = ++this.token;
    // From the open of the candle 1023 before the current one: exactly 1024 candles, one request. A start
    // a whole 1024 intervals back made the range 1 ms too long, and the REST client split off a second
    // request for that 1 ms (a third of a tight public rate budget at start-up).
    const step = series.resolution * 1000;
    const fromMs = Math.floor(nowMs / step) * step - (BACKFILL_CANDLES - 1) * step;
    source.candles(series.marketId, series.resolution, fromMs, nowMs).then(
      (candles) => {
        if (token !== this.token || !isCurrent(series)) return;
        series.mergeBackfill(candles);
        onMerged();
      },
      (e: unknown) => {
        const why = e instanceof Error ? (e.message.split('\n')[0] ?? 'error') : String(e);
        this.log?.(`market data: candle backfill failed: ${why}`);
      },
    );
  }

  /** Drops whatever is in flight. */
  cancel(): void {
    this.token += 1;
  }
}
