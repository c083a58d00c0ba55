// passphrase-asked-before-the-screen (issue 7 item 3): the BUILT app in a pseudo-terminal with an
// encrypted key file asks for the passphrase on the plain terminal (echo off) before it takes the
// alternate screen; a wrong one says so and asks again, the right one gives a trading screen (no
// READ-ONLY). With PERPL_PASSPHRASE set nothing is asked. Three wrong answers start read-only with a
// notice that says why. Before this, the terminal never asked and fell back to READ-ONLY silently.

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeKeyFile } from '../../src/auth/keyfile.js';
import { ScopeMask } from '../../src/protocol/enums.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { buildApp, hasScript, runInPty, waitForOutput, waitForScreen, type PtyRun } from './built-app.js';

const PRELOAD = resolve(import.meta.dirname, 'fixtures/preload.mjs');
const ENTER_ALT = '\u001B[?1049h';
const COLS = 120;
const ROWS = 36;
const PASSPHRASE = 'correct horse battery staple';
const WRONG = 'not the passphrase';

let app: { entry: string; dispose(): void };
let sim: RunningSim;
let simHome: string;
let home: string;
beforeAll(async () => {
  app = buildApp('passphrase');
  simHome = mkdtempSync(join(tmpdir(), 'perpl-pass-sim-'));
  home = mkdtempSync(join(tmpdir(), 'perpl-pass-app-'));
  sim = await startSim({ like: 'classic', port: 0, home: simHome, quiet: true, seed: 7, blockMs: 100, flowStepsPerSec: 10 });
  const wallet = sim.control.createWallet({ orderForwarding: true });
  const key = sim.control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade });
  await writeKeyFile(
    join(home, 'keys', 'trader.json'),
    { label: 'trader', network: 'local', chainId: sim.chainId, scopeMask: ScopeMask.ReadTrade, address: wallet.address, restBase: sim.rest, wsBase: sim.ws, enrolledAt: Date.now() },
    { seed: Uint8Array.from(Buffer.from(key.seedHex, 'hex')), apiKey: key.apiKey },
    { passphrase: PASSPHRASE, scrypt: { n: 2 ** 14, r: 8, p: 1 } },
  );
}, 120_000);
afterAll(async () => {
  app?.dispose();
  await sim?.stop();
  rmSync(simHome, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function start(extraEnv: NodeJS.ProcessEnv = {}, after = ''): PtyRun {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'false', NODE_ENV: 'production', TERM: 'xterm-256color', PERPL_HOME: home, ...extraEnv };
  for (const k of ['PERPL_PASSPHRASE', 'PERPL_KEY_FILE', 'PERPL_API_KEY', 'PERPL_API_SECRET'] as const) if (!(k in extraEnv)) delete env[k];
  return runInPty(`node --import ${PRELOAD} ${app.entry} --network local --base-url ${sim.rest} --key-file trader; echo "PERPL_TEST_EXIT=$?"${after}`, env, COLS, ROWS);
}

async function quit(run: PtyRun): Promise<string> {
  run.child.stdin!.write('q');
  // q quits at once, or asks first while requests are in flight: then y answers.
  const asked = await Promise.race([
    run.ended.then(() => false),
    waitForOutput(run, (o) => /in flight .*: quit anyway\?/.test(o), 'the quit question', 10_000).then(() => true, () => false),
  ]);
  if (asked) run.child.stdin!.write('y');
  const guard = setTimeout(() => run.child.kill('SIGKILL'), 10_000);
  try {
    return await run.ended;
  } finally {
    clearTimeout(guard);
  }
}

/** Live market data, and nothing on screen says the key is missing or read-only. */
const tradingScreen = (s: string): boolean => s.includes('● live') && !/READ-ONLY|read-only|no key|no trading key/.test(s);

describe.skipIf(!hasScript())('passphrase at start, in a pseudo-terminal', () => {
  it('passphrase-asked-before-the-screen: a wrong passphrase is refused and asked again, the right one trades', async () => {
    const run = start();
    try {
      await waitForOutput(run, (o) => o.includes('Passphrase'), 'the passphrase prompt');
      expect(run.output()).toContain('trader.json is encrypted');
      expect(run.output()).not.toContain(ENTER_ALT);
      run.child.stdin!.write(`${WRONG}\r`);
      await waitForOutput(run, (o) => /wrong passphrase, try again \(2 tries left\)/.test(o) && o.split('Passphrase').length === 3, 'the second prompt');
      expect(run.output()).not.toContain(ENTER_ALT);
      run.child.stdin!.write(`${PASSPHRASE}\r`);
      const screen = await waitForScreen(run, tradingScreen, 'a live trading screen without READ-ONLY');
      expect(screen).not.toContain('READ-ONLY');
      // Echo was off: neither answer ever reached the terminal.
      const out = await quit(run);
      expect(out).not.toContain(PASSPHRASE);
      expect(out).not.toContain(WRONG);
      expect(out).toMatch(/PERPL_TEST_EXIT=0/);
      // The app log says which key traded; no passphrase in it either.
      const log = readFileSync(join(home, 'logs', 'perpl.log'), 'utf8');
      expect(log).toMatch(/trading: key \S+trader\.json .*scope read\+trade/);
      expect(log).not.toContain(PASSPHRASE);
      expect(log).not.toContain(WRONG);
      expect(statSync(join(home, 'logs', 'perpl.log')).mode & 0o777).toBe(0o600);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 60_000);

  it('passphrase-from-environment: with PERPL_PASSPHRASE set nothing is asked and the screen trades', async () => {
    const run = start({ PERPL_PASSPHRASE: PASSPHRASE });
    try {
      await waitForScreen(run, tradingScreen, 'a live trading screen without READ-ONLY');
      expect(run.output()).not.toContain('Passphrase');
      const out = await quit(run);
      expect(out).not.toContain(PASSPHRASE);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 60_000);

  it('three-wrong-passphrases-start-read-only: the screen says READ-ONLY and why', async () => {
    const run = start();
    try {
      for (let i = 1; i <= 3; i++) {
        await waitForOutput(run, (o) => o.split('Passphrase').length === i + 1, `prompt ${i}`);
        run.child.stdin!.write(`${WRONG}\r`);
      }
      await waitForOutput(run, (o) => o.includes('wrong passphrase 3 times'), 'the give-up line');
      const screen = await waitForScreen(run, (s) => s.includes('● live') && s.includes('wrong passphrase 3 times'), 'a live screen with the reason');
      expect(screen).toContain('READ-ONLY');
      expect(screen).toContain('wrong passphrase 3 times: read-only; restart to retry');
      await quit(run);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 60_000);

  it('signal-at-the-prompt-restores-echo: SIGTERM while asking exits 143 with echo and line editing back on', async () => {
    const run = start({}, '; stty -a');
    try {
      await waitForOutput(run, (o) => o.includes('Passphrase') && /PERPL_TEST_PID=\d+/.test(o), 'the passphrase prompt');
      run.child.stdin!.write('half typed');
      await new Promise((r) => setTimeout(r, 200));
      process.kill(Number(/PERPL_TEST_PID=(\d+)/.exec(run.output())![1]), 'SIGTERM');
      const guard = setTimeout(() => run.child.kill('SIGKILL'), 10_000);
      const out = await run.ended;
      clearTimeout(guard);
      expect(out).toMatch(/PERPL_TEST_EXIT=143/);
      expect(out).not.toContain(ENTER_ALT);
      expect(out).not.toContain('half typed');
      const stty = out.slice(out.indexOf('PERPL_TEST_EXIT='));
      expect(stty).toMatch(/(^|\s)icanon(\s|$)/m);
      expect(stty).toMatch(/(^|\s)echo(\s|$)/m);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 60_000);
});
