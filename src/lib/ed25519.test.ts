// The raw key handling the client's signer and the exchange's verifier share: RFC 8032 vectors are in
// auth/ed25519.test.ts and test/auth/signing-vectors.test.ts; here what only the raw layer promises.

import { describe, expect, it } from 'vitest';
import { Ed25519KeyLengthError, newEd25519Seed, publicKeyFromSeed, publicKeyToSpkiDer, signEd25519, verifyEd25519 } from './ed25519.js';

describe('raw ed25519 keys', () => {
  it('new-seed-signs-and-verifies: a fresh seed signs, its public key verifies, another key does not', () => {
    const seed = newEd25519Seed();
    const other = newEd25519Seed();
    expect(seed).toHaveLength(32);
    expect(Buffer.from(seed).equals(Buffer.from(other))).toBe(false);
    const sig = signEd25519(seed, 'message');
    expect(verifyEd25519(publicKeyFromSeed(seed), 'message', sig)).toBe(true);
    expect(verifyEd25519(publicKeyFromSeed(other), 'message', sig)).toBe(false);
  });

  it('wrong-lengths-refused: a seed or public key of the wrong length is an Ed25519KeyLengthError naming the length', () => {
    expect(() => signEd25519(new Uint8Array(31), 'x')).toThrow(Ed25519KeyLengthError);
    expect(() => publicKeyFromSeed(new Uint8Array(33))).toThrow(/got 33/);
    expect(() => publicKeyToSpkiDer(new Uint8Array(31))).toThrow(Ed25519KeyLengthError);
    expect(verifyEd25519(new Uint8Array(31), 'x', new Uint8Array(64))).toBe(false);
  });

  it('spki-wraps-the-raw-key: the DER form ends with the 32 raw bytes', () => {
    const pub = publicKeyFromSeed(newEd25519Seed());
    const der = publicKeyToSpkiDer(pub);
    expect(der).toHaveLength(44);
    expect(Buffer.from(der.subarray(12)).equals(Buffer.from(pub))).toBe(true);
  });
});
