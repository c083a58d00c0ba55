// Candles of one (market, resolution): sorted by open time, upserted by `t`, bounded.
// Live frames (snapshot + updates) are authoritative; REST backfill only fills candles not yet held.

import type { Candle } from '../protocol/frames.js';
import type { CandleView } from './views.js';

/** Room for the first backfill and several older pages the trader scrolls back to (1024 candles each). */
export const DEFAULT_CANDLE_CAPACITY = 10_000;

/** Collateral atoms per display unit (6 decimals). */
const ATOMS_PER_UNIT = 1e6;

export class CandleSeries {
  private readonly candles: Candle[] = [];
  private changes = 0;
  private exhausted = false;

  constructor(
    readonly marketId: number,
    readonly resolution: number,
    readonly capacity: number = DEFAULT_CANDLE_CAPACITY,
  ) {
    if (!(capacity > 0)) throw new RangeError('candle capacity must be positive');
  }

  get length(): number {
    return this.candles.length;
  }
  get version(): number {
    return this.changes;
  }
  /** Open time of the oldest candle held, or null. */
  get oldestT(): number | null {
    return this.candles[0]?.t ?? null;
  }
  get newestT(): number | null {
    return this.candles.at(-1)?.t ?? null;
  }
  /** The exchange had nothing older than `oldestT` (an older page came back empty), or the series is full. */
  get noOlder(): boolean {
    return this.exhausted || this.candles.length >= this.capacity;
  }
  markNoOlder(): void {
    if (this.exhausted) return;
    this.exhausted = true;
    this.changes += 1;
  }

  /** Live snapshot: replaces what live data said before but keeps older backfill it does not cover. */
  applySnapshot(candles: readonly Candle[]): void {
    for (const c of candles) this.place(c, true);
    this.trim();
    this.changes += 1;
  }

  /** Live updates (just-closed + current): upsert by `t`. */
  upsert(candles: readonly Candle[]): void {
    for (const c of candles) this.place(c, true);
    this.trim();
    this.changes += 1;
  }

  /** REST backfill (older history): adds only candles not already held, so live values win. */
  mergeBackfill(candles: readonly Candle[]): void {
    let added = false;
    for (const c of candles) added = this.place(c, false) || added;
    if (added) {
      this.trim();
      this.changes += 1;
    }
  }

  clear(): void {
    this.candles.length = 0;
    this.exhausted = false;
    this.changes += 1;
  }

  /** Copies of all candles, oldest first (tests). */
  all(): Candle[] {
    return this.candles.map((c) => ({ ...c }));
  }

  /** The newest `n` candles, oldest first, as display rows. */
  view(n: number): CandleView[] {
    return this.viewEndingAt(null, n);
  }

  /**
   * `n` candles, oldest first, ending with the last one opened at or before `endT` (null: the newest).
   * Never fewer than held: an `endT` older than everything held shows the oldest `n`.
   */
  viewEndingAt(endT: number | null, n: number): CandleView[] {
    let end = this.candles.length;
    if (endT !== null) {
      // First index opened after endT.
      let lo = 0;
      let hi = end;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((this.candles[mid] as Candle).t <= endT) lo = mid + 1;
        else hi = mid;
      }
      end = Math.min(this.candles.length, Math.max(lo, Math.max(0, n)));
    }
    const start = Math.max(0, end - Math.max(0, n));
    const out: CandleView[] = [];
    for (let i = start; i < end; i++) {
      const c = this.candles[i] as Candle;
      out.push({ t: c.t, o: c.o, h: c.h, l: c.l, c: c.c, volume: Number(c.v) / ATOMS_PER_UNIT });
    }
    return out;
  }

  /** Inserts or (when `overwrite`) replaces by `t`; returns whether anything changed. */
  private place(c: Candle, overwrite: boolean): boolean {
    const list = this.candles;
    const last = list.at(-1);
    if (last === undefined || c.t > last.t) {
      list.push(c);
      return true;
    }
    if (c.t === last.t) {
      if (overwrite) list[list.length - 1] = c;
      return overwrite;
    }
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((list[mid] as Candle).t < c.t) lo = mid + 1;
      else hi = mid;
    }
    if (list[lo]?.t === c.t) {
      if (overwrite) list[lo] = c;
      return overwrite;
    }
    list.splice(lo, 0, c);
    return true;
  }

  /** Drops the oldest candles beyond capacity. */
  private trim(): void {
    const excess = this.candles.length - this.capacity;
    if (excess > 0) this.candles.splice(0, excess);
  }
}
