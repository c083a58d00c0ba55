// Which key a command uses, the one rule every command follows (terminal, doctor, api, keys):
//   1. --key-file F (the command's own flag; not handled here)
//   2. $PERPL_KEY_FILE
//   3. PERPL_API_KEY + PERPL_API_SECRET in the environment (undefined here: credentials come from there)
//   4. keys/default.json, when it is enrolled and belongs to the chain
//   5. on `local`: the demo key of the exchange at that port (keys/local-demo-<port>.json); with no port
//      named, the demo key of a running terminal's own exchange (its pointer, local-exchange-pointer.ts);
//      else keys/local-demo.json when it serves that port (or no port is named)
//   6. the newest enrolled key of the chain (by its enrollment time)
// A key that is not enrolled cannot sign: it is skipped, and named so the command can say why.

import { existsSync } from 'node:fs';
import { keyFilePath, keysDir } from './home.js';
import { listKeyNames, readKeyFile } from './keyfile.js';
import { runningLocalExchange } from './local-exchange-pointer.js';

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
  /** The local exchange's port (`--port P`): its own demo key, `local-demo-P`, comes first. */
  port?: number;
}

export interface KeyDiscovery {
  /** A key reference (name or path) for `loadCredentials({ keyFile })`, or undefined when nothing fits. */
  ref: string | undefined;
  /** Keys passed over because they are not enrolled yet (names), for the command to explain. */
  unenrolled: string[];
  /** Which step of the rule chose it, in words. */
  why: string;
}

interface KeyInfo {
  chainId?: number;
  enrolled: boolean;
  enrolledAt: number;
  restBase?: string;
}

async function infoOf(name: string, env: NodeJS.ProcessEnv): Promise<KeyInfo | undefined> {
  try {
    const doc = await readKeyFile(keyFilePath(name, env));
    const enrolled = doc.meta.enrolledAt !== undefined || (doc.kind === 'plain' && doc.secrets.apiKey !== undefined);
    return {
      enrolled,
      enrolledAt: doc.meta.enrolledAt ?? 0,
      ...(doc.meta.chainId !== undefined ? { chainId: doc.meta.chainId } : {}),
      ...(doc.meta.restBase !== undefined ? { restBase: doc.meta.restBase } : {}),
    };
  } catch {
    return undefined; // unreadable keys are not candidates; naming one explicitly shows why
  }
}

function servesPort(info: KeyInfo | undefined, port: number | undefined): boolean {
  if (port === undefined) return true;
  try {
    return info?.restBase !== undefined && new URL(info.restBase).port === String(port);
  } catch {
    return false;
  }
}

/** The rule above, with what it passed over. */
export async function discoverKey(env: NodeJS.ProcessEnv, target: KeyDiscoveryTarget = {}): Promise<KeyDiscovery> {
  const unenrolled: string[] = [];
  const explicit = env.PERPL_KEY_FILE?.trim();
  if (explicit) return { ref: explicit, unenrolled, why: '$PERPL_KEY_FILE' };
  if (env.PERPL_API_KEY || env.PERPL_API_SECRET) return { ref: undefined, unenrolled, why: 'PERPL_API_KEY and PERPL_API_SECRET' };
  const fits = (c: KeyInfo | undefined): boolean => c !== undefined && (c.chainId === undefined || target.chainId === undefined || c.chainId === target.chainId);
  if (existsSync(keyFilePath(DEFAULT_KEY_NAME, env))) {
    const info = await infoOf(DEFAULT_KEY_NAME, env);
    if (info && !info.enrolled) unenrolled.push(DEFAULT_KEY_NAME);
    else if (fits(info)) return { ref: DEFAULT_KEY_NAME, unenrolled, why: 'keys/default.json' };
  }
  const local = target.name === undefined || target.name === 'local';
  // Each local exchange writes its own key (local-demo-<port>): the one at this port is the only key it knows.
  const portKey = target.port !== undefined ? `${LOCAL_DEMO_KEY_NAME}-${target.port}` : undefined;
  if (local && portKey !== undefined && existsSync(keyFilePath(portKey, env))) return { ref: portKey, unenrolled, why: `the demo key of the local exchange on port ${target.port}` };
  // A running terminal's own exchange first: keys/local-demo.json may be a stopped `perpl sim`'s.
  const running = local && portKey === undefined ? runningLocalExchange(env) : undefined;
  if (running && existsSync(running.keyFile) && (target.chainId === undefined || running.chainId === target.chainId)) {
    return { ref: running.keyFile, unenrolled, why: `the demo key of the local exchange of the terminal running as process ${running.pid} (${running.rest})` };
  }
  if (local && existsSync(keyFilePath(LOCAL_DEMO_KEY_NAME, env)) && servesPort(await infoOf(LOCAL_DEMO_KEY_NAME, env), target.port)) {
    return { ref: LOCAL_DEMO_KEY_NAME, unenrolled, why: 'the local exchange\'s demo key' };
  }
  if (target.chainId === undefined) return { ref: undefined, unenrolled, why: 'no key found' };
  let newest: { name: string; at: number } | undefined;
  for (const name of await listKeyNames(keysDir(env))) {
    if (name === DEFAULT_KEY_NAME || name === LOCAL_DEMO_KEY_NAME || name.startsWith(`${LOCAL_DEMO_KEY_NAME}-`)) continue;
    const c = await infoOf(name, env);
    if (c && !c.enrolled && (c.chainId === undefined || c.chainId === target.chainId)) unenrolled.push(name);
    if (c?.enrolled && c.chainId === target.chainId && (newest === undefined || c.enrolledAt > newest.at)) newest = { name, at: c.enrolledAt };
  }
  return newest ? { ref: newest.name, unenrolled, why: `the newest enrolled key of chain ${target.chainId}` } : { ref: undefined, unenrolled, why: 'no key found' };
}

/**
 * A key reference (path or name, for `loadCredentials({ keyFile })`), or undefined when nothing fits.
 * Environment credentials (PERPL_API_KEY + PERPL_API_SECRET) win over discovery: undefined then.
 */
export async function discoverKeyFile(env: NodeJS.ProcessEnv, target: KeyDiscoveryTarget = {}): Promise<string | undefined> {
  return (await discoverKey(env, target)).ref;
}
