// Canonical strings that API-key signatures cover (interface.md 5.1, 5.2; wire.md 3.1).
// Shared by the client signer and the local exchange's verifier, so both sides build the same bytes.

import { createHash } from 'node:crypto';

/** Literal second line of the trading-socket sign-in string. */
export const WS_SIGNIN_TAG = 'trading-ws-signin';

/** Lower-case hex SHA-256 of a request body (the empty body hashes the empty string). */
export function bodyHash(body: string | Uint8Array = ''): string {
  return createHash('sha256').update(body).digest('hex');
}

/**
 * The request-target that is signed: path plus query exactly as sent, without the `/api` prefix.
 * `/api/v1/trading/fills?count=1` and `/v1/trading/fills?count=1` both give the latter.
 */
export function signedTarget(pathAndQuery: string): string {
  return pathAndQuery.startsWith('/api/') ? pathAndQuery.slice(4) : pathAndQuery;
}

export interface RestCanonicalInput {
  chainId: number;
  method: string;
  /** Path and query as sent; a leading `/api` is dropped. */
  target: string;
  timestampMs: number | string;
  nonce: string;
  body?: string | Uint8Array;
}

/** Six lines joined by LF, no trailing newline. */
export function restCanonicalString(i: RestCanonicalInput): string {
  return [
    String(i.chainId),
    i.method.toUpperCase(),
    signedTarget(i.target),
    String(i.timestampMs),
    i.nonce,
    bodyHash(i.body ?? ''),
  ].join('\n');
}

/** Four lines joined by LF: chain id, the literal tag, timestamp ms, nonce. */
export function wsSignInCanonicalString(chainId: number, timestampMs: number | string, nonce: string): string {
  return [String(chainId), WS_SIGNIN_TAG, String(timestampMs), nonce].join('\n');
}

/** base64url without padding (nonces, signatures). */
export function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}
export function fromBase64url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  return new Uint8Array(Buffer.from(text, 'base64url'));
}

/** Header names of a signed REST request. */
export const AUTH_HEADERS = {
  key: 'X-API-Key',
  timestamp: 'X-API-Timestamp',
  nonce: 'X-API-Nonce',
  signature: 'X-API-Signature',
} as const;
