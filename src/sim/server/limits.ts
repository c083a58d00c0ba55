// Every limit the local exchange enforces, in one place. Defaults follow the live service (the
// market-data budget included: the app keeps to it); REST budgets are set high (live does not publish
// them) so the terminal's polling never sees 429 unless a test or a fault profile asks for it.

export interface SimLimits {
  /** Trading socket: mt 29 must arrive within this window, else close 1008 "idle timeout". */
  idleTimeoutMs: number;
  /** Trading socket: requests (mt 22 and mt 1) per minute, else close 1008 "too many requests". */
  tradingRequestsPerMin: number;
  /** Signed-in trading sockets per wallet; the next sign-in is refused with 1008 "too many connections". */
  maxConnectionsPerWallet: number;
  /** Market-data streams per connection; beyond it a subscription gets 429 "too many subscriptions". */
  maxSubscriptions: number;
  /** Market-data requests (mt 5, mt 1) per minute per connection, else close 1008; 0 = unlimited (live: 10). */
  marketDataRequestsPerMin: number;
  /**
   * Open market-data sockets per client address; the next upgrade is answered HTTP 429. Live published
   * no figure and accepted 24 (wire.md 7.1); the cap only stops a client that opens sockets in a loop.
   */
  maxMarketDataConnectionsPerAddress: number;
  /**
   * Open HTTP connections per client address (REST, and sockets before and after their upgrade); the
   * next one is answered 429 and closed. Stalled connections cannot pile up past it.
   */
  maxHttpConnectionsPerAddress: number;
  /** A request's headers must arrive within this (else 408 and the connection is closed). */
  httpHeadersTimeoutMs: number;
  /** A whole request, body included, must arrive within this. */
  httpRequestTimeoutMs: number;
  /** A connection silent this long is closed (one that never sends a byte was kept for good). */
  httpIdleTimeoutMs: number;
  /** REST requests per minute per client IP on public endpoints; 0 = unlimited. */
  restPublicPerMin: number;
  /** REST requests per minute per API key on signed endpoints; 0 = unlimited. */
  restAuthedPerMin: number;
  /**
   * Signed requests (REST and sign-ins) one key may make inside the +-30 s window: each nonce is kept
   * until its timestamp leaves the window. Beyond it that key alone gets 429 (REST) or 1008 (sign-in).
   */
  noncesPerKey: number;
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
  marketDataRequestsPerMin: 10,
  maxMarketDataConnectionsPerAddress: 32,
  maxHttpConnectionsPerAddress: 256,
  httpHeadersTimeoutMs: 10_000,
  httpRequestTimeoutMs: 30_000,
  httpIdleTimeoutMs: 30_000,
  restPublicPerMin: 3_000,
  restAuthedPerMin: 3_000,
  noncesPerKey: 20_000,
  pingIntervalMs: 30_000,
  sendBufferLimitBytes: 8 * 1024 * 1024,
  allowedOrigins: ['https://app.perpl.xyz', 'https://testnet.perpl.xyz', 'http://localhost'],
  enrollPayloadMaxAgeMs: 15 * 60_000,
};
