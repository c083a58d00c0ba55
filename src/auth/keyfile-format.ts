// The key file as JSON on disk, and its typed form in memory. Two shapes share the public fields:
// plain   {"api_key"?, "private_key", ...public}
// sealed  {"version":1, ...public, "encrypted": {scrypt + AES-256-GCM over {"private_key","api_key"?}}}
// Errors name the field and never quote a secret value.

import { PermanentError } from '../protocol/errors.js';
import { checkEncryptedBlock, type EncryptedBlock } from './keyfile-crypto.js';
import { publicKeyFromSeed, seedFromHex } from './ed25519.js';

/** Everything in a key file that is not secret. */
export interface KeyFileMeta {
  /** `0x` + 64 hex of the Ed25519 public key. */
  publicKey?: string;
  label?: string;
  network?: string;
  chainId?: number;
  /** 1 read, 3 read+trade (2 on the wire means 3). */
  scopeMask?: number;
  /** Unix ms; 0 or absent = never. */
  expiresAt?: number;
  ipCidrs?: string[];
  /** Wallet that authorized the key. */
  address?: string;
  targetProfile?: string;
  /** For networks without a fixed address (the local exchange): where the key was enrolled. */
  restBase?: string;
  wsBase?: string;
  createdAt?: number;
  enrolledAt?: number;
}

export interface KeySecrets {
  seed: Uint8Array;
  /** Absent until the key is enrolled. */
  apiKey?: string;
}

export type KeyFileDocument =
  | { kind: 'plain'; meta: KeyFileMeta; secrets: KeySecrets }
  | { kind: 'sealed'; meta: KeyFileMeta; encrypted: EncryptedBlock };

export const KEY_FILE_VERSION = 1;

/** A key file that cannot be used; the message names the file and the reason. */
export class KeyFileError extends PermanentError {
  constructor(
    readonly path: string,
    reason: string,
    hint?: string,
  ) {
    super(`key file ${path}: ${reason}`, hint === undefined ? {} : { hint });
  }
}

export function publicKeyHexOf(seed: Uint8Array): string {
  return `0x${Buffer.from(publicKeyFromSeed(seed)).toString('hex')}`;
}

function optionalString(o: Record<string, unknown>, key: string, path: string): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new KeyFileError(path, `"${key}" must be a string`);
  return v;
}

/** Integers may be written as JSON numbers or decimal / 0x-hex strings. */
function optionalInteger(o: Record<string, unknown>, key: string, path: string): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(v.trim()) ? Number(v.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < 0) throw new KeyFileError(path, `"${key}" must be a non-negative integer`);
  return n;
}

function parseMeta(o: Record<string, unknown>, path: string): KeyFileMeta {
  const meta: KeyFileMeta = {};
  const assign = <K extends keyof KeyFileMeta>(k: K, v: KeyFileMeta[K] | undefined): void => {
    if (v !== undefined) meta[k] = v;
  };
  const publicKey = optionalString(o, 'public_key', path);
  if (publicKey !== undefined && !/^(0x)?[0-9a-f]{64}$/i.test(publicKey)) {
    throw new KeyFileError(path, '"public_key" must be 64 hex characters');
  }
  assign('publicKey', publicKey === undefined ? undefined : `0x${publicKey.replace(/^0x/i, '').toLowerCase()}`);
  assign('label', optionalString(o, 'label', path));
  assign('network', optionalString(o, 'network', path));
  assign('chainId', optionalInteger(o, 'chain_id', path));
  assign('scopeMask', optionalInteger(o, 'scope_mask', path));
  assign('expiresAt', optionalInteger(o, 'expires_at', path));
  assign('address', optionalString(o, 'address', path));
  assign('targetProfile', optionalString(o, 'target_profile', path));
  // The local exchange's demo key file spells these `rest` / `ws`.
  assign('restBase', optionalString(o, 'rest_base', path) ?? optionalString(o, 'rest', path));
  assign('wsBase', optionalString(o, 'ws_base', path) ?? optionalString(o, 'ws', path));
  assign('createdAt', optionalInteger(o, 'created_at', path));
  assign('enrolledAt', optionalInteger(o, 'enrolled_at', path));
  const cidrs = o.ip_cidrs;
  if (cidrs !== undefined && cidrs !== null) {
    if (!Array.isArray(cidrs) || !cidrs.every((c) => typeof c === 'string')) {
      throw new KeyFileError(path, '"ip_cidrs" must be a list of strings');
    }
    meta.ipCidrs = cidrs as string[];
  }
  return meta;
}

