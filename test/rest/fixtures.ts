// Shared pieces of the REST client tests: a fixed test key and a client pointed at a test server.

import { ServerClock } from '../../src/auth/clock.js';
import { publicKeyFromSeed, seedFromHex } from '../../src/auth/ed25519.js';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { resolveNetwork } from '../../src/protocol/networks.js';
import { RestClient } from '../../src/transport/rest/client.js';

export const CHAIN_ID = 10143;
export const API_TOKEN = 'tok-test-5c1d9e0b7a';
export const SEED = seedFromHex('8f02c462db326e65344ae44e66db66c26b028123cc4efb9eb87b35adba9011bb');
export const PUBLIC_KEY = publicKeyFromSeed(SEED);

export interface TestClient {
  client: RestClient;
  clock: ServerClock;
  /** Delays the client asked to sleep, in order (nothing really waits). */
  sleeps: number[];
}

export function makeClient(baseUrl: string, opts: { signed?: boolean; timeoutMs?: number; clock?: ServerClock } = {}): TestClient {
  const clock = opts.clock ?? new ServerClock();
  const sleeps: number[] = [];
  const network = resolveNetwork({ baseUrl, chainId: CHAIN_ID });
  const signer = opts.signed === false ? undefined : new ApiKeySigner({ apiKey: API_TOKEN, seed: SEED }, CHAIN_ID, clock);
  const client = new RestClient({
    network,
    ...(signer ? { signer } : {}),
    clock,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
  });
  return { client, clock, sleeps };
}

export function fill(oid: number, b: number) {
  return { at: { b, t: b * 1000, tx: 1, l: 1 }, mkt: 16, acc: 841, oid, t: 1, l: 2, p: 850000, s: 10, f: '928' };
}

export function candle(t: number) {
  return { t, o: 100, c: 101, h: 102, l: 99, v: '1000', n: 3 };
}
