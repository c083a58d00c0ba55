// kill -9 in the middle of placing, cancelling and amending: a child process runs the trading client
// (journal on disk) in a loop against this test's exchange and is SIGKILLed at a random step. A new
// engine restarted on the same journal must resolve every intent the dead one left open, and the
// exchange must show nothing executed twice and nothing executed that was not journaled first; the
// restarted engine's snapshots equal the ledger. Each kill lands right after a place, a cancel or an
// amend went out (the bot freezes there), so every round has that request open in the journal.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal, type JournalRecord, journalPath } from '../../src/client/trading/journal.js';
import { ScopeMask } from '../../src/protocol/enums.js';
import { type SimHandle, live, startTestSim, startTrader, until } from '../trading/harness.js';

const ROOT = resolve(import.meta.dirname, '../..');
const LONG = process.env.PERPL_CHAOS === 'long';
const ROUNDS = LONG ? 9 : 3;
const FREEZE_KINDS = ['place', 'cancel', 'amend'] as const;

let h: SimHandle;
let home: string;
let child: ChildProcess | null = null;
beforeAll(async () => {
  h = await startTestSim({ seed: 41 });
  home = mkdtempSync(join(tmpdir(), 'perpl-kill9-'));
}, 30_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await h?.stop();
  rmSync(home, { recursive: true, force: true });
});

