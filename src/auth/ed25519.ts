// The client's Ed25519 key: a seed read from text (a key file, PERPL_API_SECRET) and the signatures made
// with it. The raw key handling is lib/ed25519.ts (shared with the local exchange); here a seed that is
// not 32 bytes is refused as InvalidSeedError, the error the CLI and the screen show.

import { PermanentError } from '../protocol/errors.js';
import { ED25519_SEED_BYTES, publicKeyFromSeed as rawPublicKeyFromSeed, signEd25519 as rawSignEd25519 } from '../lib/ed25519.js';

export { publicKeyToSpkiDer, verifyEd25519 } from '../lib/ed25519.js';

/** The seed is a secret: errors describe the problem, never the value. */
export class InvalidSeedError extends PermanentError {}

/** Parses a 32-byte Ed25519 seed from hex (an optional `0x` prefix and surrounding whitespace are allowed). */
export function seedFromHex(hex: string): Uint8Array {
  const text = hex.trim().replace(/^0x/i, '');
  if (text.length === 0) throw new InvalidSeedError('the Ed25519 private key is empty');
  if (!/^[0-9a-fA-F]*$/.test(text)) {
    throw new InvalidSeedError('the Ed25519 private key is not hex', {
      hint: 'expected 64 hex characters (32 bytes), optionally prefixed with 0x',
    });
  }
  if (text.length !== ED25519_SEED_BYTES * 2) {
    throw new InvalidSeedError(`the Ed25519 private key has ${text.length} hex characters, expected 64`, {
      hint: 'the private key is the 32-byte seed, written as 64 hex characters',
    });
  }
  return new Uint8Array(Buffer.from(text, 'hex'));
}

function checkSeed(seed: Uint8Array): Uint8Array {
  if (seed.length !== ED25519_SEED_BYTES) {
    throw new InvalidSeedError(`an Ed25519 seed must be 32 bytes, got ${seed.length}`);
  }
  return seed;
}

/** The raw 32-byte public key for a seed. */
export function publicKeyFromSeed(seed: Uint8Array): Uint8Array {
  return rawPublicKeyFromSeed(checkSeed(seed));
}

/** A 64-byte Ed25519 signature; a string message is signed as its UTF-8 bytes. */
export function signEd25519(seed: Uint8Array, message: string | Uint8Array): Uint8Array {
  return rawSignEd25519(checkSeed(seed), message);
}
