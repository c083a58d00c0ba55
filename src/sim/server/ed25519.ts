// Ed25519 with node:crypto only (the sim may not import src/auth). Raw 32-byte keys are wrapped in the
// fixed DER prefixes node expects; KeyObjects are cached per public key because parsing costs more than verifying.

import { createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';

const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

const publicKeyCache = new Map<string, KeyObject>();
const CACHE_LIMIT = 10_000;

function publicKeyObject(raw: Uint8Array): KeyObject {
  const id = Buffer.from(raw).toString('hex');
  let key = publicKeyCache.get(id);
  if (!key) {
    if (publicKeyCache.size >= CACHE_LIMIT) publicKeyCache.clear();
    key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
    publicKeyCache.set(id, key);
  }
  return key;
}

/** True when `signature` is a valid Ed25519 signature of `message` by the raw 32-byte `publicKey`. */
export function ed25519Verify(publicKey: Uint8Array, message: Uint8Array | string, signature: Uint8Array): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  try {
    const data = typeof message === 'string' ? Buffer.from(message, 'utf8') : Buffer.from(message);
    return verify(null, data, publicKeyObject(publicKey), Buffer.from(signature));
  } catch {
    return false;
  }
}

function privateKeyObject(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** Raw 32-byte public key of a 32-byte seed. */
export function ed25519PublicKey(seed: Uint8Array): Uint8Array {
  const der = createPublicKey(privateKeyObject(seed)).export({ format: 'der', type: 'spki' });
  return new Uint8Array(der.subarray(der.length - 32));
}

/** Signs with a 32-byte seed (test hooks and the demo key only; the server never holds client seeds otherwise). */
export function ed25519Sign(seed: Uint8Array, message: Uint8Array | string): Uint8Array {
  const data = typeof message === 'string' ? Buffer.from(message, 'utf8') : Buffer.from(message);
  return new Uint8Array(sign(null, data, privateKeyObject(seed)));
}

export function newEd25519Seed(): Uint8Array {
  return new Uint8Array(randomBytes(32));
}
