// The networks the client can talk to (wire.md section 1) and how command-line options pick one.
// The REST base ends in /api; the WebSocket base does not (interface.md "Addresses").

import { InputError } from './errors.js';

export type NetworkName = 'mainnet' | 'testnet' | 'local';

export interface Network {
  /** `mainnet`, `testnet`, `local`, or `custom` for an explicit --base-url. */
  name: string;
  chainId: number;
  /** REST base address, ending in `/api`, no trailing slash. */
  restBase: string;
  /** WebSocket base address, without `/api`, no trailing slash. */
  wsBase: string;
  /** Web application address (key management, account creation). */
  appUrl: string;
  isMainnet: boolean;
}

export const MAINNET_CHAIN_ID = 143;
export const TESTNET_CHAIN_ID = 10143;
/** Chain id of the local exchange simulator (a conventional development chain id). */
export const LOCAL_CHAIN_ID = 31337;

export const NETWORK_NAMES: readonly NetworkName[] = ['mainnet', 'testnet', 'local'];

/** The live networks. `local` is absent: its addresses exist only while the local exchange runs. */
export const LIVE_NETWORKS: Readonly<Record<'mainnet' | 'testnet', Network>> = {
  mainnet: {
    name: 'mainnet',
    chainId: MAINNET_CHAIN_ID,
    restBase: 'https://app.perpl.xyz/api',
    wsBase: 'wss://app.perpl.xyz',
    appUrl: 'https://app.perpl.xyz',
    isMainnet: true,
  },
  testnet: {
    name: 'testnet',
    chainId: TESTNET_CHAIN_ID,
    restBase: 'https://testnet.perpl.xyz/api',
    wsBase: 'wss://testnet.perpl.xyz',
    appUrl: 'https://testnet.perpl.xyz',
    isMainnet: false,
  },
};

/** Where a running local exchange listens. */
export interface LocalEndpoint {
  rest: string;
  ws: string;
  chainId: number;
}

export interface NetworkOptions {
  network?: string;
  baseUrl?: string;
  wsUrl?: string;
  chainId?: number;
  /** `--insecure`: allow http:// and ws:// to a host that is not this machine. */
  insecure?: boolean;
}

export function isNetworkName(name: string): name is NetworkName {
  return (NETWORK_NAMES as readonly string[]).includes(name);
}

function parseUrl(text: string, what: string, schemes: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch (cause) {
    throw new InputError(`${what} "${text}" is not a URL`, { cause, hint: `expected e.g. ${schemes[1] ?? schemes[0]}://host/...` });
  }
  if (!schemes.includes(url.protocol.replace(/:$/, ''))) {
    throw new InputError(`${what} "${text}" must start with ${schemes.map((s) => `${s}://`).join(' or ')}`);
  }
  if (url.username || url.password) throw new InputError(`${what} must not carry a user name or password`);
  if (url.search || url.hash) throw new InputError(`${what} "${text}" must not have a query or fragment`);
  return url;
}

function withoutTrailingSlash(s: string): string {
  return s.replace(/\/+$/, '');
}

/** Normalizes a REST base: no trailing slash, ending in `/api` (appended when missing). */
export function normalizeRestBase(baseUrl: string): string {
  const url = parseUrl(baseUrl.trim(), '--base-url', ['http', 'https']);
  const path = withoutTrailingSlash(url.pathname);
  return `${url.origin}${path.endsWith('/api') ? path : `${path}/api`}`;
}

/** The WebSocket base that belongs to a REST base: http->ws, https->wss, `/api` dropped. */
export function wsBaseFromRestBase(restBase: string): string {
  const url = parseUrl(restBase, 'REST base', ['http', 'https']);
  const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = withoutTrailingSlash(url.pathname).replace(/\/api$/, '');
  return `${scheme}//${url.host}${path}`;
}

function normalizeWsBase(wsUrl: string): string {
  const url = parseUrl(wsUrl.trim(), '--ws-url', ['ws', 'wss']);
  return `${url.protocol}//${url.host}${withoutTrailingSlash(url.pathname)}`;
}

function checkChainId(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InputError(`chain id "${String(chainId)}" is not a positive integer`);
  }
  return chainId;
}

function unknownNetwork(name: string): InputError {
  return new InputError(`unknown network "${name}"`, {
    hint: `use one of ${NETWORK_NAMES.join(', ')}, or --base-url URL --chain-id ID`,
  });
}

