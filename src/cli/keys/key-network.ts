// Which key and which exchange a networked one-shot command (`perpl api`, `perpl export`) uses:
// --network / --base-url first, then what the key file recorded at enrollment, then $PERPL_NETWORK;
// `local` finds a running terminal's own exchange through its pointer file, else a `perpl sim`.

import { loadCredentials, type Credentials } from '../../auth/credentials.js';
import { discoverKeyFile, type KeyDiscoveryTarget } from '../../auth/keyfile-discovery.js';
import { InputError, PermanentError } from '../../protocol/errors.js';
import { sanitizeText } from '../../protocol/sanitize-text.js';
import { LOCAL_CHAIN_ID, MAINNET_CHAIN_ID, TESTNET_CHAIN_ID, resolveNetwork, type Network, type NetworkOptions } from '../../protocol/networks.js';
import { localEndpoint } from './network.js';

/**
 * Options first; then what the key file recorded at enrollment (its network, base URL, chain id); then
 * $PERPL_NETWORK. `local` finds a running terminal's own exchange through its pointer file, else a
 * `perpl sim` through the demo key file it writes.
 */
export async function pickNetwork(opts: NetworkOptions, creds: Credentials | null, env: NodeJS.ProcessEnv): Promise<Network> {
  const explicit = opts.network !== undefined || opts.baseUrl !== undefined;
  const fromKey: NetworkOptions =
    !explicit && creds && (creds.network !== undefined || creds.restBase !== undefined)
      ? {
          ...(creds.network !== undefined ? { network: creds.network } : {}),
          ...(creds.restBase !== undefined ? { baseUrl: creds.restBase } : {}),
          ...(creds.chainId !== undefined ? { chainId: creds.chainId } : {}),
        }
      : !explicit && env.PERPL_NETWORK
        ? { network: env.PERPL_NETWORK }
        : {};
  const chosen = { ...fromKey, ...opts };
  const needsLocal = chosen.baseUrl === undefined && (chosen.network === undefined || chosen.network.trim().toLowerCase() === 'local');
  return resolveNetwork(chosen, needsLocal ? await localEndpoint(env) : undefined);
}

export function checkKeyMatchesNetwork(creds: Credentials, network: Network): void {
  if (creds.chainId !== undefined && creds.chainId !== network.chainId) {
    throw new PermanentError(`the API key (${creds.source}) is for chain ${creds.chainId}, not ${network.name} (chain ${network.chainId})`, {
      hint: 'pick the matching --network, or another --key-file',
    });
  }
}

/** The network the flags name, for key discovery (before the key itself may name one). */
export function discoveryTarget(opts: NetworkOptions, env: NodeJS.ProcessEnv): KeyDiscoveryTarget {
  const name = opts.network ?? (opts.baseUrl !== undefined ? undefined : (env.PERPL_NETWORK ?? 'local'));
  const known = name === 'mainnet' ? MAINNET_CHAIN_ID : name === 'testnet' ? TESTNET_CHAIN_ID : name === 'local' ? LOCAL_CHAIN_ID : undefined;
  const chainId = opts.chainId ?? known;
  return { ...(name !== undefined ? { name } : {}), ...(chainId !== undefined ? { chainId } : {}) };
}

/** The one key rule of every command (auth/keyfile-discovery.ts): --key-file, else discovery; null when none is found. */
export async function credentialsFor(
  keyFile: string | undefined,
  network: NetworkOptions,
  io: { env: NodeJS.ProcessEnv; passphrase?: () => Promise<string> },
): Promise<Credentials | null> {
  const file = keyFile ?? (await discoverKeyFile(io.env, discoveryTarget(network, io.env)));
  return loadCredentials({ ...(file !== undefined ? { keyFile: file } : {}), ...(io.passphrase ? { passphrase: io.passphrase } : {}), env: io.env });
}

/** The network flags of a one-shot command (--network, --base-url, --chain-id, --insecure) as NetworkOptions. */
export function networkOptionsOf(values: { network?: string; 'base-url'?: string; 'chain-id'?: string; insecure?: boolean }): NetworkOptions {
  const chainText = values['chain-id'];
  if (chainText !== undefined && !/^\d+$/.test(chainText)) throw new InputError(`--chain-id "${sanitizeText(chainText, 40)}" is not a number`);
  return {
    ...(values.network !== undefined ? { network: values.network } : {}),
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    ...(chainText !== undefined ? { chainId: Number(chainText) } : {}),
    ...(values.insecure ? { insecure: true } : {}),
  };
}
