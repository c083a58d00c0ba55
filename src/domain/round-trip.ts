// The link's round-trip time as the status bar shows it: the median of the last few ping round trips on
// the current connection (one slow answer does not move it), null until the first answer and after the
// connection ends. A ping still unanswered after `lateAfterMs` and after the median makes the figure "at
// least its age": a link that stopped answering never keeps showing its last good figure.
// Block timestamps cannot give this figure: they are whole seconds (wire.md 15.1). Pure.

import { percentile } from './trading/execution-stats.js';

export interface RoundTripFigure {
  ms: number;
  /** A ping has waited `ms` unanswered: the round trip is at least that. */
  atLeast: boolean;
}

export interface RoundTripTimesOptions {
  /** Round trips the median is taken over (default 5). */
  keep?: number;
  /** An unanswered ping older than this (and than the median) shows as a lower bound (default 5 s). */
  lateAfterMs?: number;
}

/** Pings remembered while unanswered: more means the peer answers none of them. */
const MAX_UNANSWERED = 8;

export class RoundTripTimes {
  private readonly keep: number;
  private readonly lateAfterMs: number;
  private samples: number[] = [];
  /** Send times of the pings not answered yet, oldest first. */
  private unanswered: number[] = [];

  constructor(options: RoundTripTimesOptions = {}) {
    this.keep = Math.max(1, options.keep ?? 5);
    this.lateAfterMs = options.lateAfterMs ?? 5_000;
  }

  /** A ping left at `sentAt`. */
  pinged(sentAt: number): void {
    this.unanswered.push(sentAt);
    if (this.unanswered.length > MAX_UNANSWERED) this.unanswered.shift();
  }

  /**
   * The answer to the ping sent at `sentAt` arrived at `receivedAt`. An answer to no ping of ours (an echo
   * the peer made up) is not a round trip: false, and nothing changes. Older pings still unanswered are
   * given up (the link answers in order).
   */
  answered(sentAt: number, receivedAt: number): boolean {
    const i = this.unanswered.indexOf(sentAt);
    if (i < 0) return false;
    this.unanswered.splice(0, i + 1);
    this.samples.push(Math.max(0, receivedAt - sentAt));
    if (this.samples.length > this.keep) this.samples.shift();
    return true;
  }

  /** The connection ended: nothing is known of the next one. */
  clear(): void {
    this.samples = [];
    this.unanswered = [];
  }

  /** The figure at `nowMs`, null before any answer on this connection (a peer that answers no ping says nothing). */
  figure(nowMs: number): RoundTripFigure | null {
    const median = percentile(this.samples, 50);
    if (median === null) return null;
    const oldest = this.unanswered[0];
    const waited = oldest === undefined ? 0 : nowMs - oldest;
    if (waited > this.lateAfterMs && waited > median) return { ms: waited, atLeast: true };
    return { ms: median, atLeast: false };
  }
}
