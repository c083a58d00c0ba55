// Client-side rate limits: token buckets, the FIFO gate in front of them, and the throttle notice.
export { TokenBucket, type TokenBucketLimit } from './token-bucket.js';
export { RateGate, type RateGateOptions, type SubmitOptions, type ThrottleReport } from './rate-gate.js';
export { ThrottleMonitor, type ThrottleListener, type ThrottleNotice } from './throttle-monitor.js';