/** Runs the bot until it froze right after sending a request, then SIGKILLs it; returns the steps it printed. */
async function runAndKill(env: NodeJS.ProcessEnv): Promise<string[]> {
  // One process (node with the tsx loader), not the tsx wrapper: SIGKILL must hit the trader itself.
  const proc = spawn(process.execPath, ['--import', 'tsx', 'test/reliability/fixtures/trader-loop.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  let out = '';
  let err = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<NodeJS.Signals | null>((r) => proc.on('exit', (_code, signal) => r(signal)));
  try {
    await until(() => /^FROZEN /m.test(out), `the bot to freeze after a request (stderr: ${err.slice(-300)})`, 60_000);
  } finally {
    proc.kill('SIGKILL');
  }
  expect(await exited).toBe('SIGKILL');
  child = null;
  return out.split('\n').filter((l) => l.startsWith('STEP '));
}

describe('kill -9 mid-trading, restart on the same journal', () => {
  it('nothing lost (every intent resolved after restart) and nothing duplicated (each intent executes at most once)', async () => {
    const control = h.sim.control;
    const w = control.createWallet({ orderForwarding: true });
    const accountId = w.accountId!;
    const key = control.issueKey({ address: w.address, scopeMask: ScopeMask.ReadTrade });
    const path = journalPath('local', accountId, { PERPL_HOME: home });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PERPL_HOME: home,
      PERPL_TEST_REST: h.sim.rest,
      PERPL_TEST_WS: h.sim.ws,
      PERPL_TEST_CHAIN: String(h.sim.chainId),
      PERPL_TEST_ACCOUNT: String(accountId),
      PERPL_TEST_API_KEY: key.apiKey,
      PERPL_TEST_SEED_HEX: key.seedHex,
    };
    const kinds = new Map<string, number>();
    // Every record any read below saw: each open compacts the journal to what is unresolved (plus the
    // highest rq), so what earlier runs resolved is checked from here.
    const seen = new Set<string>();
    const history: JournalRecord[] = [];
    const remember = (rs: readonly JournalRecord[]): void => {
      for (const r of rs) {
        const id = JSON.stringify(r);
        if (seen.has(id)) continue;
        seen.add(id);
        history.push(r);
      }
    };
    const killedAt: string[] = [];
    let recoveredTotal = 0;
    for (let round = 0; round < ROUNDS; round++) {
      control.resumeFlow();
      // Killed in the middle of placing, then cancelling, then amending (and round again in the long run).
      const freezeKind = FREEZE_KINDS[round % FREEZE_KINDS.length]!;
      const freezeAfter = 8 + Math.floor(Math.random() * 25);
      const done = await runAndKill({ ...env, PERPL_TEST_SEED: String(1_000 + round), PERPL_TEST_FREEZE_KIND: freezeKind, PERPL_TEST_FREEZE_AFTER: String(freezeAfter) });
      for (const l of done) kinds.set(l.split(' ')[2]!, (kinds.get(l.split(' ')[2]!) ?? 0) + 1);
      const last = done.at(-1)?.split(' ')[2];
      killedAt.push(last ?? '?');
      expect(last === 'cancel' || last === 'amend' ? last : 'place').toBe(freezeKind);

      // What the dead process left: intents with a request journaled but no resolution, the last one among them.
      const records = Journal.read(path);
      remember(records);
      const resolvedKeys = new Set(records.filter((r) => r.k === 'resolved').map((r) => r.key));
      const open = new Set(records.filter((r) => r.k === 'request' && !resolvedKeys.has(r.key)).map((r) => r.key));
      const lastRequest = records.filter((r) => r.k === 'request').at(-1);
      expect(lastRequest && open.has(lastRequest.key)).toBe(true);
      recoveredTotal += open.size;

      // Restart: a new engine on the same journal resolves them all.
      const t = startTrader(h, { wallet: { address: w.address, accountId }, engine: { journal: { network: 'local', path } } });
      try {
        await live(t);
        await until(() => t.engine.lockReason() === null && t.engine.pending().length === 0, 'the recovered requests to resolve', 40_000);
        const after = Journal.read(path);
        remember(after);
        const nowResolved = new Set(after.filter((r) => r.k === 'resolved').map((r) => r.key));
        expect([...open].filter((k) => !nowResolved.has(k))).toEqual([]);

        // Nothing duplicated: each rq executed once, each intent (key) at most once, all journaled first.
        const executed = control.engine.executedRequests(accountId);
        expect(executed.length - new Set(executed).size).toBe(0);
        const rqsByKey = new Map<string, Set<number>>();
        for (const r of history) if (r.k === 'request') rqsByKey.set(r.key, (rqsByKey.get(r.key) ?? new Set()).add(r.rq));
        const journaled = new Set([...rqsByKey.values()].flatMap((s) => [...s]));
        expect(executed.filter((rq) => !journaled.has(rq))).toEqual([]);
        for (const [k, rqs] of rqsByKey) expect({ key: k, landed: [...rqs].filter((rq) => executed.includes(rq)).length }).toEqual({ key: k, landed: Math.min(1, [...rqs].filter((rq) => executed.includes(rq)).length) });

        // The restarted engine's snapshots equal the ledger.
        control.pauseFlow();
        const ledger = () => {
          const l = control.engine.ledger(accountId);
          return { b: l.balance, lb: l.locked, o: l.orders.map((o) => `${o.oid}:${o.st}:${o.fs}:${o.p ?? 0}`).sort(), p: l.positions.map((p) => `${p.pid}:${p.s}:${p.c}`).sort() };
        };
        const mine = () => {
          const st = t.session.state;
          return { b: st.account?.b, lb: st.account?.lb, o: [...st.orders.values()].map((o) => `${o.oid}:${o.st}:${o.fs}:${o.p ?? 0}`).sort(), p: [...st.positions.values()].map((p) => `${p.pid}:${p.s}:${p.c}`).sort() };
        };
        await until(() => JSON.stringify(ledger()) === JSON.stringify(mine()), 'the snapshots to equal the ledger', 10_000).catch(() => undefined);
        expect(mine()).toEqual(ledger());
      } finally {
        t.stop();
      }
    }
    const records = history;
    console.log(
      `kill -9: ${ROUNDS} kills (in the middle of ${killedAt.join(', ')}), bot steps ${[...kinds].map(([k, v]) => `${k} ${v}`).join(', ')}, ` +
        `${records.filter((r) => r.k === 'request').length} requests journaled, ${recoveredTotal} open at a kill and resolved after restart, ` +
        `${control.engine.executedRequests(accountId).length} executed, duplicates 0`,
    );
  }, 300_000);
});
