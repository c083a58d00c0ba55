// One signed HTTP exchange with the REST API, plus the retry loop for reads.
// Endpoint methods live in client.ts; this file knows nothing about what the paths mean.

import type { ApiKeySigner } from '../../auth/signer.js';
import { ServerClock } from '../../auth/clock.js';
import { DecodeError, PermanentError } from '../../protocol/errors.js';
import type { Network } from '../../protocol/networks.js';
import {
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnauthorizedError,
  httpErrorFor,
  parseRetryAfter,
  type HttpRequestInfo,
} from './errors.js';
import { RestRateLimits, restBudgetOf } from './rate-limits.js';
import { isRetryableMethod, retryDelayMs } from './retry.js';
import type { ThrottleReport } from '../rate/rate-gate.js';
import { buildRequestTarget, type Query } from './target.js';

export type BodyDecoder<T> = (value: unknown) => T;

export interface RestClientOptions {
  network: Network;
  /** Needed for signed requests only. Its clock (if any) becomes this client's clock. */
  signer?: ApiKeySigner;
  fetch?: typeof fetch;
  /** Fed from every response's `Date` header; defaults to the signer's clock. */
  clock?: ServerClock;
  sleep?: (ms: number) => Promise<void>;
  /** Per attempt, including reading the body. */
  timeoutMs?: number;
  /** Client-side request budgets; share one instance between the clients of a process (default: own). */
  rateLimits?: RestRateLimits;
  /** Told while a read sleeps out a 429 back-off (ms), null when it ends. */
  onRateLimitBackoff?: ThrottleReport;
  /** Told before each automatic retry of a read: what failed, how long it waits, and which retry (1-based). */
  onRetry?: (error: unknown, delayMs: number, retry: number) => void;
}

export interface RequestOptions<T> {
  /** Object bodies are sent as JSON; strings are sent as they are. */
  body?: unknown;
  /** Extra query parameters, appended in order after any query already in the path. */
  query?: Query;
  signed?: boolean;
  decode: BodyDecoder<T>;
  signal?: AbortSignal;
}

