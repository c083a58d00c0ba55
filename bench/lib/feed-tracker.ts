// What reached the app from the exchange, and whether it falls behind. Every frame carrying the
// exchange's wall time (at.t) gives a lag (local arrival - at.t). A backlog: the lag keeps growing (the
// last quarter's median exceeds the first quarter's by more than GROWTH_MS), or it already grew during
// the warm-up (median above BEHIND_MS: the exchange does not drop frames for slow readers).
// Constant memory however long the run (a soak must measure the app, not this): lags go into a 1 ms
// histogram (for the p99) and one median per second (for the trend).

import { median } from './stats.js';

const AT_T = /"t":(\d{13})/;
const GROWTH_MS = 100;
const BEHIND_MS = 1000;
const HISTOGRAM_MS = 60_000;

export class FeedTracker {
  private histogram = new Uint32Array(HISTOGRAM_MS + 1);
  private count = 0;
  /** Median lag of each second so far, and the lags of the second in progress. */
  private perSecond: number[] = [];
  private second: number[] = [];
  private secondStart = Date.now();
  bookUpdates = 0;
  trades = 0;

  frame(text: string): void {
    const head = text.length > 200 ? text.slice(0, 200) : text;
    const m = AT_T.exec(head);
    if (m?.[1]) this.lag(Date.now() - Number(m[1]));
    if (head.startsWith('{"mt":16,')) this.bookUpdates += 1;
    else if (head.startsWith('{"mt":18,')) this.trades += text.split('"sd":').length - 1;
  }

  private lag(ms: number): void {
    const now = Date.now();
    if (now - this.secondStart >= 1000) this.closeSecond(now);
    this.second.push(ms);
    this.histogram[Math.min(HISTOGRAM_MS, Math.max(0, Math.round(ms)))]! += 1;
    this.count += 1;
  }

  private closeSecond(now: number): void {
    if (this.second.length > 0) this.perSecond.push(median(this.second));
    this.second = [];
    this.secondStart = now;
  }

  reset(): void {
    this.histogram.fill(0);
    this.count = 0;
    this.perSecond = [];
    this.second = [];
    this.secondStart = Date.now();
    this.bookUpdates = 0;
    this.trades = 0;
  }

  lagP99(): number {
    if (this.count === 0) return 0;
    const rank = Math.ceil(0.99 * this.count);
    let seen = 0;
    for (let ms = 0; ms <= HISTOGRAM_MS; ms++) {
      seen += this.histogram[ms]!;
      if (seen >= rank) return ms;
    }
    return HISTOGRAM_MS;
  }

  growing(): boolean {
    const seconds = this.second.length > 0 ? [...this.perSecond, median(this.second)] : this.perSecond;
    const n = seconds.length;
    if (n < 4) return false;
    const q = Math.floor(n / 4);
    return median(seconds.slice(n - q)) - median(seconds.slice(0, q)) > GROWTH_MS || median(seconds) > BEHIND_MS;
  }
}
