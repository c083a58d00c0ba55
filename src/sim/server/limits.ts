// Every limit the local exchange enforces, in one place. Defaults follow the live service where the
// app's own normal use cannot trip them; REST budgets are set high (live does not publish them) so
// the terminal's polling never sees 429 unless a test or a fault profile asks for it.

export interface SimLimits {
  /** Trading socket: mt 29 must arrive within this window, else close 1008 "idle timeout". */
  idleTimeoutMs: number;
  /** Trading socket: requests (mt 22 and mt 1) per minute, else close 1008 "too many requests". */
  tradingRequestsPerMin: number;
  /** Signed-in trading sockets per wallet; the next sign-in is refused with 1008 "too many connections". */
  maxConnectionsPerWallet: number;
  /** Market-data streams per connection; beyond it a subscription gets 429 "too many subscriptions". */
  maxSubscriptions: number;
  /** Market-data requests (mt 5, mt 1) per minute per connection; 0 = unlimited (live: 10). */
  marketDataRequestsPerMin: number;
  /** REST requests per minute per client IP on public endpoints; 0 = unlimited. */
  restPublicPerMin: number;
  /** REST requests per minute per API key on signed endpoints; 0 = unlimited. */
  restAuthedPerMin: number;
  /** Protocol-level ping interval; a socket that misses one pong is closed 1008 "ping timeout". 0 = off. */
  pingIntervalMs: number;
  /** Bytes a socket may have queued before it is closed 1013 "send buffer overflow". */
  sendBufferLimitBytes: number;
  /** Origins accepted by the enrollment endpoints; a request without Origin is always accepted. */
  allowedOrigins: string[];
  /** Payloads older than this are refused by /enroll. */
  enrollPayloadMaxAgeMs: number;
}

export const DEFAULT_LIMITS: SimLimits = {
  idleTimeoutMs: 5_000,
  tradingRequestsPerMin: 120,
  maxConnectionsPerWallet: 4,
  maxSubscriptions: 16,
  marketDataRequestsPerMin: 0,
  restPublicPerMin: 3_000,
  restAuthedPerMin: 3_000,
  pingIntervalMs: 30_000,
  sendBufferLimitBytes: 8 * 1024 * 1024,
  allowedOrigins: ['https://app.perpl.xyz', 'https://testnet.perpl.xyz', 'http://localhost'],
  enrollPayloadMaxAgeMs: 15 * 60_000,
};
