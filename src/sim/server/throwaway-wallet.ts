// The local exchange's throwaway secp256k1 wallets (the demo account's owner, the demo operator): a
// random private key and its Ethereum address, with node:crypto's native secp256k1 and keccak-256 from
// @noble/hashes. Not viem: loading viem costs more than the whole rest of the exchange's start, and the
// terminal starts this exchange in-process before its first live frame (viem loads only when an
// enrollment is verified, see enrollment-typed-data.ts).

import { createECDH, randomBytes } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';

/** secp256k1's group order n: a private key is 1..n-1. */
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export interface ThrowawayWallet {
  /** 0x + 64 hex, as viem's generatePrivateKey writes it. */
  privateKey: string;
  /** 0x + 40 lowercase hex. */
  address: string;
}

/** The lowercase address of a 0x-prefixed 32-byte secp256k1 private key. */
export function addressOfPrivateKey(privateKey: string): string {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(Buffer.from(privateKey.replace(/^0x/, ''), 'hex'));
  // Uncompressed public key: 0x04 || X || Y; the address is the last 20 bytes of keccak256(X || Y).
  const publicKey = ecdh.getPublicKey();
  const hash = keccak_256(publicKey.subarray(1));
  return `0x${Buffer.from(hash.subarray(12)).toString('hex')}`;
}

export function newThrowawayWallet(): ThrowawayWallet {
  for (;;) {
    const bytes = randomBytes(32);
    const k = BigInt(`0x${bytes.toString('hex')}`);
    if (k === 0n || k >= CURVE_ORDER) continue; // about 1 in 2^128: draw again
    const privateKey = `0x${bytes.toString('hex')}`;
    return { privateKey, address: addressOfPrivateKey(privateKey) };
  }
}
