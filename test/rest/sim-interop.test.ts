// The REST client against the real local exchange: both sides of signing, decoding and paging agree.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerClock } from '../../src/auth/clock.js';
import { seedFromHex } from '../../src/auth/ed25519.js';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { resolveNetwork, type Network } from '../../src/protocol/networks.js';
import { run as perplApi } from '../../src/cli/subcommands/api.js';
import { startSim, type RunningSim } from '../../src/sim/server/start-sim.js';
import { RestClient } from '../../src/transport/rest/client.js';
import { NotFoundError, UnauthorizedError } from '../../src/transport/rest/errors.js';

let sim: RunningSim;
let home = '';
let network: Network;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-rest-sim-'));
  sim = await startSim({ like: 'classic', port: 0, home, quiet: true, flowStepsPerSec: 0 });
  network = resolveNetwork({ network: 'local' }, { rest: sim.rest, ws: sim.ws, chainId: sim.chainId });
});
afterAll(async () => {
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

function clientFor(opts: { account?: boolean; scopeMask?: number } = {}) {
  const wallet = sim.control.createWallet({ account: opts.account ?? true });
  const key = sim.control.issueKey({ address: wallet.address, scopeMask: opts.scopeMask ?? 3 });
  const clock = new ServerClock();
  const signer = new ApiKeySigner({ apiKey: key.apiKey, seed: seedFromHex(key.seedHex) }, network.chainId, clock);
  return { client: new RestClient({ network, signer, clock }), key, wallet };
}

describe('REST client against the local exchange', () => {
  it('context-decodes-and-lists-markets', async () => {
    const { client } = clientFor();
    const ctx = await client.context();
    expect(ctx.markets.length).toBeGreaterThan(0);
    expect(ctx.chain.chain_id).toBe(sim.chainId);
  });

  it('signed-account-reads-are-accepted-and-decoded', async () => {
    const { client, wallet } = clientFor();
    const w = await client.wallet();
    expect(w.addr.toLowerCase()).toBe(wallet.address);
    expect(w.as[0]?.id).toBe(wallet.accountId);
    expect(Array.isArray((await client.orders()).d)).toBe(true);
    expect(Array.isArray((await client.positions()).d)).toBe(true);
    const pages = [];
    for await (const p of client.history('fills', { count: 10 })) pages.push(p);
    expect(pages.length).toBeGreaterThanOrEqual(1);
  });

  it('ref-code-absent-is-null', async () => {
    const { client } = clientFor();
    await expect(client.refCode()).resolves.toBeNull();
  });

  it('wallet-without-exchange-account-is-404-with-the-account-hint', async () => {
    const { client } = clientFor({ account: false });
    const e = await client.wallet().catch((err: unknown) => err);
    expect(e).toBeInstanceOf(NotFoundError);
    expect((e as NotFoundError).hint).toMatch(/no exchange account/);
  });

  it('revoked-key-is-401', async () => {
    const { client, key } = clientFor();
    sim.control.revokeKey(key.apiKey);
    await expect(client.wallet()).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('market-data-endpoints-answer-for-a-listed-market', async () => {
    const { client } = clientFor();
    const ctx = await client.context();
    const market = ctx.markets[0]!.id;
    const book = await client.book(market, 5);
    expect(book.bid.length).toBeLessThanOrEqual(5);
    const ticker = await client.ticker(market);
    expect(Object.keys(ticker.d)).toContain(String(market));
    const now = Date.now();
    const candles = await client.candles(market, 60, now - 3_600_000, now);
    expect(candles.d.every((c, i) => i === 0 || c.t > candles.d[i - 1]!.t)).toBe(true);
  });

  it('perpl-api-with-the-demo-key-file-needs-no-base-url', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await perplApi(['GET', '/v1/trading/wallet', '--key-file', sim.demoKeyFile], {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
      env: { PERPL_HOME: home },
    });
    // stderr says only which key signed.
    expect(err.join('\n')).toBe(`key used: ${sim.demoKeyFile}, public key ${err.join('').split('public key ')[1] ?? 'missing'}`);
    expect(err.join('\n')).toMatch(/, public key 0x[0-9a-f]{16}…$/);
    expect(code).toBe(0);
    const wallet = JSON.parse(out.join('\n')) as { as: unknown[] };
    expect(wallet.as.length).toBeGreaterThan(0);
  });

  it('perpl-api-network-local-finds-the-running-exchange-through-its-demo-key-file', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await perplApi(['GET', '/v1/pub/context', '--network', 'local', '--unsigned'], {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
      env: { PERPL_HOME: home },
    });
    expect(err.join('\n')).toBe('');
    expect(code).toBe(0);
    expect((JSON.parse(out.join('\n')) as { chain: { chain_id: number } }).chain.chain_id).toBe(sim.chainId);
  });
});
