// Which exchange a keys/doctor command talks to: --network / --base-url / --chain-id, else what the
// key file recorded at enrollment, else the local exchange of a running terminal (its pointer file), else the
// one found through the demo key file of `perpl sim`.

import { existsSync } from 'node:fs';
import { keyFilePath } from '../../auth/home.js';
import { LOCAL_DEMO_KEY_NAME } from '../../auth/keyfile-discovery.js';
import { readKeyFile } from '../../auth/keyfile.js';
import { runningLocalExchange } from '../../auth/local-exchange-pointer.js';
import type { KeyFileMeta } from '../../auth/keyfile-format.js';
import { isNetworkName, resolveNetwork, type LocalEndpoint, type Network } from '../../protocol/networks.js';
import { boolFlag, chainIdFlag, stringFlag, type Parsed } from './flags.js';


/** The local exchange of a running terminal (its pointer), else the one keys/local-demo.json records (`perpl sim`). */
export async function localEndpoint(env: NodeJS.ProcessEnv): Promise<LocalEndpoint | undefined> {
  const running = runningLocalExchange(env);
  if (running) return { rest: running.rest, ws: running.ws, chainId: running.chainId };
  const path = keyFilePath(LOCAL_DEMO_KEY_NAME, env);
  if (!existsSync(path)) return undefined;
  try {
    const doc = await readKeyFile(path);
    const m = doc.meta;
    if (m.restBase && m.wsBase && m.chainId) return { rest: m.restBase, ws: m.wsBase, chainId: m.chainId };
  } catch {
    // An unreadable demo file just means: no known local exchange.
  }
  return undefined;
}

/** The network from flags; without flags, the one a key file was enrolled on. */
export async function networkFor(p: Parsed, env: NodeJS.ProcessEnv, keyMeta?: KeyFileMeta): Promise<Network> {
  const network = stringFlag(p, 'network');
  const baseUrl = stringFlag(p, 'base-url');
  const wsUrl = stringFlag(p, 'ws-url');
  const chainId = chainIdFlag(p);
  const insecure = boolFlag(p, 'insecure');
  const anyFlag = network !== undefined || baseUrl !== undefined || chainId !== undefined;
  if (!anyFlag && keyMeta?.restBase && keyMeta.chainId) {
    const known = keyMeta.network !== undefined && isNetworkName(keyMeta.network) ? keyMeta.network : undefined;
    return resolveNetwork({ network: known, baseUrl: keyMeta.restBase, wsUrl: wsUrl ?? keyMeta.wsBase, chainId: keyMeta.chainId, insecure });
  }
  const fromKey = keyMeta?.network !== undefined && isNetworkName(keyMeta.network) ? keyMeta.network : undefined;
  const name = network ?? (anyFlag ? undefined : fromKey);
  return resolveNetwork({ network: name, baseUrl, wsUrl, chainId, insecure }, await localEndpoint(env));
}