/** Parses the secret fields; the seed must be 32 bytes and match `public_key` when both are present. */
export function parseSecrets(o: Record<string, unknown>, meta: KeyFileMeta, path: string): KeySecrets {
  const privateKey = o.private_key;
  if (privateKey === undefined || privateKey === null || privateKey === '') {
    throw new KeyFileError(path, 'the "private_key" field is missing', 'a key file holds "private_key" (64 hex) and, once enrolled, "api_key"');
  }
  if (typeof privateKey !== 'string') throw new KeyFileError(path, '"private_key" must be a hex string');
  let seed: Uint8Array;
  try {
    seed = seedFromHex(privateKey);
  } catch (e) {
    const why = e instanceof PermanentError ? e.shortMessage : 'the private key is malformed';
    throw new KeyFileError(path, `${why} (it must be a 32-byte Ed25519 seed: 64 hex characters)`);
  }
  const secrets: KeySecrets = { seed };
  const apiKey = o.api_key;
  if (apiKey !== undefined && apiKey !== null) {
    if (typeof apiKey !== 'string' || apiKey.trim() === '') throw new KeyFileError(path, '"api_key" must be a non-empty string');
    secrets.apiKey = apiKey.trim();
  }
  if (meta.publicKey !== undefined && publicKeyHexOf(seed) !== meta.publicKey) {
    throw new KeyFileError(path, '"public_key" does not belong to "private_key"', 'the file was edited or mixed up; restore it or create a new key');
  }
  return secrets;
}

/** Parses key file text. Does not decrypt: a sealed file comes back with its `encrypted` block. */
export function parseKeyFile(text: string, path: string): KeyFileDocument {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // The parser's message can quote the file's content, i.e. the secret: never pass it on.
    throw new KeyFileError(path, 'is not valid JSON', 'a key file is a JSON object with "api_key" and "private_key"');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new KeyFileError(path, 'is not a JSON object');
  const o = raw as Record<string, unknown>;
  if (o.version !== undefined && o.version !== KEY_FILE_VERSION) {
    throw new KeyFileError(path, `has version ${JSON.stringify(o.version)}, this perpl reads version ${KEY_FILE_VERSION}`);
  }
  const meta = parseMeta(o, path);
  if (o.encrypted !== undefined) {
    if (o.private_key !== undefined || o.api_key !== undefined) {
      throw new KeyFileError(path, 'holds both an encrypted block and plain secrets');
    }
    try {
      return { kind: 'sealed', meta, encrypted: checkEncryptedBlock(o.encrypted) };
    } catch (e) {
      if (e instanceof KeyFileError) throw e;
      throw new KeyFileError(path, e instanceof PermanentError ? e.shortMessage : 'the encrypted block is malformed', e instanceof PermanentError ? e.hint : undefined);
    }
  }
  return { kind: 'plain', meta, secrets: parseSecrets(o, meta, path) };
}

/** Public fields in their on-disk spelling, in a stable order. */
export function metaToJson(meta: KeyFileMeta): Record<string, unknown> {
  const out: Record<string, unknown> = { version: KEY_FILE_VERSION };
  const put = (k: string, v: unknown): void => {
    if (v !== undefined) out[k] = v;
  };
  put('public_key', meta.publicKey);
  put('label', meta.label);
  put('network', meta.network);
  put('chain_id', meta.chainId);
  put('scope_mask', meta.scopeMask);
  put('expires_at', meta.expiresAt);
  put('ip_cidrs', meta.ipCidrs);
  put('address', meta.address);
  put('target_profile', meta.targetProfile);
  put('rest_base', meta.restBase);
  put('ws_base', meta.wsBase);
  put('created_at', meta.createdAt);
  put('enrolled_at', meta.enrolledAt);
  return out;
}

/** The secret fields in their on-disk spelling. */
export function secretsToJson(secrets: KeySecrets): Record<string, string> {
  const out: Record<string, string> = { private_key: `0x${Buffer.from(secrets.seed).toString('hex')}` };
  if (secrets.apiKey !== undefined) out.api_key = secrets.apiKey;
  return out;
}
