// Enrollment can be practised on the local exchange (issue 18 item 5): it writes the demo account's own
// throwaway wallet key (0600, beside the demo API key), and `perpl keys enroll --network local` signs the
// whole wallet-signed flow with it: payload, EIP-712 wallet signature, proof of possession, enroll. The key
// it stores then reads and trades the demo account.

import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCredentials } from '../../src/auth/credentials.js';
import { LOCAL_DEMO_WALLET_FILE } from '../../src/auth/keyfile-discovery.js';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { runKeys } from '../../src/cli/subcommands/keys.js';
import { resolveNetwork } from '../../src/protocol/networks.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { RestClient } from '../../src/transport/rest/client.js';
import { CliHarness } from './cli-harness.js';

let sim: RunningSim;
let home: string;
let cli: CliHarness;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-enroll-local-'));
  sim = await startSim({ like: 'classic', port: 0, home, quiet: true, flowStepsPerSec: 0 });
  cli = new CliHarness({ PERPL_HOME: home });
});
afterAll(async () => {
  await sim?.stop();
  await rm(home, { recursive: true, force: true });
});

describe('enrollment practised on the local exchange', () => {
  it('demo-wallet-key-file: the demo account\'s wallet key is written 0600 beside the demo API key', () => {
    const path = sim.demoWalletKeyFile;
    expect(dirname(path)).toBe(dirname(sim.demoKeyFile));
    expect(path.endsWith(LOCAL_DEMO_WALLET_FILE)).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    // The wallet in it owns the demo profile (the account the demo key trades).
    const address = privateKeyToAccount(readFileSync(path, 'utf8').trim() as `0x${string}`).address.toLowerCase();
    expect(address).toBe(sim.demoOperator.profile);
    expect(sim.control.engine.accountsOf(address)).toHaveLength(1);
  });

  it('enroll-network-local-end-to-end: `perpl keys enroll --network local` signs with the demo wallet and the key trades the demo account', async () => {
    const r = await cli.run(runKeys, ['enroll', '--name', 'practice', '--network', 'local', '--label', 'practice', '--scope', 'trade']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("signing with the local exchange's demo wallet");
    expect(r.err.toLowerCase()).toContain(sim.demoOperator.profile);
    expect(r.err).toContain('the wallet authorizes:');
    expect(r.out).toContain('enrolled key "practice"');

    const creds = await loadCredentials({ keyFile: 'practice', env: cli.env });
    expect(creds?.scopeMask).toBe(3);
    const network = resolveNetwork({ baseUrl: creds!.restBase!, chainId: creds!.chainId! });
    const rest = new RestClient({ network, signer: new ApiKeySigner(creds!, network.chainId) });
    const wallet = await rest.wallet();
    expect(wallet.addr).toBe(sim.demoOperator.profile);
    expect(wallet.as[0]?.id).toBe(sim.control.engine.accountsOf(sim.demoOperator.profile)[0]);
  });

  it('no default wallet off the local network: testnet without a wallet still says what to give', async () => {
    const r = await cli.run(runKeys, ['enroll', '--name', 'elsewhere', '--network', 'testnet', '--label', 'x']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('no wallet to sign the enrollment with');
    expect(r.err).not.toContain('demo wallet');
  });
});