/** 127.0.0.0/8, ::1 and localhost: plain text to these never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Refuses http:// or ws:// to a remote host unless `insecure`: anyone on the path could feed the
 * terminal prices and text, and read the key token of every signed request.
 */
function refusePlainTextToRemote(network: Network, insecure: boolean): Network {
  if (insecure) return network;
  for (const [what, address] of [
    ['REST address', network.restBase],
    ['WebSocket address', network.wsBase],
  ] as const) {
    const url = new URL(address);
    if ((url.protocol === 'http:' || url.protocol === 'ws:') && !isLoopbackHost(url.hostname)) {
      throw new InputError(`plain-text ${what} ${address} reaches a host other than this machine: refused without --insecure`, {
        hint: `anyone on the path could feed the terminal prices and text; use ${url.protocol === 'http:' ? 'https://' : 'wss://'}, or pass --insecure to accept that`,
      });
    }
  }
  return network;
}

/**
 * Picks the network from options. Precedence: an explicit --base-url (needs a chain id, from --chain-id or
 * the named network), else the named network (default `local`). `local` needs the running local exchange
 * (`local`) or a --base-url. An explicit --ws-url overrides the WebSocket base of any choice. Plain text
 * (http, ws) to a host that is not loopback is refused unless `insecure`, wherever the address came from.
 */
export function resolveNetwork(opts: NetworkOptions, local?: LocalEndpoint): Network {
  return refusePlainTextToRemote(chooseNetwork(opts, local), opts.insecure === true);
}

function chooseNetwork(opts: NetworkOptions, local?: LocalEndpoint): Network {
  const name = opts.network?.trim().toLowerCase() || undefined;
  if (name !== undefined && !isNetworkName(name)) throw unknownNetwork(opts.network ?? '');
  const requestedChainId = opts.chainId === undefined ? undefined : checkChainId(opts.chainId);
  const wsOverride = opts.wsUrl ? normalizeWsBase(opts.wsUrl) : undefined;

  if (opts.baseUrl) {
    const restBase = normalizeRestBase(opts.baseUrl);
    const chainId =
      requestedChainId ??
      (name === 'mainnet' || name === 'testnet' ? LIVE_NETWORKS[name].chainId : undefined) ??
      (name === 'local' ? (local?.chainId ?? LOCAL_CHAIN_ID) : undefined);
    if (chainId === undefined) {
      throw new InputError('--base-url needs --chain-id (or --network to take it from)', {
        hint: `the chain id is part of every signature: ${MAINNET_CHAIN_ID} mainnet, ${TESTNET_CHAIN_ID} testnet, ${LOCAL_CHAIN_ID} local`,
      });
    }
    const live = name === 'mainnet' || name === 'testnet' ? LIVE_NETWORKS[name] : undefined;
    return {
      name: name ?? 'custom',
      chainId,
      restBase,
      wsBase: wsOverride ?? wsBaseFromRestBase(restBase),
      appUrl: live?.appUrl ?? new URL(restBase).origin,
      isMainnet: chainId === MAINNET_CHAIN_ID,
    };
  }

  const chosen: NetworkName = name ?? 'local';
  let network: Network;
  if (chosen === 'local') {
    if (!local) {
      throw new InputError('the local exchange address is not known', {
        hint: 'start it with `perpl sim` and pass the base URL it prints as --base-url, or use --network testnet|mainnet',
      });
    }
    const restBase = normalizeRestBase(local.rest);
    network = {
      name: 'local',
      chainId: checkChainId(local.chainId),
      restBase,
      wsBase: normalizeWsBase(local.ws),
      appUrl: new URL(restBase).origin,
      isMainnet: false,
    };
  } else {
    network = { ...LIVE_NETWORKS[chosen] };
  }
  if (requestedChainId !== undefined && requestedChainId !== network.chainId) {
    throw new InputError(`--chain-id ${requestedChainId} does not match ${network.name} (chain ${network.chainId})`, {
      hint: 'drop --chain-id, or pass --base-url to talk to a different deployment',
    });
  }
  return wsOverride ? { ...network, wsBase: wsOverride } : network;
}

/** Full URL of the public market-data socket. */
export function marketDataWsUrl(network: Network): string {
  return `${network.wsBase}/ws/v1/market-data`;
}

/** Full URL of the authenticated trading socket. */
export function tradingWsUrl(network: Network): string {
  return `${network.wsBase}/ws/v1/trading`;
}
