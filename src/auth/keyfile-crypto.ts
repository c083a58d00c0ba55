// Passphrase protection for key files: scrypt stretches the passphrase, AES-256-GCM seals the secrets.
// GCM's tag makes a wrong passphrase (or a tampered file) fail loudly instead of yielding garbage.

import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { PermanentError } from '../protocol/errors.js';

/** The `encrypted` object of a key file. Binary fields are lower-case hex. */
export interface EncryptedBlock {
  kdf: 'scrypt';
  salt: string;
  n: number;
  r: number;
  p: number;
  iv: string;
  tag: string;
  ciphertext: string;
}

export interface ScryptParams {
  n: number;
  r: number;
  p: number;
}

/** About 100 ms on a laptop core and 32 MiB: slow for guessing, quick enough to type a passphrase once. */
export const DEFAULT_SCRYPT: ScryptParams = { n: 2 ** 15, r: 8, p: 1 };
/**
 * What a key file may ask of the unlock: a crafted file must not make it allocate gigabytes or spin for
 * minutes. 256 MiB is the memory of the common N=2^18, r=8; the work cap (N*r*p) is 16 times the default.
 */
export const MAX_SCRYPT_MEMORY_BYTES = 256 * 1024 * 1024;
export const MAX_SCRYPT_WORK = 2 ** 22;
const MAX_SCRYPT_R = 32;
const MAX_SCRYPT_P = 16;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const SALT_BYTES = 16;
const TAG_BYTES = 16;

export class WrongPassphraseError extends PermanentError {}

/** The memory scrypt needs for these parameters (its N-block table plus the p lanes). */
export function scryptMemoryBytes(params: ScryptParams): number {
  return 128 * params.n * params.r + 128 * params.r * params.p;
}

/** Throws PermanentError naming the parameter, unless n, r, p are sane and within the memory and work caps. */
export function checkScryptParams(params: ScryptParams): ScryptParams {
  const { n, r, p } = params;
  if (!Number.isSafeInteger(n) || n < 2 || (n & (n - 1)) !== 0) throw new PermanentError(`scrypt n=${n} is not a power of two of at least 2`);
  if (!Number.isSafeInteger(r) || r < 1 || r > MAX_SCRYPT_R) throw new PermanentError(`scrypt r=${r} is outside 1..${MAX_SCRYPT_R}`);
  if (!Number.isSafeInteger(p) || p < 1 || p > MAX_SCRYPT_P) throw new PermanentError(`scrypt p=${p} is outside 1..${MAX_SCRYPT_P}`);
  const mib = (bytes: number): string => `${Math.ceil(bytes / 1024 / 1024)} MiB`;
  const hint = 'perpl never writes such a file (`perpl keys new --encrypt` uses n=2^15, r=8, p=1): restore the key file or create a new key';
  if (scryptMemoryBytes(params) > MAX_SCRYPT_MEMORY_BYTES) {
    throw new PermanentError(`scrypt n=${n}, r=${r} would need ${mib(scryptMemoryBytes(params))} to unlock; refused above ${mib(MAX_SCRYPT_MEMORY_BYTES)}`, { hint });
  }
  if (n * r * p > MAX_SCRYPT_WORK) {
    throw new PermanentError(`scrypt n=${n}, r=${r}, p=${p} would take ${(n * r * p) / (DEFAULT_SCRYPT.n * DEFAULT_SCRYPT.r * DEFAULT_SCRYPT.p)} times the usual unlock time; refused above ${MAX_SCRYPT_WORK / (DEFAULT_SCRYPT.n * DEFAULT_SCRYPT.r * DEFAULT_SCRYPT.p)} times`, { hint });
  }
  return params;
}

function deriveKey(passphrase: string, salt: Buffer, params: ScryptParams): Buffer {
  checkScryptParams(params);
  // Node refuses above `maxmem` (default 32 MiB): allow what the checked parameters need, and no more.
  const maxmem = scryptMemoryBytes(params) + 1024 * 1024;
  return scryptSync(passphrase.normalize('NFC'), salt, KEY_BYTES, { N: params.n, r: params.r, p: params.p, maxmem });
}

/** Seals `plaintext` under `passphrase`; `aad` (e.g. the public key) is authenticated but not hidden. */
export function sealWithPassphrase(
  plaintext: Uint8Array,
  passphrase: string,
  aad: string,
  params: ScryptParams = DEFAULT_SCRYPT,
): EncryptedBlock {
  if (passphrase.length === 0) throw new PermanentError('the passphrase is empty');
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const key = deriveKey(passphrase, salt, params);
  try {
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return {
      kdf: 'scrypt',
      salt: salt.toString('hex'),
      n: params.n,
      r: params.r,
      p: params.p,
      iv: iv.toString('hex'),
      tag: cipher.getAuthTag().toString('hex'),
      ciphertext: ciphertext.toString('hex'),
    };
  } finally {
    key.fill(0);
  }
}

function hexField(block: EncryptedBlock, name: 'salt' | 'iv' | 'tag' | 'ciphertext', bytes?: number): Buffer {
  const text = block[name];
  if (typeof text !== 'string' || !/^([0-9a-f]{2})*$/i.test(text) || (bytes !== undefined && text.length !== bytes * 2)) {
    throw new PermanentError(`the encrypted block's ${name} is malformed`);
  }
  return Buffer.from(text, 'hex');
}

/** Checks an `encrypted` object read from disk; throws PermanentError naming the bad field. */
export function checkEncryptedBlock(value: unknown): EncryptedBlock {
  if (typeof value !== 'object' || value === null) throw new PermanentError('"encrypted" is not an object');
  const b = value as Record<string, unknown>;
  if (b.kdf !== 'scrypt') throw new PermanentError(`unsupported key derivation ${JSON.stringify(b.kdf)} (expected "scrypt")`);
  for (const k of ['n', 'r', 'p'] as const) {
    if (typeof b[k] !== 'number' || !Number.isSafeInteger(b[k]) || (b[k] as number) < 1) {
      throw new PermanentError(`the encrypted block's ${k} is not a positive integer`);
    }
  }
  checkScryptParams({ n: b.n as number, r: b.r as number, p: b.p as number });
  const block = b as unknown as EncryptedBlock;
  hexField(block, 'salt');
  hexField(block, 'iv', IV_BYTES);
  hexField(block, 'tag', TAG_BYTES);
  hexField(block, 'ciphertext');
  return block;
}

/** Opens a sealed block; a wrong passphrase or any tampering gives WrongPassphraseError. */
export function openWithPassphrase(block: EncryptedBlock, passphrase: string, aad: string): Uint8Array {
  const checked = checkEncryptedBlock(block);
  const key = deriveKey(passphrase, hexField(checked, 'salt'), checked);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, hexField(checked, 'iv', IV_BYTES));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(hexField(checked, 'tag', TAG_BYTES));
    try {
      return new Uint8Array(Buffer.concat([decipher.update(hexField(checked, 'ciphertext')), decipher.final()]));
    } catch {
      throw new WrongPassphraseError('wrong passphrase (or the key file was modified)', {
        hint: 'check PERPL_PASSPHRASE or retype it; a key file edited by hand cannot be decrypted',
      });
    }
  } finally {
    key.fill(0);
  }
}
