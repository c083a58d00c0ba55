// Reconnect delays: 1, 2, 4, 8 s ... capped (10 s by default, because longer caps left feeds dark
// after the far side recovered — wire.md 8.11), each spread by a random jitter so that many clients
// dropped at once do not return in lock-step.

export interface BackoffOptions {
  /** First delay in ms (default 1000). */
  baseMs?: number;
  /** Ceiling in ms, applied after jitter (default 10000). */
  maxMs?: number;
  /** Growth per attempt (default 2). */
  factor?: number;
  /** Relative spread: 0.2 means ±20 % (default 0.2). */
  jitter?: number;
  /** Uniform [0, 1) source; injectable for deterministic tests. */
  random?: () => number;
}

export class Backoff {
  private readonly baseMs: number;
  private readonly maxMs: number;
  private readonly factor: number;
  private readonly jitter: number;
  private readonly random: () => number;
  private attempt = 0;

  constructor(options: BackoffOptions = {}) {
    this.baseMs = options.baseMs ?? 1000;
    this.maxMs = options.maxMs ?? 10_000;
    this.factor = options.factor ?? 2;
    this.jitter = options.jitter ?? 0.2;
    this.random = options.random ?? Math.random;
  }

  /** Number of delays handed out since the last reset. */
  get attempts(): number {
    return this.attempt;
  }

  /** The delay before the next attempt; each call moves one step up the ladder. */
  nextDelayMs(): number {
    const exponent = Math.min(this.attempt, 30); // keeps factor^exponent finite
    this.attempt += 1;
    const nominal = Math.min(this.maxMs, this.baseMs * this.factor ** exponent);
    const spread = 1 + this.jitter * (2 * this.random() - 1);
    return Math.max(0, Math.min(this.maxMs, Math.round(nominal * spread)));
  }

  /** Back to the first step (call once a connection has proven healthy). */
  reset(): void {
    this.attempt = 0;
  }
}