/** Everything about a request that would be sent, computed once (also what `perpl api --dry-run` shows). */
export interface PreparedRequest {
  method: string;
  url: string;
  /** Path and query relative to the REST base: the request-target that is signed. */
  target: string;
  headers: Record<string, string>;
  bodyText: string | undefined;
  /** The signed canonical string, when signed. */
  canonical: string | undefined;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/** A 401 after the first clock sample moved the estimate this far is retried once with the corrected time. */
const CLOCK_RETRY_THRESHOLD_MS = 10_000;
/** Small, public, cheap: used only for its `Date` header. */
const CLOCK_PROBE_PATH = '/v1/profile/announcements';

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function encodeBody(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

export class RestTransport {
  readonly network: Network;
  readonly clock: ServerClock;
  protected readonly signer: ApiKeySigner | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly timeoutMs: number;
  private readonly rateLimits: RestRateLimits;
  private readonly onRateLimitBackoff: ThrottleReport | undefined;
  private readonly onRetry: RestClientOptions['onRetry'];
  private backoffsRunning = 0;
  private backoffUntilMs = 0;

  constructor(opts: RestClientOptions) {
    this.network = opts.network;
    this.signer = opts.signer;
    // The signer stamps requests with the clock this client corrects from `Date` headers: one clock.
    this.clock = opts.clock ?? opts.signer?.clock ?? new ServerClock();
    if (opts.signer?.clock && opts.signer.clock !== this.clock) {
      throw new PermanentError('the signer and the REST client must share one ServerClock');
    }
    this.fetchImpl = opts.fetch ?? globalThis.fetch;
    this.sleep = opts.sleep ?? realSleep;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.rateLimits = opts.rateLimits ?? new RestRateLimits();
    this.onRateLimitBackoff = opts.onRateLimitBackoff;
    this.onRetry = opts.onRetry;
    if (opts.signer && opts.signer.chainId !== opts.network.chainId) {
      throw new PermanentError(
        `the API key signs for chain ${opts.signer.chainId} but the network is ${opts.network.name} (chain ${opts.network.chainId})`,
      );
    }
  }

  /** Builds URL, target, body and (if signed) headers; signs with a fresh timestamp and nonce. */
  prepare(method: string, pathAndQuery: string, opts: { body?: unknown; query?: Query; signed?: boolean } = {}): PreparedRequest {
    const m = method.toUpperCase();
    const { url, target } = buildRequestTarget(this.network.restBase, pathAndQuery, opts.query);
    const bodyText = encodeBody(opts.body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (bodyText !== undefined) headers['content-type'] = 'application/json';
    let canonical: string | undefined;
    if (opts.signed) {
      if (!this.signer) {
        throw new PermanentError(`${m} ${target} needs an API key`, {
          hint: 'create one with `perpl keys new` and enroll it with `perpl keys enroll`, or pass --key-file / set PERPL_API_KEY and PERPL_API_SECRET',
        });
      }
      const signed = this.signer.signRest({ method: m, target, ...(bodyText !== undefined ? { body: bodyText } : {}) });
      Object.assign(headers, signed.headers);
      canonical = signed.canonical;
    }
    return { method: m, url, target, headers, bodyText, canonical };
  }

  /**
   * Reads the server's `Date` from a small public endpoint. A signed write is never retried, so before the
   * first one the clock must already be right; errors are ignored (the `Date` header is read either way).
   */
  async calibrateClock(signal?: AbortSignal): Promise<void> {
    try {
      await this.rateLimits.acquire('public', signal);
      await this.sendOnce(this.prepare('GET', CLOCK_PROBE_PATH), () => null, signal);
    } catch {
      // A failed probe leaves the clock as it was; the write then reports its own error.
    }
  }

  /** Sends one request; reads are retried on 429/5xx/network errors, writes never. */
  async request<T>(method: string, pathAndQuery: string, opts: RequestOptions<T>): Promise<T> {
    const retryable = isRetryableMethod(method);
    if (opts.signed && !retryable && !this.clock.calibrated) await this.calibrateClock(opts.signal);
    let clockRetryUsed = false;
    const budget = restBudgetOf(opts.signed);
    for (let retry = 0; ; retry++) {
      // Every attempt is a request the server counts: each waits for its own token.
      await this.rateLimits.acquire(budget, opts.signal);
      const wasCalibrated = this.clock.calibrated;
      const prepared = this.prepare(method, pathAndQuery, opts);
      try {
        return await this.sendOnce(prepared, opts.decode, opts.signal);
      } catch (error) {
        // First contact with a skewed local clock: the 401 response itself calibrated the clock.
        if (
          error instanceof UnauthorizedError &&
          opts.signed &&
          retryable &&
          !wasCalibrated &&
          !clockRetryUsed &&
          Math.abs(this.clock.offsetMs) > CLOCK_RETRY_THRESHOLD_MS
        ) {
          clockRetryUsed = true;
          retry--;
          continue;
        }
        const delay = retryable && !opts.signal?.aborted ? retryDelayMs(error, retry) : undefined;
        if (delay === undefined) throw error;
        this.onRetry?.(error, delay, retry + 1);
        await this.backOff(delay, error instanceof RateLimitedError);
      }
    }
  }

  /** A 429 back-off is a throttle the user is told about; a 5xx retry is not. */
  private async backOff(ms: number, rateLimited: boolean): Promise<void> {
    if (!rateLimited) return this.sleep(ms);
    // Several reads may back off at once: the notice lasts until the last of them ends.
    const now = this.clock.localNow();
    this.backoffUntilMs = Math.max(this.backoffUntilMs, now + ms);
    this.backoffsRunning += 1;
    this.onRateLimitBackoff?.(this.backoffUntilMs - now);
    try {
      await this.sleep(ms);
    } finally {
      this.backoffsRunning -= 1;
      if (this.backoffsRunning === 0) this.onRateLimitBackoff?.(null);
    }
  }

  private requestInfo(p: PreparedRequest): HttpRequestInfo {
    return { method: p.method, target: p.target, appUrl: this.network.appUrl };
  }

  private scrub(text: string): string {
    return this.signer ? this.signer.redact(text) : text;
  }

  private async sendOnce<T>(p: PreparedRequest, decode: BodyDecoder<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    const info = this.requestInfo(p);
    const controller = new AbortController();
    const onCallerAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const sentAt = this.clock.localNow();
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const res = await this.fetchImpl(p.url, {
        method: p.method,
        headers: p.headers,
        ...(p.bodyText !== undefined ? { body: p.bodyText } : {}),
        signal: controller.signal,
        redirect: 'error',
      });
      this.clock.observe(res.headers.get('date'), sentAt, this.clock.localNow());
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      text = await res.text();
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw timedOut ? new TimeoutError(info, this.timeoutMs) : new NetworkError(info, cause);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
    if (status < 200 || status > 299) {
      throw httpErrorFor(status, info, this.scrub(text), {
        retryAfterMs: parseRetryAfter(retryAfter, this.clock.now()),
        clockOffsetMs: this.clock.offsetMs,
      });
    }
    return decodeBody(text, decode, info);
  }
}

function decodeBody<T>(text: string, decode: BodyDecoder<T>, info: HttpRequestInfo): T {
  let value: unknown = null;
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      // Not kept as the cause: a SyntaxError quotes the body, which is the server's untrusted text.
      throw new DecodeError(`${info.method} ${info.target}: the response is not JSON`, '');
    }
  }
  try {
    return decode(value);
  } catch (e) {
    if (e instanceof DecodeError) {
      throw new DecodeError(`${info.method} ${info.target}: ${e.shortMessage}`, e.path, { cause: e, details: e.details });
    }
    throw e;
  }
}
