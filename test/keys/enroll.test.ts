// End-to-end enrollment against the real local exchange, which checks the MAC, freshness, the wallet's
// EIP-712 signature and the Ed25519 proof of possession before it registers a key.

import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, constants, existsSync, mkdirSync, mkdtempSync, openSync, promises as fsPromises, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCredentials } from '../../src/auth/credentials.js';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { keyFilePath, pendingFilePath } from '../../src/auth/home.js';
import { writeKeyFile } from '../../src/auth/keyfile.js';
import { runKeys } from '../../src/cli/subcommands/keys.js';
import { resolveNetwork } from '../../src/protocol/networks.js';
import { RestClient } from '../../src/transport/rest/client.js';
import { startSim, type RunningSim, type SimWallet } from '../../src/sim/index.js';
import { CliHarness } from './cli-harness.js';

let sim: RunningSim;
let home: string;
let cli: CliHarness;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-enroll-'));
  sim = await startSim({ like: 'classic', port: 0, home, quiet: true, flowStepsPerSec: 0 });
  cli = new CliHarness({ PERPL_HOME: home });
});
afterAll(async () => {
  await sim?.stop();
  await rm(home, { recursive: true, force: true });
});

function walletFile(w: SimWallet, name: string): string {
  const path = join(home, `${name}.wallet`);
  writeFileSync(path, `${w.privateKey}\n`, { mode: 0o600 });
  return path;
}

function netArgs(): string[] {
  return ['--base-url', sim.rest, '--chain-id', String(sim.chainId)];
}

const keys = (argv: string[], overrides = {}) => cli.run(runKeys, argv, overrides);

describe('one-step enrollment with a local wallet key', () => {
  it('enrolls, stores the token 0600, and the stored key signs requests the exchange accepts', async () => {
    const wallet = sim.control.createWallet();
    const r = await keys(['enroll', '--name', 'one', '--network', 'local', '--label', 'one-step', '--scope', 'trade', '--expires', '30d', '--ip-cidr', '127.0.0.0/8', '--ip-cidr', '::1/128', '--wallet-key-file', walletFile(wallet, 'one')]);
    expect(r.err).toContain('the wallet authorizes:');
    expect(r.err).toMatch(/scope\s+trade/);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('enrolled key "one"');
    expect(r.out).toMatch(/expires\s+\S+ \(in 29d 23h\)/);
    const path = keyFilePath('one', cli.env);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const creds = await loadCredentials({ keyFile: 'one', env: cli.env });
    expect(creds?.scopeMask).toBe(3);
    expect(creds?.ipCidrs).toEqual(['127.0.0.0/8', '::1/128']);
    const network = resolveNetwork({ baseUrl: creds!.restBase!, chainId: creds!.chainId! });
    const rest = new RestClient({ network, signer: new ApiKeySigner(creds!, network.chainId) });
    const wallet2 = await rest.wallet();
    expect(wallet2.as[0]?.id).toBe(wallet.accountId);
  });

  it('shows the enrolled key without its secrets', async () => {
    const show = await keys(['show', 'one']);
    expect(show.code).toBe(0);
    expect(show.out).toMatch(/enrolled\s+yes/);
    expect(show.out).toMatch(/scope\s+trade \(read \+ trade\)/);
    expect(show.out).toMatch(/ip allow-list\s+127.0.0.0\/8, ::1\/128/);
    const list = await keys(['list']);
    expect(list.out).toMatch(/one\s+yes\s+trade/);
  });
});

