// HTTP failures of the REST client, on the protocol error tree: TransientError when retrying may help
// (network, timeout, 429, 500/502/503/504), PermanentError when it does not (4xx).
// Messages name the method, the signed target and the status; never headers, never the token.
// The server's body is untrusted text: it is kept and shown only sanitized (protocol/sanitize-text.ts).

import { PermanentError, TransientError, type PerplErrorOptions } from '../../protocol/errors.js';
import { sanitizeText } from '../../protocol/sanitize-text.js';

/** What every HTTP error says about the request that failed. */
export interface HttpRequestInfo {
  method: string;
  /** Path and query as signed (without `/api`). */
  target: string;
  /** Web app address, for hints that send the user there. */
  appUrl?: string;
}

interface HttpFailure {
  readonly status: number | undefined;
  readonly method: string;
  readonly target: string;
  /** Response body as text (possibly empty, truncated, sanitized); the server has no JSON error envelope. */
  readonly bodyText: string;
}

/** Longest body excerpt kept on an error. */
const MAX_BODY_CHARS = 500;

/** The body on one line, its controls shown as escapes, at most MAX_BODY_CHARS long. */
function excerpt(body: string): string {
  return sanitizeText(body.replace(/\s+/g, ' ').trim(), MAX_BODY_CHARS);
}

function headline(req: HttpRequestInfo, what: string, bodyText: string): string {
  const reason = bodyText ? `: ${excerpt(bodyText)}` : '';
  return `${req.method.toUpperCase()} ${req.target} failed: ${what}${reason}`;
}

export class HttpTransientError extends TransientError implements HttpFailure {
  readonly method: string;
  readonly target: string;
  readonly bodyText: string;
  constructor(
    readonly status: number | undefined,
    req: HttpRequestInfo,
    what: string,
    bodyText = '',
    options: PerplErrorOptions = {},
  ) {
    super(headline(req, what, bodyText), options);
    this.method = req.method.toUpperCase();
    this.target = req.target;
    this.bodyText = excerpt(bodyText);
  }
}

export class HttpPermanentError extends PermanentError implements HttpFailure {
  readonly method: string;
  readonly target: string;
  readonly bodyText: string;
  constructor(
    readonly status: number,
    req: HttpRequestInfo,
    what: string,
    bodyText = '',
    options: PerplErrorOptions = {},
  ) {
    super(headline(req, what, bodyText), options);
    this.method = req.method.toUpperCase();
    this.target = req.target;
    this.bodyText = excerpt(bodyText);
  }
}

// ---- transient ----

/** The request never got an HTTP answer (DNS, refused, reset). */
export class NetworkError extends HttpTransientError {
  constructor(req: HttpRequestInfo, cause: unknown) {
    super(undefined, req, 'network error', '', {
      cause,
      details: sanitizeText(cause instanceof Error ? cause.message : String(cause)),
      hint: 'check the network connection and the base URL',
    });
  }
}

export class TimeoutError extends HttpTransientError {
  constructor(req: HttpRequestInfo, readonly timeoutMs: number) {
    super(undefined, req, `no answer within ${timeoutMs} ms`, '', { hint: 'the server is slow or unreachable; try again' });
  }
}

export class RateLimitedError extends HttpTransientError {
  constructor(req: HttpRequestInfo, bodyText: string, readonly retryAfterMs: number | undefined) {
    super(429, req, '429 rate limited', bodyText, {
      hint: 'too many requests: wait a few seconds before retrying (reads back off 1 s, 2 s, 4 s automatically)',
    });
  }
}

/** 500, 502, 503, 504: the server or a gateway failed; 503 also means "warming up". */
export class ServerError extends HttpTransientError {
  constructor(status: number, req: HttpRequestInfo, bodyText: string) {
    super(status, req, `${status} ${status === 503 ? 'service unavailable' : 'server error'}`, bodyText, {
      hint:
        status === 503
          ? 'the service is warming up or does not know the head block yet; retry shortly'
          : 'the server failed; retry shortly',
    });
  }
}

// ---- permanent ----

export class BadRequestError extends HttpPermanentError {
  constructor(req: HttpRequestInfo, bodyText: string) {
    super(400, req, '400 bad request', bodyText, { hint: 'the server refused the request as malformed; the body above says why' });
  }
}

