// Verification of signed REST requests and trading-socket sign-ins (interface.md 5, wire.md 3.1-3.2).
// The canonical string is rebuilt from what the server received, never from what the client claims.

import {
  fromBase64url,
  restCanonicalString,
  wsSignInCanonicalString,
} from '../../protocol/index.js';
import { verifyEd25519 } from '../../lib/ed25519.js';
import { isUsable, type KeyStore, type StoredKey } from './key-store.js';
import { NonceCache } from './nonce-cache.js';

export const SIGNATURE_WINDOW_MS = 30_000;

/** `rateLimited`: the signature was good but the key used its nonces of the window (answer 429, not 401). */
export type AuthResult = { ok: true; key: StoredKey } | { ok: false; reason: string; rateLimited?: true };

export interface SignedParts {
  apiKey: string | undefined;
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
}

export class RequestAuthenticator {
  private readonly nonces: NonceCache;

  constructor(
    private readonly keys: KeyStore,
    private readonly chainId: number,
    noncesPerKey?: number,
  ) {
    this.nonces = new NonceCache(SIGNATURE_WINDOW_MS, noncesPerKey);
  }

  /** `target` is the path and query the server received, with its `/api` mount removed. */
  verifyRest(
    parts: SignedParts,
    req: { method: string; target: string; body: Uint8Array; remoteAddress: string | undefined },
    nowMs: number,
  ): AuthResult {
    return this.verify(parts, req.remoteAddress, nowMs, (ts, nonce) =>
      restCanonicalString({
        chainId: this.chainId,
        method: req.method,
        target: req.target,
        timestampMs: ts,
        nonce,
        body: req.body,
      }),
    );
  }

  verifySignIn(parts: SignedParts & { chainId: number }, remoteAddress: string | undefined, nowMs: number): AuthResult {
    if (parts.chainId !== this.chainId) return { ok: false, reason: 'wrong chain id' };
    return this.verify(parts, remoteAddress, nowMs, (ts, nonce) => wsSignInCanonicalString(this.chainId, ts, nonce));
  }

  private verify(
    parts: SignedParts,
    remoteAddress: string | undefined,
    nowMs: number,
    canonical: (timestamp: string, nonce: string) => string,
  ): AuthResult {
    const { apiKey, timestamp, nonce, signature } = parts;
    if (!apiKey || !timestamp || !nonce || !signature) return { ok: false, reason: 'missing auth field' };
    if (!/^\d{1,16}$/.test(timestamp)) return { ok: false, reason: 'bad timestamp' };
    if (Math.abs(Number(timestamp) - nowMs) > SIGNATURE_WINDOW_MS) return { ok: false, reason: 'stale timestamp' };
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(nonce)) return { ok: false, reason: 'bad nonce' };
    const key = this.keys.get(apiKey);
    if (!key) return { ok: false, reason: 'unknown key' };
    if (!isUsable(key, nowMs)) return { ok: false, reason: key.revoked ? 'revoked key' : 'expired key' };
    if (!key.allowList.allows(remoteAddress)) return { ok: false, reason: 'ip not allowed' };
    let sig: Uint8Array;
    try {
      sig = fromBase64url(signature);
    } catch {
      return { ok: false, reason: 'bad signature encoding' };
    }
    if (!verifyEd25519(key.publicKey, canonical(timestamp, nonce), sig)) return { ok: false, reason: 'bad signature' };
    // Only a valid signature burns the nonce, so garbage cannot block a legitimate request.
    const verdict = this.nonces.use(key.token, nonce, Number(timestamp), nowMs);
    if (verdict === 'replayed') return { ok: false, reason: 'replayed nonce' };
    if (verdict === 'key-full') return { ok: false, reason: 'nonces of the window used up', rateLimited: true };
    key.lastUsedAt = nowMs;
    return { ok: true, key };
  }
}