describe('two-step enrollment (sign elsewhere)', () => {
  it('prints the typed data, keeps the payload 0600, and finishes with the signature', async () => {
    const wallet = sim.control.createWallet();
    const step1 = await keys(['enroll', '--name', 'two', ...netArgs(), '--label', 'two-step', '--print-typed-data', '--address', wallet.address]);
    expect(step1.code, step1.err).toBe(0);
    const typedData = JSON.parse(step1.out) as { domain: Record<string, string>; types: Record<string, { name: string; type: string }[]>; message: Record<string, string> };
    expect(typedData.message.signer?.toLowerCase()).toBe(wallet.address);
    expect(step1.err).toMatch(/signer\s+0x/);
    expect(step1.err).toContain('--wallet-signature');
    expect(statSync(pendingFilePath('two', cli.env)).mode & 0o777).toBe(0o600);
    // The "elsewhere": ethers, a different EIP-712 implementation than ours.
    const { EIP712Domain: _d, ...types } = typedData.types;
    const signature = await new Wallet(wallet.privateKey).signTypedData(typedData.domain, types, typedData.message);
    const step2 = await keys(['enroll', '--name', 'two', '--wallet-signature', signature]);
    expect(step2.code, step2.err).toBe(0);
    expect(step2.out).toContain('enrolled key "two"');
    expect(existsSync(pendingFilePath('two', cli.env))).toBe(false);
    expect((await loadCredentials({ keyFile: 'two', env: cli.env }))?.scopeMask).toBe(1);
  });

  it('refuses a stale pending payload and says to start again', async () => {
    const wallet = sim.control.createWallet();
    await keys(['enroll', '--name', 'stale', ...netArgs(), '--label', 'stale', '--print-typed-data', '--address', wallet.address]);
    const later = () => Date.now() + 16 * 60_000;
    const r = await keys(['enroll', '--name', 'stale', '--wallet-signature', `0x${'11'.repeat(65)}`], { now: later });
    expect(r.code).toBe(1);
    expect(r.err).toContain('the enrollment payload is stale');
    expect(r.err).toContain('start again');
    expect(existsSync(pendingFilePath('stale', cli.env))).toBe(false);
  });

  it('refuses a malformed signature and one made by another wallet', async () => {
    const wallet = sim.control.createWallet();
    await keys(['enroll', '--name', 'badsig', ...netArgs(), '--label', 'badsig', '--print-typed-data', '--address', wallet.address]);
    const malformed = await keys(['enroll', '--name', 'badsig', '--wallet-signature', '0x1234']);
    expect(malformed.code).toBe(1);
    expect(malformed.err).toContain('the wallet signature is malformed');
    const typedData = JSON.parse(readFileSync(pendingFilePath('badsig', cli.env), 'utf8')).typed_data;
    const { EIP712Domain: _d, ...types } = typedData.types;
    const other = Wallet.createRandom();
    const wrong = await other.signTypedData(typedData.domain, types, typedData.message);
    const r = await keys(['enroll', '--name', 'badsig', '--wallet-signature', wrong]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`was made by ${other.address}`);
  });

  it('explains a payload that was edited after it was served (the exchange MAC no longer matches)', async () => {
    const wallet = sim.control.createWallet();
    await keys(['enroll', '--name', 'edited', ...netArgs(), '--label', 'original', '--print-typed-data', '--address', wallet.address]);
    const path = pendingFilePath('edited', cli.env);
    const pending = JSON.parse(readFileSync(path, 'utf8'));
    pending.typed_data.message.label = 'edited';
    writeFileSync(path, JSON.stringify(pending), { mode: 0o600 });
    const { EIP712Domain: _d, ...types } = pending.typed_data.types;
    const signature = await new Wallet(wallet.privateKey).signTypedData(pending.typed_data.domain, types, pending.typed_data.message);
    const r = await keys(['enroll', '--name', 'edited', '--wallet-signature', signature]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('the payload was changed after it was served');
  });

  it('says what to do when there is no pending payload', async () => {
    const r = await keys(['enroll', '--name', 'nothing', '--wallet-signature', `0x${'11'.repeat(65)}`]);
    expect(r.err).toContain('no pending enrollment for key "nothing"');
    expect(r.err).toContain('--print-typed-data');
  });
});

describe('enrollment errors explain themselves', () => {
  it('404: a wallet without an exchange account is told to create one in the web app', async () => {
    const wallet = sim.control.createWallet({ account: false });
    const r = await keys(['enroll', '--name', 'noacct', ...netArgs(), '--label', 'x', '--wallet-key-file', walletFile(wallet, 'noacct')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('enrollment refused (404)');
    expect(r.err).toContain('create the exchange account first in the web app');
  });

  it('409: the same public key enrolled twice is told to make a fresh key', async () => {
    const wallet = sim.control.createWallet();
    const file = walletFile(wallet, 'dup');
    expect((await keys(['enroll', '--name', 'dup1', ...netArgs(), '--label', 'x', '--wallet-key-file', file])).code).toBe(0);
    const creds = await loadCredentials({ keyFile: 'dup1', env: cli.env });
    await writeKeyFile(keyFilePath('dup2', cli.env), {}, { seed: creds!.seed });
    const r = await keys(['enroll', '--name', 'dup2', ...netArgs(), '--label', 'x', '--wallet-key-file', file]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('enrollment refused (409)');
    expect(r.err).toContain('perpl keys new');
    const again = await keys(['enroll', '--name', 'dup1', ...netArgs(), '--label', 'x', '--wallet-key-file', file]);
    expect(again.err).toContain('key "dup1" is already enrolled');
  });

  it('422: an Origin the exchange does not allow is told to drop --origin', async () => {
    const wallet = sim.control.createWallet();
    const r = await keys(['enroll', '--name', 'origin', ...netArgs(), '--label', 'x', '--origin', 'https://evil.example', '--wallet-key-file', walletFile(wallet, 'origin')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('enrollment refused (422)');
    expect(r.err).toContain('drop --origin');
  });

  it('423: the 17th key is told to revoke one in the web app', async () => {
    const wallet = sim.control.createWallet();
    for (let i = 0; i < 16; i++) sim.control.issueKey({ address: wallet.address, scopeMask: 1 });
    const r = await keys(['enroll', '--name', 'full', ...netArgs(), '--label', 'x', '--wallet-key-file', walletFile(wallet, 'full')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('enrollment refused (423)');
    expect(r.err).toMatch(/revoke one at http:\/\/127\.0\.0\.1:\d+\/apikeys/);
  });

  it('403: a wallet that neither owns nor operates --target-profile is told why, and no key is stored', async () => {
    const victim = sim.control.createWallet();
    const stranger = sim.control.createWallet();
    const r = await keys(['enroll', '--name', 'stranger', ...netArgs(), '--label', 'x', '--scope', 'trade', '--target-profile', victim.address, '--wallet-key-file', walletFile(stranger, 'stranger')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('enrollment refused (403)');
    expect(r.err).toContain("neither the profile's owner nor a registered operator of it");
    expect(r.err).toContain('register this wallet as an operator');
    expect((await keys(['show', 'stranger'])).out).toMatch(/enrolled\s+no/);
  });

  it('delegated: the demo operator enrolls a key that trades the demo profile', async () => {
    const { profile, walletKeyFile } = sim.demoOperator;
    const r = await keys(['enroll', '--name', 'delegated', ...netArgs(), '--label', 'practice', '--scope', 'trade', '--target-profile', profile, '--wallet-key-file', walletKeyFile]);
    expect(r.code, r.err).toBe(0);
    const creds = await loadCredentials({ keyFile: 'delegated', env: cli.env });
    const network = resolveNetwork({ baseUrl: creds!.restBase!, chainId: creds!.chainId! });
    const rest = new RestClient({ network, signer: new ApiKeySigner(creds!, network.chainId) });
    expect((await rest.wallet()).as[0]?.id).toBe(sim.control.engine.accountsOf(profile)[0]);
  });

  it('wrong chain: a chain id the exchange does not serve is named as such', async () => {
    const wallet = sim.control.createWallet();
    const r = await keys(['enroll', '--name', 'chain', '--base-url', sim.rest, '--chain-id', '143', '--label', 'x', '--wallet-key-file', walletFile(wallet, 'chain')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('wrong chain');
    expect(r.err).toContain('--chain-id');
  });

  it('refuses CIDRs that are not CIDRs, and more than four, before sending anything', async () => {
    const wallet = sim.control.createWallet();
    const file = walletFile(wallet, 'cidr');
    const bad = await keys(['enroll', '--name', 'cidr', ...netArgs(), '--label', 'x', '--ip-cidr', '10.0.0.0/33', '--wallet-key-file', file]);
    expect(bad.err).toContain('--ip-cidr "10.0.0.0/33" is not an IPv4 or IPv6 CIDR');
    const many = ['1.0.0.0/8', '2.0.0.0/8', '3.0.0.0/8', '4.0.0.0/8', '5.0.0.0/8'].flatMap((c) => ['--ip-cidr', c]);
    const tooMany = await keys(['enroll', '--name', 'cidr', ...netArgs(), '--label', 'x', ...many, '--wallet-key-file', file]);
    expect(tooMany.err).toContain('at most 4');
  });

  it('never takes a wallet key as an argument, and does not echo it', async () => {
    const key = `0x${'ab'.repeat(32)}`;
    const r = await keys(['enroll', '--label', 'x', `--wallet-key=${key}`]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('--wallet-key is not accepted');
    expect(r.err).not.toContain('abab');
  });

  it('refuses a wallet key file other users can read', async () => {
    const wallet = sim.control.createWallet();
    const file = walletFile(wallet, 'wide');
    chmodSync(file, 0o644);
    const r = await keys(['enroll', '--name', 'wide', ...netArgs(), '--label', 'x', '--wallet-key-file', file]);
    expect(r.err).toContain(`${file}: has mode 0644`);
    expect(r.err).not.toContain(wallet.privateKey.slice(2));
  });
});

describe('private files are checked as opened', () => {
  it('wallet-key-file-checked-as-opened: a wallet key file swapped for another after a path check is never the one read', async () => {
    const wallet = sim.control.createWallet();
    const file = walletFile(wallet, 'swapped');
    // Another wallet's key, readable by others, waits to be renamed into the checked path.
    const other = sim.control.createWallet();
    const planted = join(home, 'planted.wallet');
    writeFileSync(planted, `${other.privateKey}\n`, { mode: 0o644 });
    chmodSync(planted, 0o644);
    const realStat = fsPromises.stat.bind(fsPromises);
    const swap = vi.spyOn(fsPromises, 'stat').mockImplementation(async (...args: Parameters<typeof fsPromises.stat>) => {
      const st = await realStat(...args);
      if (String(args[0]) === file && existsSync(planted)) renameSync(planted, file);
      return st;
    });
    try {
      const r = await keys(['enroll', '--name', 'swapped', ...netArgs(), '--label', 'x', '--wallet-key-file', file]);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toMatch(new RegExp(`signer\\s+${wallet.address}`, 'i'));
      expect(r.err.toLowerCase()).not.toContain(other.address.toLowerCase());
    } finally {
      swap.mockRestore();
    }
  });

  it('pending-fifo-refused: a FIFO in place of the pending enrollment is refused at once, not waited on', async () => {
    await keys(['new', '--name', 'fifo-pending']);
    const path = pendingFilePath('fifo-pending', cli.env);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    execFileSync('mkfifo', ['-m', '600', path]);
    const timeout = new Promise<{ code: number; err: string }>((resolve) => setTimeout(() => resolve({ code: -1, err: 'still waiting on the FIFO after 5 s' }), 5_000));
    const r = await Promise.race([keys(['enroll', '--name', 'fifo-pending', '--wallet-signature', `0x${'11'.repeat(65)}`]), timeout]);
    // A reader stuck in open() on the FIFO is freed by a writer that comes and goes (none stuck: ENXIO).
    try {
      closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // no reader was waiting
    }
    expect(r.err).toContain(`pending enrollment ${path}: is a FIFO, not a pending enrollment`);
    expect(r.code).toBe(1);
  });
});

describe('encrypted keys', () => {
  it('enrolls an encrypted key and keeps it encrypted; a wrong passphrase is named', async () => {
    const wallet = sim.control.createWallet();
    const env = { PERPL_HOME: home, PERPL_PASSPHRASE: 'long enough passphrase' };
    const sealed = new CliHarness(env);
    const created = await sealed.run(runKeys, ['new', '--name', 'sealed', '--encrypt']);
    expect(created.out).toMatch(/^0x[0-9a-f]{64}$/);
    const r = await sealed.run(runKeys, ['enroll', '--name', 'sealed', ...netArgs(), '--label', 'sealed', '--wallet-key-file', walletFile(wallet, 'sealed')]);
    expect(r.code, r.err).toBe(0);
    const text = readFileSync(keyFilePath('sealed', env), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ encrypted: { kdf: 'scrypt' }, scope_mask: 1, enrolled_at: expect.any(Number) });
    const creds = await loadCredentials({ keyFile: 'sealed', env });
    expect(creds?.publicKeyHex).toBe(created.out);
    expect(text).not.toContain(creds!.apiKey);
    await expect(loadCredentials({ keyFile: 'sealed', env: { ...env, PERPL_PASSPHRASE: 'nope' } })).rejects.toThrow(/wrong passphrase/);
    cli.transcript.push(...sealed.transcript);
  });

  it('asks for the passphrase once, hidden, when there is a terminal and no PERPL_PASSPHRASE', async () => {
    const env = { PERPL_HOME: home, PERPL_PASSPHRASE: 'typed at the terminal' };
    await new CliHarness(env).run(runKeys, ['new', '--name', 'prompted', '--encrypt']);
    const wallet = sim.control.createWallet();
    const asked: string[] = [];
    const r = await keys(['enroll', '--name', 'prompted', ...netArgs(), '--label', 'p', '--yes', '--wallet-key-file', walletFile(wallet, 'prompted')], {
      interactive: true,
      ask: async (q: string, hidden: boolean) => (asked.push(`${hidden ? 'hidden' : 'visible'}: ${q}`), 'typed at the terminal'),
    });
    expect(r.code, r.err).toBe(0);
    expect(asked).toEqual(['hidden: Passphrase for key "prompted": ']);
    expect((await loadCredentials({ keyFile: 'prompted', env }))?.scopeMask).toBe(1);
  });
});

describe('no output of perpl keys contains a secret', () => {
  it('never prints a seed or a token', async () => {
    await keys(['list']);
    for (const name of ['one', 'two', 'dup1']) await keys(['show', name]);
    const secrets: string[] = [];
    for (const name of ['one', 'two', 'dup1', 'local-demo']) {
      const c = await loadCredentials({ keyFile: name, env: cli.env });
      secrets.push(c!.apiKey, Buffer.from(c!.seed).toString('hex'));
    }
    const all = cli.transcript.join('\n');
    expect(cli.transcript.length).toBeGreaterThan(20);
    for (const s of secrets) expect(all).not.toContain(s);
  });
});
