// What reached the app from the exchange, and whether it falls behind. Every frame carrying the
// exchange's wall time (at.t) gives a lag (local arrival - at.t). A backlog: the lag keeps growing (the
// last quarter's median exceeds the first quarter's by more than GROWTH_MS), or it already grew during
// the warm-up (median above BEHIND_MS: the exchange does not drop frames for slow readers).

import { median, quantile } from './stats.js';

const AT_T = /"t":(\d{13})/;
const GROWTH_MS = 100;
const BEHIND_MS = 1000;

export class FeedTracker {
  private lags: number[] = [];
  bookUpdates = 0;
  trades = 0;

  frame(text: string): void {
    const head = text.length > 200 ? text.slice(0, 200) : text;
    const m = AT_T.exec(head);
    if (m?.[1]) this.lags.push(Date.now() - Number(m[1]));
    if (head.startsWith('{"mt":16,')) this.bookUpdates += 1;
    else if (head.startsWith('{"mt":18,')) this.trades += text.split('"sd":').length - 1;
  }

  reset(): void {
    this.lags = [];
    this.bookUpdates = 0;
    this.trades = 0;
  }

  lagP99(): number {
    return quantile(this.lags, 0.99);
  }

  growing(): boolean {
    const n = this.lags.length;
    if (n < 40) return false;
    const q = Math.floor(n / 4);
    return median(this.lags.slice(n - q)) - median(this.lags.slice(0, q)) > GROWTH_MS || median(this.lags) > BEHIND_MS;
  }
}
