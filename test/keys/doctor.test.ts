// `perpl doctor` against the real local exchange: every line computed from real HTTP and sockets.

import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCredentials } from '../../src/auth/credentials.js';
import { writeKeyFile } from '../../src/auth/keyfile.js';
import { runDoctor } from '../../src/cli/subcommands/doctor.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { CliHarness } from './cli-harness.js';

let sim: RunningSim;
let home: string;
let cli: CliHarness;
const secrets: string[] = [];

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-doctor-'));
  sim = await startSim({ like: 'classic', port: 0, home, quiet: true, flowStepsPerSec: 0 });
  cli = new CliHarness({ PERPL_HOME: home });
  const demo = await loadCredentials({ keyFile: sim.demoKeyFile, env: {} });
  secrets.push(demo!.apiKey, Buffer.from(demo!.seed).toString('hex'));
});
afterAll(async () => {
  await sim?.stop();
  await rm(home, { recursive: true, force: true });
});

/** A key file for a fresh wallet, issued directly by the exchange (no enrollment needed here). */
async function issuedKeyFile(name: string, wallet: { address: string }, scopeMask = 3, extra: { expiresAt?: number } = {}): Promise<{ path: string; apiKey: string }> {
  const issued = sim.control.issueKey({ address: wallet.address, scopeMask, ...extra });
  secrets.push(issued.apiKey, issued.seedHex);
  const path = join(home, 'keys', `${name}.json`);
  await writeKeyFile(
    path,
    { network: 'local', chainId: sim.chainId, scopeMask, expiresAt: extra.expiresAt ?? 0, restBase: sim.rest, wsBase: sim.ws },
    { seed: new Uint8Array(Buffer.from(issued.seedHex, 'hex')), apiKey: issued.apiKey },
  );
  return { path, apiKey: issued.apiKey };
}

const doctor = (argv: string[]) => cli.run(runDoctor, argv);

