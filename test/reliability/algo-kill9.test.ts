// twap-survives-kill-9: the BUILT app in a pseudo-terminal against a separate local exchange starts a TWAP
// with `:twap`, and is SIGKILLed (no cleanup, no last journal line) once a later slice is journaled, mostly
// while that slice is on its way. Started again on the same home, it takes the TWAP up from its journal:
// the exchange shows no slice executed twice and none skipped (a slice whose frame the kill kept from the
// exchange goes again), nothing executed that is no slice, the filled total never above the target, and the
// TWAP ended: complete, or incomplete naming what is left unfilled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeKeyFile } from '../../src/auth/keyfile.js';
import { algoJournalPath, readAlgoJournal } from '../../src/client/algos/algo-journal.js';
import { type AlgoEntry, foldAlgos } from '../../src/client/algos/algo-fold.js';
import { journalPath, Journal, type JournalRecord } from '../../src/client/trading/journal.js';
import { ScopeMask } from '../../src/protocol/enums.js';
import { type MarketWords, sizeText } from '../../src/domain/trading/order-words.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { waitFor } from '../helpers/wait.js';
import { buildApp, hasScript, runInPty, waitForScreen, type PtyRun } from './built-app.js';

const PRELOAD = resolve(import.meta.dirname, 'fixtures/preload.mjs');
const TARGET = 2_000; // 0.02 BTC in size units (5 size decimals)
const SLICES = 3;
const BTC_WORDS: MarketWords = { label: 'BTC', priceDecimals: 1, sizeDecimals: 5 };

