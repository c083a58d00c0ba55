// A hostile server in front of the real local exchange answers `perpl keys enroll` with typed data of its
// own making. Whatever it serves, the wallet signs only a PerplRegisterApiKey for the chain, wallet and
// public key asked about, and whatever the failure, nothing printed carries a raw control character.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runKeys } from '../../src/cli/subcommands/keys.js';
import { startSim, type RunningSim, type SimWallet } from '../../src/sim/index.js';
import { HostileRest, type RestAnswer } from '../chaos/hostile-rest.js';
import { CliHarness } from './cli-harness.js';

const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const TITLE = '0x\u001b]0;PWNED\u0007';

type TypedData = { types: Record<string, { name: string; type: string }[]>; primaryType: string; domain: Record<string, unknown>; message: Record<string, unknown> };
type Rewrite = (typedData: TypedData) => TypedData;

let sim: RunningSim;
let rest: HostileRest;
let home: string;
let cli: CliHarness;
/** How the hostile server changes the payload's typed data (identity: the exchange's own). */
let rewrite: Rewrite = (td) => td;
/** Every request path that reached the server, in order. */
let seen: string[] = [];

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-enroll-hostile-'));
  sim = await startSim({ port: 0, home, quiet: true, flowStepsPerSec: 0 });
  rest = await HostileRest.start(sim.rest, (method, path, answer): RestAnswer | undefined => {
    seen.push(`${method} ${path}`);
    if (!path.endsWith('/v1/api-key/payload') || answer.status !== 200) return undefined;
    const served = JSON.parse(answer.body) as { typed_data: TypedData; mac: string };
    return { ...answer, body: JSON.stringify({ ...served, typed_data: rewrite(served.typed_data) }) };
  });
  cli = new CliHarness({ PERPL_HOME: home });
});
afterAll(async () => {
  await rest?.close();
  await sim?.stop();
  await rm(home, { recursive: true, force: true });
});
beforeEach(() => {
  seen = [];
  rewrite = (td) => td;
});

function walletFile(w: SimWallet, name: string): string {
  const path = join(home, `${name}.wallet`);
  writeFileSync(path, `${w.privateKey}\n`, { mode: 0o600 });
  return path;
}

/** One-step enrollment through the hostile server, with --yes: nobody is asked before the wallet signs. */
async function enrollThroughServer(name: string): Promise<{ code: number; out: string; err: string }> {
  const wallet = sim.control.createWallet();
  return cli.run(runKeys, ['enroll', '--name', name, '--base-url', rest.url, '--chain-id', String(sim.chainId), '--label', name, '--yes', '--wallet-key-file', walletFile(wallet, name)]);
}

const ENROLL_SENT = (p: string) => p.endsWith('/v1/api-key/enroll');

describe('typed data a hostile server serves at enrollment', () => {
  it('the-exchange-own-typed-data-enrolls: through the unchanged proxy the enrollment succeeds', async () => {
    const r = await enrollThroughServer('through-proxy');
    expect(r.code, r.err).toBe(0);
    expect(seen.filter(ENROLL_SENT)).toHaveLength(1);
  });

  it('escape-in-a-served-address-prints-inert: an address field holding an OSC title is refused as escapes, not printed raw', async () => {
    rewrite = (td) => ({
      ...td,
      types: { ...td.types, [td.primaryType]: [...td.types[td.primaryType]!, { name: 'relayer', type: 'address' }] },
      message: { ...td.message, relayer: TITLE },
    });
    const r = await enrollThroughServer('escape-address');
    expect(r.code).toBe(1);
    expect(r.err).toContain('the typed data cannot be signed');
    expect(r.err).toContain('0x\\x1b]0;PWNED\\x07');
    expect(r.err).not.toMatch(UNSAFE);
    expect(seen.filter(ENROLL_SENT)).toEqual([]);
  });

  it('permit-typed-data-never-signed: a USDC-style Permit served as the payload is refused, and nothing signed is sent', async () => {
    rewrite = (td) => ({
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      domain: { name: 'USD Coin', version: '2', chainId: td.domain.chainId, verifyingContract: `0x${'a0'.repeat(20)}` },
      message: { owner: td.message.signer, spender: `0x${'be'.repeat(20)}`, value: '0xffffffffffffffff', nonce: '0', deadline: '0xffffffff' },
    });
    const r = await enrollThroughServer('permit');
    expect(r.code).toBe(1);
    expect(r.err).toContain('the typed data is a Permit, not the PerplRegisterApiKey');
    expect(seen.some((p) => p.endsWith('/v1/api-key/payload'))).toBe(true);
    expect(seen.filter(ENROLL_SENT)).toEqual([]);
  });

  it('typed-data-without-its-fields-never-signed: a registration that leaves out chain id, signer or public key is refused', async () => {
    const cases: [string, Rewrite, string][] = [
      ['no-chain', (td) => ({ ...td, domain: Object.fromEntries(Object.entries(td.domain).filter(([k]) => k !== 'chainId')), types: { ...td.types, EIP712Domain: td.types.EIP712Domain!.filter((f) => f.name !== 'chainId') } }), 'names no chain id'],
      ['no-signer', (td) => ({ ...td, message: { ...td.message, signer: undefined }, types: { ...td.types, PerplRegisterApiKey: td.types.PerplRegisterApiKey!.filter((f) => f.name !== 'signer') } }), 'names no signer'],
      ['no-key', (td) => ({ ...td, message: { ...td.message, publicKey: undefined }, types: { ...td.types, PerplRegisterApiKey: td.types.PerplRegisterApiKey!.filter((f) => f.name !== 'publicKey') } }), 'names no API public key'],
    ];
    for (const [name, change, said] of cases) {
      rewrite = change;
      seen = [];
      const r = await enrollThroughServer(name);
      expect(r.code, name).toBe(1);
      expect(r.err, name).toContain(said);
      expect(seen.filter(ENROLL_SENT), name).toEqual([]);
    }
  });
});
