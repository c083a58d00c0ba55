// Server time, estimated from HTTP `Date` headers. Signed requests must carry a timestamp within
// ±30 s of the server's clock, and a laptop clock can be off by more than that.

/** Offset samples further than this from the estimate mean the local clock jumped: start over. */
const RESET_THRESHOLD_MS = 5_000;
/** Weight of a new sample; `Date` has 1 s resolution, so single samples are noisy. */
const SMOOTHING = 0.25;
/** `Date` truncates to the second; the true server time is on average half a second later. */
const DATE_RESOLUTION_CORRECTION_MS = 500;

export class ServerClock {
  private offset = 0;
  private samples = 0;

  /** `localNow` reads the local clock; callers timing requests use the same reading (tests move it by hand). */
  constructor(readonly localNow: () => number = Date.now) {}

  /** Server time estimate in ms since the epoch. */
  now(): number {
    return Math.round(this.localNow() + this.offset);
  }

  /** Estimated server minus local time, in ms. */
  get offsetMs(): number {
    return Math.round(this.offset);
  }

  /** True once at least one `Date` header has been observed. */
  get calibrated(): boolean {
    return this.samples > 0;
  }

  /**
   * Feeds one response: its `Date` header and the local times the request left and the response arrived.
   * Unparsable or missing dates are ignored.
   */
  observe(dateHeader: string | null | undefined, sentAtMs: number, receivedAtMs: number): void {
    if (!dateHeader) return;
    const serverMs = Date.parse(dateHeader);
    if (!Number.isFinite(serverMs) || !Number.isFinite(sentAtMs) || !Number.isFinite(receivedAtMs)) return;
    const midpoint = (sentAtMs + receivedAtMs) / 2;
    const sample = serverMs + DATE_RESOLUTION_CORRECTION_MS - midpoint;
    if (this.samples === 0 || Math.abs(sample - this.offset) > RESET_THRESHOLD_MS) {
      this.offset = sample;
    } else {
      this.offset += SMOOTHING * (sample - this.offset);
    }
    this.samples += 1;
  }
}
