// Signs REST requests and the trading-socket sign-in with an API key (interface.md 5.1, 5.2).
// Holds the seed in a private field and never lets it out: JSON and util.inspect see a redacted form.

import { inspect } from 'node:util';
import {
  AUTH_HEADERS,
  base64url,
  restCanonicalString,
  signedTarget,
  wsSignInCanonicalString,
} from '../protocol/canonical.js';
import type { ApiKeySignInFrame } from '../protocol/frames.js';
import { PermanentError } from '../protocol/errors.js';
import { publicKeyFromSeed, signEd25519 } from './ed25519.js';
import { newNonce } from './nonce.js';
import type { ServerClock } from './clock.js';

export interface ApiKeyCredentials {
  apiKey: string;
  seed: Uint8Array;
}

export type SignedHeaders = Record<
  typeof AUTH_HEADERS.key | typeof AUTH_HEADERS.timestamp | typeof AUTH_HEADERS.nonce | typeof AUTH_HEADERS.signature,
  string
>;

export interface RestRequestToSign {
  method: string;
  /** Path and query exactly as sent (with or without the `/api` prefix; it is not signed). */
  target: string;
  body?: string | Uint8Array;
}

export interface SignedRest {
  headers: SignedHeaders;
  /** The exact string that was signed (safe to show: it holds no secret). */
  canonical: string;
}

export interface SignerOptions {
  /** Nonce source; tests pin it to reproduce golden vectors. */
  nonce?: () => string;
}

export class ApiKeySigner {
  readonly #apiKey: string;
  readonly #seed: Uint8Array;
  /** Source of timestamps (local time when absent); share it with the REST client that feeds it. */
  readonly clock: ServerClock | undefined;
  readonly #nonce: () => string;
  /** Raw 32-byte public key of the seed. */
  readonly publicKey: Uint8Array;

  constructor(
    creds: ApiKeyCredentials,
    readonly chainId: number,
    clock?: ServerClock,
    options: SignerOptions = {},
  ) {
    if (!creds.apiKey) throw new PermanentError('the API key token is empty');
    if (!Number.isSafeInteger(chainId) || chainId <= 0) {
      throw new PermanentError(`chain id ${String(chainId)} is not a positive integer`);
    }
    this.#apiKey = creds.apiKey;
    // Own copy: a caller wiping or reusing its buffer must not change what we sign with.
    this.#seed = Uint8Array.from(creds.seed);
    this.publicKey = publicKeyFromSeed(this.#seed);
    this.clock = clock;
    this.#nonce = options.nonce ?? newNonce;
  }

  /** `0x` + 64 hex of the public key, as enrolled. */
  get publicKeyHex(): string {
    return `0x${Buffer.from(this.publicKey).toString('hex')}`;
  }

  private timestampMs(): string {
    return String(this.clock ? this.clock.now() : Date.now());
  }

  private signToBase64url(message: string): string {
    return base64url(signEd25519(this.#seed, message));
  }

  /** Signs one REST request; every call takes a fresh timestamp and nonce. */
  signRest(req: RestRequestToSign): SignedRest {
    const timestamp = this.timestampMs();
    const nonce = this.#nonce();
    const canonical = restCanonicalString({
      chainId: this.chainId,
      method: req.method,
      target: signedTarget(req.target),
      timestampMs: timestamp,
      nonce,
      body: req.body ?? '',
    });
    return {
      headers: {
        [AUTH_HEADERS.key]: this.#apiKey,
        [AUTH_HEADERS.timestamp]: timestamp,
        [AUTH_HEADERS.nonce]: nonce,
        [AUTH_HEADERS.signature]: this.signToBase64url(canonical),
      } as SignedHeaders,
      canonical,
    };
  }

  /** The first frame on the trading socket (mt 29); `timestamp` is a string, `chain_id` a number. */
  signWsSignIn(): ApiKeySignInFrame {
    const timestamp = this.timestampMs();
    const nonce = this.#nonce();
    return {
      mt: 29,
      chain_id: this.chainId,
      api_key: this.#apiKey,
      timestamp,
      nonce,
      signature: this.signToBase64url(wsSignInCanonicalString(this.chainId, timestamp, nonce)),
    };
  }

  /** Replaces the API key token in `text` (e.g. an error body a server echoed) with `[redacted]`. */
  redact(text: string): string {
    return text.split(this.#apiKey).join('[redacted]');
  }

  private redacted(): { type: string; chainId: number; publicKey: string; apiKey: string; seed: string } {
    return { type: 'ApiKeySigner', chainId: this.chainId, publicKey: this.publicKeyHex, apiKey: '[redacted]', seed: '[redacted]' };
  }

  toJSON(): object {
    return this.redacted();
  }

  [inspect.custom](): object {
    return this.redacted();
  }

  toString(): string {
    return `ApiKeySigner(chain ${this.chainId}, ${this.publicKeyHex})`;
  }
}
