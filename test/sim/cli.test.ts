// `perpl sim` as a process: one JSON line on stdout when ready, a 0600 demo key file in a 0700
// directory, no secret on stdout/stderr, clean exit 0 on SIGTERM.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/terminal.js';
import { watchChild } from '../helpers/watched-child.js';

const ROOT = join(import.meta.dirname, '..', '..');
// Bundled once with esbuild (well under a second) instead of tsx per spawn (several seconds on a busy box).
// Inside node_modules so the bundle's external packages resolve from the project.
const BUNDLE = join(ROOT, 'node_modules', '.cache', 'perpl-sim-cli-test', `perpl-${process.pid}.mjs`);

beforeAll(async () => {
  await build({
    entryPoints: [join(ROOT, 'src/cli/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: BUNDLE,
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(BUNDLE, { force: true }));

describe('perpl sim command', () => {
  it('ready-line-and-clean-stop: prints one JSON line, serves, exits 0 on SIGTERM without leaking the seed', async () => {
    const home = mkdtempSync(join(tmpdir(), 'perpl-sim-cli-'));
    const child = spawn(
      process.execPath,
      [BUNDLE, 'sim', '--port', '0', '--home', home, '--block-ms', '100', '--flow-rate', '5', '--faults', 'none'],
      { cwd: ROOT, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const watched = watchChild(child);
    await watched.untilOut((out) => out.includes('\n'), 'the ready line');
    const ready = JSON.parse(watched.out.trim()) as {
      rest: string;
      ws: string;
      chain_id: number;
      demo_key_file: string;
      demo_profile: string;
      demo_operator: string;
      demo_operator_wallet_key_file: string;
    };
    expect(ready.rest).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(ready.ws).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.chain_id).toBe(31337);
    const port = new URL(ready.rest).port;
    expect(ready.demo_key_file).toBe(join(home, 'keys', `local-demo-${port}.json`));
    // `perpl sim` also writes the key commands given no port use, the same key.
    expect(readFileSync(join(home, 'keys', 'local-demo.json'), 'utf8')).toBe(readFileSync(ready.demo_key_file, 'utf8'));

    const key = JSON.parse(readFileSync(ready.demo_key_file, 'utf8')) as Record<string, unknown>;
    expect(key).toMatchObject({ network: 'local', chain_id: 31337, scope_mask: 3, expires_at: 0, rest: ready.rest, ws: ready.ws });
    expect(key['private_key']).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(ready.demo_key_file).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(ready.demo_key_file)).mode & 0o777).toBe(0o700);

    // The seeded delegation: where the operator's wallet key is and how to practise with it.
    expect(ready.demo_profile).toMatch(/^0x[0-9a-f]{40}$/);
    expect(ready.demo_operator).toMatch(/^0x[0-9a-f]{40}$/);
    expect(ready.demo_operator_wallet_key_file).toBe(join(home, 'keys', `local-demo-${port}-operator.wallet`));
    expect(statSync(ready.demo_operator_wallet_key_file).mode & 0o777).toBe(0o600);
    const operatorKey = readFileSync(ready.demo_operator_wallet_key_file, 'utf8').trim();
    expect(operatorKey).toMatch(/^0x[0-9a-f]{64}$/);
    await eventually(() => watched.err.includes('--wallet-key-file'), 15_000, 'the practice line on stderr');
    expect(watched.err).toContain(`--target-profile ${ready.demo_profile} --wallet-key-file ${ready.demo_operator_wallet_key_file}`);

    const ctx = await fetch(`${ready.rest}/v1/pub/context`);
    expect(ctx.status).toBe(200);

    child.kill('SIGTERM');
    expect(await watched.exited).toBe(0);
    expect(watched.out.trim().split('\n')).toHaveLength(1);
    expect(watched.out + watched.err).not.toContain(key['private_key'] as string);
    expect(watched.out + watched.err).not.toContain(operatorKey.slice(2));
  }, 40_000);

  it('bad-option-exits-nonzero: an unknown fault profile is refused with a hint', async () => {
    const child = spawn(process.execPath, [BUNDLE, 'sim', '--faults', 'nope'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).not.toBe(0);
    expect(err).toMatch(/unknown fault profile/);
  }, 40_000);

  it('like-testnet-lists-testnet-markets: --like testnet serves the testnet ids on the local chain; an unknown network is refused', async () => {
    const home = mkdtempSync(join(tmpdir(), 'perpl-sim-cli-'));
    const child = spawn(process.execPath, [BUNDLE, 'sim', '--port', '0', '--home', home, '--flow-rate', '0', '--like', 'testnet'], {
      cwd: ROOT,
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const watched = watchChild(child);
    await watched.untilOut((out) => out.includes('\n'), 'the ready line');
    const ready = JSON.parse(watched.out.trim()) as { rest: string; chain_id: number };
    const ctx = (await (await fetch(`${ready.rest}/v1/pub/context`)).json()) as { chain: { chain_id: number }; markets: { id: number; name: string }[] };
    expect(ctx.markets.map((m) => m.id).slice(0, 4)).toEqual([16, 32, 48, 64]);
    expect(ctx.markets[0]!.name).toBe('BTC Perp');
    expect(ctx.chain.chain_id).toBe(ready.chain_id);
    child.kill('SIGTERM');
    expect(await watched.exited).toBe(0);

    const bad = spawn(process.execPath, [BUNDLE, 'sim', '--like', 'devnet'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    bad.stderr.on('data', (d: Buffer) => (err += d.toString()));
    expect(await new Promise<number | null>((resolve) => bad.on('exit', (c) => resolve(c)))).not.toBe(0);
    expect(err).toMatch(/unknown network "devnet" for --like/);
  }, 40_000);
});