export class UnauthorizedError extends HttpPermanentError {
  constructor(req: HttpRequestInfo, bodyText: string, readonly clockOffsetMs?: number) {
    const skew =
      clockOffsetMs !== undefined && Math.abs(clockOffsetMs) > 10_000
        ? ` (the local clock is ${Math.round(clockOffsetMs / 1000)} s off server time)`
        : '';
    super(401, req, '401 unauthorized', bodyText, {
      hint:
        `check: the clock (timestamps must be within ±30 s of server time)${skew}; that the API key token and the ` +
        'private key belong together and to this network; that the key has not expired or been revoked; ' +
        "that this IP is in the key's allow-list",
    });
  }
}

export class ForbiddenError extends HttpPermanentError {
  constructor(req: HttpRequestInfo, bodyText: string) {
    super(403, req, '403 forbidden', bodyText, {
      hint: 'the API key lacks the scope for this (trading needs a key with trade scope); enroll a read+trade key',
    });
  }
}

function notFoundHint(req: HttpRequestInfo): string {
  const app = req.appUrl ?? 'the web app';
  if (req.target.startsWith('/v1/trading/')) {
    return `this wallet has no exchange account yet: create one (deposit collateral) in ${app}`;
  }
  if (req.target.startsWith('/v1/api-key/')) {
    return `no profile for this wallet (or the target profile does not exist): sign in once in ${app} and create an account`;
  }
  if (req.target.startsWith('/v1/profile/ref-code')) return 'this profile has no referral code';
  return 'unknown path or record; check the path (it is relative to the /api base, e.g. /v1/pub/context)';
}

export class NotFoundError extends HttpPermanentError {
  constructor(req: HttpRequestInfo, bodyText: string) {
    super(404, req, '404 not found', bodyText, { hint: notFoundHint(req) });
  }
}

/** 409 at enrollment: the public key was registered before (revoked keys count). */
export class ConflictError extends HttpPermanentError {
  constructor(req: HttpRequestInfo, bodyText: string) {
    super(409, req, '409 conflict', bodyText, {
      hint: 'this public key is already registered (revoked keys count too): generate a fresh key pair and enroll that',
    });
  }
}

/** 422: typically an enrollment Origin that is not whitelisted. */
export class UnprocessableError extends HttpPermanentError {
  constructor(req: HttpRequestInfo, bodyText: string) {
    super(422, req, '422 unprocessable', bodyText, {
      hint: 'the server understood but refused the request; at enrollment this means the Origin is not allowed (send none)',
    });
  }
}

/** 423 at enrollment: the profile already holds the maximum number of active keys. */
export class LockedError extends HttpPermanentError {
  constructor(req: HttpRequestInfo, bodyText: string) {
    super(423, req, '423 locked', bodyText, {
      hint: `the profile already has 16 active API keys: revoke one at ${req.appUrl ?? 'the web app'}/apikeys`,
    });
  }
}

/** Parses `Retry-After` (seconds or an HTTP date) into milliseconds; undefined when absent or unusable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : undefined;
}

/** The error for a non-2xx answer. `bodyText` must already be scrubbed of secrets. */
export function httpErrorFor(
  status: number,
  req: HttpRequestInfo,
  bodyText: string,
  extra: { retryAfterMs?: number; clockOffsetMs?: number } = {},
): HttpTransientError | HttpPermanentError {
  switch (status) {
    case 400:
      return new BadRequestError(req, bodyText);
    case 401:
      return new UnauthorizedError(req, bodyText, extra.clockOffsetMs);
    case 403:
      return new ForbiddenError(req, bodyText);
    case 404:
      return new NotFoundError(req, bodyText);
    case 409:
      return new ConflictError(req, bodyText);
    case 422:
      return new UnprocessableError(req, bodyText);
    case 423:
      return new LockedError(req, bodyText);
    case 429:
      return new RateLimitedError(req, bodyText, extra.retryAfterMs);
    case 500:
    case 502:
    case 503:
    case 504:
      return new ServerError(status, req, bodyText);
    default:
      return new HttpPermanentError(status, req, `HTTP ${status}`, bodyText);
  }
}
