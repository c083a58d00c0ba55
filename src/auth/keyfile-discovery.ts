// Which key to use when none is named: $PERPL_KEY_FILE, else keys/default.json when it belongs to
// the network, else the local exchange's demo key on `local`, else the one enrolled key for the chain.

import { existsSync } from 'node:fs';
import { keyFilePath, keysDir } from './home.js';
import { listKeyNames, readKeyFile } from './keyfile.js';

export const DEFAULT_KEY_NAME = 'default';
/** Written by the local exchange (`perpl sim`) with the address it listens on. */
export const LOCAL_DEMO_KEY_NAME = 'local-demo';
/**
 * Beside it, the demo account's own wallet key (throwaway, 0600): `perpl keys enroll --network local` signs
 * with it when no wallet is given, so the whole wallet-signed enrollment can be practised locally.
 */
export const LOCAL_DEMO_WALLET_FILE = 'local-demo.wallet';

export interface KeyDiscoveryTarget {
  /** Network name (`local`, `testnet`, ...), when known. */
  name?: string;
  chainId?: number;
}

async function chainOf(name: string, env: NodeJS.ProcessEnv): Promise<{ chainId?: number; enrolled: boolean } | undefined> {
  try {
    const doc = await readKeyFile(keyFilePath(name, env));
    const enrolled = doc.meta.enrolledAt !== undefined || (doc.kind === 'plain' && doc.secrets.apiKey !== undefined);
    return doc.meta.chainId === undefined ? { enrolled } : { chainId: doc.meta.chainId, enrolled };
  } catch {
    return undefined; // unreadable keys are not candidates; naming one explicitly shows why
  }
}

/**
 * A key reference (path or name, for `loadCredentials({ keyFile })`), or undefined when nothing fits.
 * Environment credentials (PERPL_API_KEY + PERPL_API_SECRET) win over discovery: undefined then.
 */
export async function discoverKeyFile(env: NodeJS.ProcessEnv, target: KeyDiscoveryTarget = {}): Promise<string | undefined> {
  const explicit = env.PERPL_KEY_FILE?.trim();
  if (explicit) return explicit;
  if (env.PERPL_API_KEY || env.PERPL_API_SECRET) return undefined;
  const fits = (c: { chainId?: number } | undefined): boolean => c !== undefined && (c.chainId === undefined || target.chainId === undefined || c.chainId === target.chainId);
  if (existsSync(keyFilePath(DEFAULT_KEY_NAME, env)) && fits(await chainOf(DEFAULT_KEY_NAME, env))) return DEFAULT_KEY_NAME;
  if ((target.name === undefined || target.name === 'local') && existsSync(keyFilePath(LOCAL_DEMO_KEY_NAME, env))) return LOCAL_DEMO_KEY_NAME;
  if (target.chainId === undefined) return undefined;
  const matching: string[] = [];
  for (const name of await listKeyNames(keysDir(env))) {
    if (name === LOCAL_DEMO_KEY_NAME) continue;
    const c = await chainOf(name, env);
    if (c?.enrolled && c.chainId === target.chainId) matching.push(name);
  }
  return matching.length === 1 ? matching[0] : undefined;
}
