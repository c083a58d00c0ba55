// API-key credentials for signing, from a key file or from the environment (PERPL_API_KEY +
// PERPL_API_SECRET). The token and the seed are non-enumerable and redacted from JSON and
// util.inspect, so logging or spreading a Credentials object never writes a secret.

import { inspect } from 'node:util';
import { PermanentError } from '../protocol/errors.js';
import { seedFromHex } from './ed25519.js';
import { resolveKeyFile } from './home.js';
import { KeyFileError, readKeyFile, unlockKeyFile, type PassphraseSource } from './keyfile.js';
import { publicKeyHexOf, type KeyFileMeta } from './keyfile-format.js';

export interface Credentials {
  /** X-API-Key token (secret). */
  apiKey: string;
  /** 32-byte Ed25519 seed (secret). */
  seed: Uint8Array;
  /** `0x` + 64 hex. */
  publicKeyHex: string;
  chainId?: number;
  network?: string;
  scopeMask?: number;
  /** Unix ms; absent or 0 = never. */
  expiresAt?: number;
  label?: string;
  ipCidrs?: string[];
  /** REST / WS base recorded at enrollment (the local exchange has no fixed address). */
  restBase?: string;
  wsBase?: string;
  /** Where they came from: the key file path, or "environment". */
  source: string;
}

export interface LoadCredentialsOptions {
  /** Path, or a bare key name under $PERPL_HOME/keys. Falls back to $PERPL_KEY_FILE. */
  keyFile?: string;
  env?: NodeJS.ProcessEnv;
  /** Asked only for an encrypted key file when PERPL_PASSPHRASE is unset. */
  passphrase?: () => Promise<string>;
}

type PublicPart = Omit<Credentials, 'apiKey' | 'seed' | 'publicKeyHex' | 'source'>;

/** Builds a Credentials object whose secrets cannot leak through JSON, inspect, spread or Object.keys. */
export function makeCredentials(apiKey: string, seed: Uint8Array, source: string, extra: PublicPart = {}): Credentials {
  const publicKeyHex = publicKeyHexOf(seed);
  const visible: Record<string, unknown> = { publicKeyHex, source };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) visible[k] = v;
  const redacted = (): Record<string, unknown> => ({ ...visible, apiKey: '[redacted]', seed: '[redacted]' });
  const creds = { ...visible } as unknown as Credentials;
  Object.defineProperties(creds, {
    apiKey: { value: apiKey, enumerable: false },
    seed: { value: Uint8Array.from(seed), enumerable: false },
    toJSON: { value: redacted, enumerable: false },
    toString: { value: () => `Credentials(${publicKeyHex} from ${source})`, enumerable: false },
    [inspect.custom]: { value: redacted, enumerable: false },
  });
  return creds;
}

function publicPart(meta: KeyFileMeta): PublicPart {
  return {
    chainId: meta.chainId,
    network: meta.network,
    scopeMask: meta.scopeMask,
    expiresAt: meta.expiresAt,
    label: meta.label,
    ipCidrs: meta.ipCidrs,
    restBase: meta.restBase,
    wsBase: meta.wsBase,
  };
}

/** The passphrase for a sealed file: PERPL_PASSPHRASE for unattended use, else the caller's prompt. */
export function passphraseSource(env: NodeJS.ProcessEnv, prompt?: () => Promise<string>): PassphraseSource | undefined {
  const fromEnv = env.PERPL_PASSPHRASE;
  if (fromEnv !== undefined && fromEnv !== '') return async () => fromEnv;
  return prompt;
}

/** Credentials from one key file; refuses unsafe permissions, bad JSON, missing fields, a bad seed. */
export async function loadKeyFileCredentials(path: string, env: NodeJS.ProcessEnv = process.env, prompt?: () => Promise<string>): Promise<Credentials> {
  const doc = await readKeyFile(path);
  const secrets = await unlockKeyFile(doc, path, passphraseSource(env, prompt));
  if (secrets.apiKey === undefined) {
    throw new KeyFileError(path, 'the "api_key" field is missing: this key is not enrolled yet', 'run `perpl keys enroll` for it, or use a key file that holds "api_key"');
  }
  return makeCredentials(secrets.apiKey, secrets.seed, path, publicPart(doc.meta));
}

function credentialsFromEnv(env: NodeJS.ProcessEnv): Credentials | null {
  const apiKey = env.PERPL_API_KEY?.trim();
  const secret = env.PERPL_API_SECRET;
  if (!apiKey && !secret) return null;
  if (!apiKey) throw new PermanentError('PERPL_API_SECRET is set but PERPL_API_KEY is not', { hint: 'set both, or use a key file' });
  if (!secret) throw new PermanentError('PERPL_API_KEY is set but PERPL_API_SECRET is not', { hint: 'set both, or use a key file' });
  let seed: Uint8Array;
  try {
    seed = seedFromHex(secret);
  } catch (e) {
    const why = e instanceof PermanentError ? e.shortMessage : 'malformed';
    throw new PermanentError(`PERPL_API_SECRET is not a valid Ed25519 seed: ${why}`, { hint: 'it must be 64 hex characters (32 bytes), 0x optional' });
  }
  const chain = env.PERPL_CHAIN_ID?.trim();
  const chainId = chain && /^\d+$/.test(chain) ? Number(chain) : undefined;
  return makeCredentials(apiKey, seed, 'environment', { chainId, network: env.PERPL_NETWORK?.trim() || undefined });
}

/**
 * Credentials from `keyFile` (or $PERPL_KEY_FILE), else from PERPL_API_KEY + PERPL_API_SECRET;
 * null when none is configured. A configured source that is unusable throws (never silently null).
 */
export async function loadCredentials(opts: LoadCredentialsOptions = {}): Promise<Credentials | null> {
  const env = opts.env ?? process.env;
  const keyFile = opts.keyFile ?? (env.PERPL_KEY_FILE?.trim() || undefined);
  if (keyFile !== undefined) return loadKeyFileCredentials(resolveKeyFile(keyFile, env), env, opts.passphrase);
  return credentialsFromEnv(env);
}