describe('perpl doctor against the local exchange', () => {
  it('passes with the demo key: signs in on the trading socket and reads the account', async () => {
    const r = await doctor([]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^OK {3}rest: context in \d+ ms, \d+ markets$/m);
    expect(r.out).toMatch(/^OK {3}market-data ws: subscribed in \d+ ms$/m);
    expect(r.out).toMatch(/^OK {3}signed rest: GET \/v1\/trading\/fills accepted in \d+ ms$/m);
    expect(r.out).toMatch(/^OK {3}trading ws: signed in \(mt 29 -> mt 19\) in \d+ ms$/m);
    expect(r.out).toMatch(/^OK {3}clock: /m);
    expect(r.out).toMatch(/^OK {3}order forwarding: on$/m);
    expect(r.out).toMatch(/^OK {3}balance: 100000\.000000 collateral$/m);
  });

  it('doctor-explains-unenrolled-key: after `perpl keys new` (an unenrolled keys/default.json) it says so and checks the key the terminal uses', async () => {
    const file = join(home, 'keys', 'default.json');
    await writeKeyFile(file, {}, { seed: new Uint8Array(32).fill(9) });
    try {
      const r = await doctor([]);
      expect(r.out).toMatch(/^WARN key: keys\/default\.json is not enrolled yet, so it cannot sign: skipped, using \S+local-demo\.json instead \(fix: perpl keys enroll --name default/m);
      expect(r.out).toMatch(/^OK {3}key file: \S+local-demo\.json .*\(chosen: the local exchange's demo key\)$/m);
      expect(r.out).toMatch(/^OK {3}trading ws: signed in/m);
      expect(r.code, r.out).toBe(0);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('fails when order forwarding is off, with exit code 1', async () => {
    const wallet = sim.control.createWallet({ orderForwarding: false });
    const { path } = await issuedKeyFile('nofw', wallet);
    const r = await doctor(['--key-file', path]);
    expect(r.out).toMatch(/^FAIL order forwarding: off/m);
    expect(r.code).toBe(1);
  });

  it('warns about a read-only key that expires within a week', async () => {
    const wallet = sim.control.createWallet();
    const { path } = await issuedKeyFile('soon', wallet, 1, { expiresAt: Date.now() + 2 * 86_400_000 });
    const r = await doctor(['--key-file', path]);
    expect(r.out).toMatch(/^WARN scope: read only/m);
    expect(r.out).toMatch(/^WARN expiry: expires in 1d 23h/m);
    expect(r.code, r.out).toBe(0);
  });

  it('fails a wallet without an exchange account and points to the web app', async () => {
    const wallet = sim.control.createWallet({ account: false });
    const { path } = await issuedKeyFile('noacct', wallet);
    const r = await doctor(['--key-file', path]);
    expect(r.out).toMatch(/^FAIL account: no exchange account for this wallet \(fix: create one in the web app \(http:\/\/127\.0\.0\.1:\d+\)/m);
    expect(r.code).toBe(1);
  });

  it('reports a revoked key as a trading sign-in failure (close 3401)', async () => {
    const wallet = sim.control.createWallet();
    const { path, apiKey } = await issuedKeyFile('revoked', wallet);
    sim.control.revokeKey(apiKey);
    const r = await doctor(['--key-file', path]);
    expect(r.out).toMatch(/^FAIL trading ws: sign-in refused \(close 3401\)/m);
    expect(r.out).toMatch(/^FAIL signed rest: 401: signature refused/m);
    expect(r.code).toBe(1);
  });

  it('refuses a key file other users can read, naming it and the chmod fix', async () => {
    const wallet = sim.control.createWallet();
    const { path } = await issuedKeyFile('wide', wallet);
    chmodSync(path, 0o644);
    const r = await doctor(['--key-file', path, '--base-url', sim.rest, '--chain-id', String(sim.chainId)]);
    expect(r.out).toContain(`FAIL key file: key file ${path}: has mode 0644: other users may read it, so it is refused (fix: run: chmod 600 ${path})`);
    expect(r.code).toBe(1);
  });

  it('fails when nothing listens at the address', async () => {
    const r = await doctor(['--base-url', 'http://127.0.0.1:9/api', '--chain-id', '31337', '--key-file', join(home, 'keys', 'nofw.json')]);
    expect(r.out).toMatch(/^FAIL rest: GET http:\/\/127\.0\.0\.1:9\/api\/v1\/pub\/context failed/m);
    expect(r.out).toMatch(/^FAIL market-data ws: /m);
    expect(r.code).toBe(1);
  });

  it('fails plain text to a remote host, naming --insecure, and probes nothing there', async () => {
    const r = await doctor(['--base-url', 'http://exchange.example.com/api', '--chain-id', '31337', '--key-file', join(home, 'keys', 'nofw.json')]);
    expect(r.out).toMatch(/^FAIL network: plain-text REST address http:\/\/exchange\.example\.com\/api .*refused without --insecure \(fix: .*https:\/\//m);
    expect(r.out).not.toMatch(/^\S+ +rest:/m);
    expect(r.code).toBe(1);
  });

  it('doctor-reports-a-polluting-config: [__proto__] is a WARN with line and reason, and nothing reaches Object.prototype', async () => {
    const file = join(home, 'config.toml');
    writeFileSync(file, '[__proto__]\npolluted = "yes"\n');
    try {
      const r = await doctor(['--base-url', 'http://127.0.0.1:9/api', '--chain-id', '31337', '--key-file', join(home, 'keys', 'nofw.json')]);
      expect(r.out).toContain(`WARN config: ${file}: 1 problem`);
      expect(r.out).toContain('WARN config: line 1: __proto__: refused: a reserved name');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      const named = await doctor(['--config', file, '--base-url', 'http://127.0.0.1:9/api', '--chain-id', '31337', '--key-file', join(home, 'keys', 'nofw.json')]);
      expect(named.out).toContain(`WARN config: ${file}: 1 problem`);
      expect(named.out).toContain('WARN config: line 1: __proto__:');
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
      rmSync(file, { force: true });
    }
  });

  it('doctor-config-key-4000-parts-deep: one config problem with its line, not "Maximum call stack size exceeded"', async () => {
    const file = join(home, 'deep.toml');
    writeFileSync(file, `bell = false\n${Array.from({ length: 4_000 }, () => 'a').join('.')} = 1\n`);
    try {
      const r = await doctor(['--config', file, '--base-url', 'http://127.0.0.1:9/api', '--chain-id', '31337', '--key-file', join(home, 'keys', 'nofw.json')]);
      expect(r.out).toContain(`WARN config: ${file}: 1 problem`);
      expect(r.out).toContain('WARN config: line 2: a key nested more than 8 deep: not read; using the defaults');
      expect(r.err).not.toContain('call stack');
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('doctor-warns-about-a-keys-folder-others-can-write', async () => {
    const keys = join(home, 'keys');
    chmodSync(keys, 0o777);
    try {
      const r = await doctor(['--base-url', 'http://127.0.0.1:9/api', '--chain-id', '31337', '--key-file', join(keys, 'nofw.json')]);
      expect(r.out).toContain(`WARN keys folder: ${keys} is writable by group and others (mode 0777): another user could plant or swap a key file (fix: chmod 700 ${keys})`);
    } finally {
      chmodSync(keys, 0o700);
    }
  });

  it('never prints a seed or a token', () => {
    const all = cli.transcript.join('\n');
    expect(secrets.length).toBeGreaterThan(4);
    for (const s of secrets) expect(all).not.toContain(s);
  });
});