let app: { entry: string; dispose(): void };
let sim: RunningSim;
let simHome: string;
let home: string;
let accountId: number;
const runs: PtyRun[] = [];
beforeAll(async () => {
  app = buildApp('algo-kill9');
  simHome = mkdtempSync(join(tmpdir(), 'perpl-algo-kill9-sim-'));
  home = mkdtempSync(join(tmpdir(), 'perpl-algo-kill9-app-'));
  sim = await startSim({ like: 'classic', port: 0, home: simHome, quiet: true, seed: 7, blockMs: 100, flowStepsPerSec: 10 });
  const wallet = sim.control.createWallet({ orderForwarding: true });
  accountId = wallet.accountId!;
  const key = sim.control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade });
  await writeKeyFile(
    join(home, 'keys', 'trader.json'),
    { label: 'trader', network: 'local', chainId: sim.chainId, scopeMask: ScopeMask.ReadTrade, address: wallet.address, restBase: sim.rest, wsBase: sim.ws, enrolledAt: Date.now() },
    { seed: Uint8Array.from(Buffer.from(key.seedHex, 'hex')), apiKey: key.apiKey },
  );
}, 120_000);
afterAll(async () => {
  for (const r of runs) r.child.kill('SIGKILL');
  app?.dispose();
  await sim?.stop();
  rmSync(simHome, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function start(): PtyRun {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'false', NODE_ENV: 'production', TERM: 'xterm-256color', PERPL_HOME: home };
  for (const k of ['PERPL_PASSPHRASE', 'PERPL_KEY_FILE', 'PERPL_API_KEY', 'PERPL_API_SECRET'] as const) delete env[k];
  const run = runInPty(`node --import ${PRELOAD} ${app.entry} --network local --base-url ${sim.rest} --key-file trader`, env, 160, 40);
  runs.push(run);
  return run;
}

const tradingScreen = (s: string): boolean => s.includes('● live') && !/READ-ONLY|read-only|no key|no trading key/.test(s);
const twapOf = (): AlgoEntry | undefined => foldAlgos(readAlgoJournal(algoJournalPath('local', accountId, { PERPL_HOME: home })).records).find((a) => a.start.kind === 'twap');
const BTC = () => sim.control.engine.openPositions(accountId).reduce((s, p) => s + p.s, 0);

describe.skipIf(!hasScript())('a TWAP in the built app across kill -9', () => {
  it('twap-survives-kill-9: restarted, the TWAP resumes to its end with no slice twice or skipped, never more than the target, a shortfall named', async () => {
    const first = start();
    await waitForScreen(first, tradingScreen, 'a live trading screen', 30_000);
    first.child.stdin!.write(':');
    await waitForScreen(first, (s) => s.includes(':█'), 'the command line');
    first.child.stdin!.write(`twap buy 0.02 12s slices ${SLICES}`);
    await waitForScreen(first, (s) => s.includes(`twap buy 0.02 12s slices ${SLICES}`), 'the typed command');
    first.child.stdin!.write('\r');
    await waitForScreen(first, (s) => /TWAP buy 0\.02 BTC over 12s: 3 IOC slices .*start\?/.test(s), 'the TWAP question');
    first.child.stdin!.write('y');

    // Killed once the second slice is journaled: mostly while it is on its way, its outcome not recorded.
    await waitFor(() => twapOf()?.children[1], 'the second slice journaled', 20_000, 10);
    const pid = Number(/PERPL_TEST_PID=(\d+)/.exec(first.output())![1]);
    process.kill(pid, 'SIGKILL');
    await first.ended;
    const atKill = twapOf()!;
    expect(atKill.status).not.toBe('ended');
    const inFlightAtKill = atKill.children.filter((c) => c.done === undefined).map((c) => c.cid);
    const ordersAtKill = Journal.read(journalPath('local', accountId, { PERPL_HOME: home }));

    const again = start();
    await waitForScreen(again, tradingScreen, 'a live trading screen after the restart', 30_000);
    const done = await waitFor(() => (twapOf()?.status === 'ended' ? twapOf() : undefined), 'the TWAP to end after the restart', 30_000, 50);
    again.child.kill('SIGKILL');

    // From the exchange: each slice executed once, nothing else executed, the position is the target.
    const executed = sim.control.engine.executedRequests(accountId);
    const filled = done.children.reduce((s, c) => s + (c.done?.filled ?? 0), 0);
    // Said before the assertions, so a failure shows the children, their outcomes and the order journal at the kill.
    const outcome = (c: AlgoEntry['children'][number]) => `${c.cid} slice ${c.slice + 1} rqs [${c.rqs.join(',')}] ${c.done?.result ?? '?'} filled ${c.done?.filled ?? '?'}${c.done?.spent === false ? ' (not spent)' : ''}`;
    const linesOf = (rs: readonly JournalRecord[]) => rs.map((r) => `${r.k} rq ${r.rq}${'group' in r && r.group ? ` ${r.group}` : ''}${'result' in r ? ` ${r.result}` : ''}${'action' in r ? ` ${r.action}: ${r.reason}` : ''}`).join('; ');
    console.log(
      `kill -9 mid-TWAP: killed with ${atKill.children.length} children journaled (${inFlightAtKill.length ? `${inFlightAtKill.join(', ')} in flight` : 'none in flight'}); ` +
        `order journal at the kill: ${linesOf(ordersAtKill)}; ` +
        `after the restart: ${done.children.map(outcome).join('; ')}; ended: ${done.reason}; executed [${executed.join(',')}], filled ${filled}/${TARGET}`,
    );
    // Nothing executed that is no child's; each slice at most once on the exchange, and none skipped: a slice
    // killed before its frame reached the exchange is sent again (child-outcome.ts rule 5). Only a TWAP that ran
    // out of time leaves a slice unsent, and says so.
    const childRqs = done.children.flatMap((c) => c.rqs);
    expect(executed.filter((rq) => !childRqs.includes(rq)), 'executed, no child').toEqual([]);
    const timeOver = done.reason.startsWith('time over');
    for (let slice = 0; slice < SLICES; slice++) {
      const rqs = done.children.filter((c) => c.slice === slice).flatMap((c) => c.rqs);
      const times = executed.filter((rq) => rqs.includes(rq)).length;
      expect(times, `slice ${slice + 1}`).toBeLessThanOrEqual(1);
      if (!timeOver) expect(times, `slice ${slice + 1}`).toBe(1);
    }
    // Never over the target, the position is what the journal says filled, and a shortfall (an IOC against a
    // thin side, or time over) ends the TWAP incomplete naming what is left.
    expect(filled).toBeLessThanOrEqual(TARGET);
    expect(BTC()).toBe(filled);
    expect(done).toMatchObject({ status: 'ended', complete: filled === TARGET });
    if (filled < TARGET) expect(done.reason).toContain(`${sizeText(TARGET - filled, BTC_WORDS)} left unfilled`);
  }, 90_000);
});
