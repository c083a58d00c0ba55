// Raw Ed25519 keys with node:crypto: about 9x faster than a pure-JS implementation, byte-identical output
// (cross-checked against @noble/ed25519 in the golden-vector tests). Raw 32-byte seeds and public keys
// are wrapped in the fixed DER prefixes node expects. The one place that does so: the client's signer
// (auth/) and the local exchange's verifier (sim/) both use it. Imports no layer; every layer may import it.

import { createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';

/** PKCS#8 DER header for an Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** SPKI DER header for an Ed25519 public key; the 32 raw key bytes follow it. */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export const ED25519_SEED_BYTES = 32;
export const ED25519_PUBLIC_KEY_BYTES = 32;
export const ED25519_SIGNATURE_BYTES = 64;

/** A seed or public key of the wrong length (the message names the length, never the bytes). */
export class Ed25519KeyLengthError extends RangeError {}

function checkSeed(seed: Uint8Array): void {
  if (seed.length !== ED25519_SEED_BYTES) throw new Ed25519KeyLengthError(`an Ed25519 seed must be 32 bytes, got ${seed.length}`);
}

// Building a KeyObject costs about as much as a signature; keep one per seed array. A WeakMap, so the
// cache never keeps a seed alive after its owner drops it.
const keyBySeedArray = new WeakMap<Uint8Array, KeyObject>();

function privateKeyFor(seed: Uint8Array): KeyObject {
  checkSeed(seed);
  const cached = keyBySeedArray.get(seed);
  if (cached) return cached;
  const der = Buffer.concat([PKCS8_ED25519_PREFIX, seed]);
  try {
    const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    keyBySeedArray.set(seed, key);
    return key;
  } finally {
    der.fill(0);
  }
}

/** The raw 32-byte public key of a 32-byte seed. */
export function publicKeyFromSeed(seed: Uint8Array): Uint8Array {
  const spki = createPublicKey(privateKeyFor(seed)).export({ format: 'der', type: 'spki' });
  return new Uint8Array(spki.subarray(spki.length - ED25519_PUBLIC_KEY_BYTES));
}

/** A 64-byte Ed25519 signature by a 32-byte seed; a string message is signed as its UTF-8 bytes. */
export function signEd25519(seed: Uint8Array, message: string | Uint8Array): Uint8Array {
  const bytes = typeof message === 'string' ? Buffer.from(message, 'utf8') : message;
  return new Uint8Array(sign(null, bytes, privateKeyFor(seed)));
}

/** SPKI DER form of a raw public key (for node:crypto and `openssl -pubin`). */
export function publicKeyToSpkiDer(publicKey: Uint8Array): Buffer {
  if (publicKey.length !== ED25519_PUBLIC_KEY_BYTES) {
    throw new Ed25519KeyLengthError(`an Ed25519 public key must be 32 bytes, got ${publicKey.length}`);
  }
  return Buffer.concat([SPKI_ED25519_PREFIX, publicKey]);
}

// Verifiers see few distinct keys (the exchange: one per enrolled key); parsing one costs more than a
// verification. Bounded, oldest evicted.
const MAX_CACHED_PUBLIC_KEYS = 10_000;
const publicKeyCache = new Map<string, KeyObject>();

function publicKeyObject(publicKey: Uint8Array): KeyObject {
  const id = Buffer.from(publicKey).toString('hex');
  const cached = publicKeyCache.get(id);
  if (cached) return cached;
  const key = createPublicKey({ key: publicKeyToSpkiDer(publicKey), format: 'der', type: 'spki' });
  if (publicKeyCache.size >= MAX_CACHED_PUBLIC_KEYS) {
    const oldest = publicKeyCache.keys().next().value;
    if (oldest !== undefined) publicKeyCache.delete(oldest);
  }
  publicKeyCache.set(id, key);
  return key;
}

/** True when `signature` is a valid Ed25519 signature of `message` by the raw `publicKey`; false for malformed input. */
export function verifyEd25519(publicKey: Uint8Array, message: string | Uint8Array, signature: Uint8Array): boolean {
  if (publicKey.length !== ED25519_PUBLIC_KEY_BYTES || signature.length !== ED25519_SIGNATURE_BYTES) return false;
  const bytes = typeof message === 'string' ? Buffer.from(message, 'utf8') : message;
  try {
    return verify(null, bytes, publicKeyObject(publicKey), signature);
  } catch {
    return false;
  }
}

/** A fresh random 32-byte seed. */
export function newEd25519Seed(): Uint8Array {
  return new Uint8Array(randomBytes(ED25519_SEED_BYTES));
}
