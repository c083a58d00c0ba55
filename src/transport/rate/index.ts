// Client-side rate limits: the FIFO gate in front of token buckets (lib/token-bucket.ts), and the throttle notice.
export { RateGate, type RateGateOptions, type SubmitOptions, type ThrottleReport } from './rate-gate.js';
export { ThrottleMonitor, type ThrottleListener, type ThrottleNotice } from './throttle-monitor.js';
