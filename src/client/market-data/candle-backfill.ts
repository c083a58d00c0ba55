// REST backfill of older candles for the selected series. A newer request (market, resolution or
// connection changed) makes any older answer moot. Scrolling back asks for the page before the oldest
// candle held: one page in flight at a time (a held key sends one request, not one per repeat), none
// once the exchange answers with nothing older, and a failed page waits a while before the next try.

import type { CandleSeries } from '../../domain/candles.js';
import type { Candle } from '../../protocol/frames.js';

/** REST candles (the REST client satisfies it). */
export interface CandleSource {
  candles(marketId: number, resolution: number, fromMs: number, toMs: number): Promise<Candle[]>;
}

/** The REST candles endpoint returns at most 1024 candles per request. */
export const BACKFILL_CANDLES = 1024;

/** After a failed older page, the next try waits this long (the REST client already retried it). */
export const OLDER_RETRY_MS = 5_000;

export class CandleBackfill {
  private token = 0;
  private olderInFlight: { series: CandleSeries } | null = null;
  private olderFailedAtMs: number | null = null;

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

  /** An older page is being fetched for `series`. */
  loadingOlder(series: CandleSeries): boolean {
    return this.olderInFlight?.series === series;
  }

  /**
   * Fetches the 1024 candles before the oldest held into `series`. Merged only while the series is still
   * shown and still starts where it did (a resync that cleared it would leave a gap); an empty page says
   * the exchange has nothing older. Returns whether a request left.
   */
  requestOlder(series: CandleSeries, nowMs: number, isCurrent: (s: CandleSeries) => boolean, onChange: () => void): boolean {
    const source = this.source;
    const oldestT = series.oldestT;
    if (!source || oldestT === null || series.noOlder || this.olderInFlight !== null) return false;
    if (this.olderFailedAtMs !== null && nowMs - this.olderFailedAtMs < OLDER_RETRY_MS) return false;
    const step = series.resolution * 1000;
    const fromMs = Math.max(0, oldestT - BACKFILL_CANDLES * step);
    if (fromMs >= oldestT) {
      series.markNoOlder();
      return false;
    }
    const flight = { series };
    this.olderInFlight = flight;
    const done = (): void => {
      if (this.olderInFlight === flight) this.olderInFlight = null;
      onChange();
    };
    source.candles(series.marketId, series.resolution, fromMs, oldestT - 1).then(
      (candles) => {
        this.olderFailedAtMs = null;
        if (isCurrent(series) && series.oldestT === oldestT) {
          const older = candles.filter((c) => c.t < oldestT);
          if (older.length === 0) series.markNoOlder();
          else series.mergeBackfill(older);
        }
        done();
      },
      (e: unknown) => {
        this.olderFailedAtMs = nowMs;
        const why = e instanceof Error ? (e.message.split('\n')[0] ?? 'error') : String(e);
        this.log?.(`market data: older candle backfill failed: ${why}`);
        done();
      },
    );
    return true;
  }

  /** Drops whatever is in flight. */
  cancel(): void {
    this.token += 1;
    this.olderInFlight = null;
  }
}
