// Client-side rate limits: the FIFO gate in front of token buckets (lib/token-bucket.ts), and the throttle notice.
export type { ThrottleReport } from './rate-gate.js';
export { ThrottleMonitor, type ThrottleNotice } from './throttle-monitor.js';
