// "The client is holding requests back": written by the app from the transport's throttle monitor
// while requests wait for the client's own rate-limit budget or sleep out a 429 back-off.

export interface ThrottleView {
  /** Wall-clock ms when the longest current wait is expected to end. */
  untilMs: number;
  /** What waits, e.g. ["rest public", "trading socket"]. */
  sources: string[];
}
