// The real terminal app (store, publishers, market-data and trading sessions with the demo key, Ink
// screen in an emulated terminal) against the local exchange's socket fault profiles, placing orders
// through the app's own trading commands. During each run the health shown must leave "live" for the
// faults that break the feed (sampled from the store and the screen), and whenever the trading health
// shown is not live the order lock must be shown too and a send must be refused. Afterwards, with faults
// off and the flow paused: the app is live, its book equals the exchange's (sorted, uncrossed), its
// orders, positions and balance equal the ledger, nothing executed twice, and the app never exited.
// Short by default; PERPL_CHAOS=long runs minutes per profile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionHealth } from '../../src/domain/views.js';
import { type RunningSim, startSim } from '../../src/sim/index.js';
import type { FaultSpec } from '../../src/sim/faults/profiles.js';
import { FAULT_PROFILES } from '../../src/sim/faults/profiles.js';
import { eventually, sleep } from '../helpers/terminal.js';
import type { CommandHandle } from '../../src/domain/trading/commands.js';
import { runAppInTerminal, type RunningApp } from '../helpers/terminal-app.js';
import { LONG, record, summary } from './figures.js';

interface AppRun {
  spec: FaultSpec;
  ms: number;
  /** The feed must visibly leave "live" during this run. */
  degrades: boolean;
}
const SHORT: AppRun[] = [
  { spec: { name: 'drops', drop: 0.3 }, ms: 1_500, degrades: true },
  { spec: { name: 'gaps', gap: 0.2 }, ms: 1_500, degrades: true },
  { spec: { name: 'malformed', garbage: 0.2 }, ms: 1_500, degrades: false },
  // The app calls the feed stale after half its 10 s stall limit: a 6 s stall must show it.
  { spec: { name: 'stalls', stall: 0.5, stallMs: 6_000 }, ms: 1_000, degrades: true },
  // The trading socket's faults reach the app too: 3401 mid-session, lost acks and updates, duplicates.
  { spec: { name: 'trading', authClose: 0.05, lostAck: 0.4, lostUpdate: 0.4, dupe: 0.3, dupeDelayMs: 200 }, ms: 2_000, degrades: false },
];
const LONG_RUNS: AppRun[] = ['drops', 'gaps', 'stalls', 'malformed', 'dupes', 'chaos'].map((n) => ({
  spec: FAULT_PROFILES[n]!,
  ms: n === 'chaos' ? 120_000 : 40_000,
  degrades: n !== 'malformed' && n !== 'dupes',
}));
const RUNS = LONG ? LONG_RUNS : SHORT;
const NOT_LIVE_BADGES = ['◌ resyncing', '◌ stale', '✕ disconnected', '○ connecting'];

let sim: RunningSim;
let home: string;
let r: RunningApp;
let exited = false;
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-app-chaos-'));
  sim = await startSim({ like: 'classic', port: 0, home, quiet: true, blockMs: 100, seed: 5, flowStepsPerSec: 30 });
  r = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, 120, 32, undefined, { keyFile: sim.demoKeyFile, home });
  void r.app.done.then(() => (exited = true));
  await r.vt.waitFor((s) => s.includes('● live') && s.includes('spread '), 15_000);
  await eventually(() => r.app.store.getState().trading.account !== null && r.app.store.getState().trading.lockReason === null, 15_000, 'trading unlocked');
}, 30_000);
afterAll(async () => {
  console.log(summary('app chaos'));
  await r?.close();
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

function bookMatchesExchange(): boolean {
  const st = r.app.store.getState();
  if (st.connection.health !== 'live' || !st.book || !st.market) return false;
  const ex = sim.control.engine.book(st.market.id, 1);
  return st.book.asks[0]?.price === ex.ask[0]?.p && st.book.bids[0]?.price === ex.bid[0]?.p;
}

describe(`the app under socket faults (${LONG ? 'long' : 'short'})`, () => {
  for (const run of RUNS) {
    it(`${run.spec.name}: shows not-live and locks orders meanwhile, never exits, ends live with the exchange's book and ledger, nothing executed twice`, async ({ task }) => {
      const control = sim.control;
      control.resumeFlow();
      const faultsBefore = control.faultLog().length;
      const seen = new Set<ConnectionHealth>();
      let transitions = 0;
      let last = r.app.store.getState().connection.health;
      let unlockedWhileNotLive = 0;
      let tradingNotLive = 0;
      const unsubscribe = r.app.store.subscribe((s) => {
        const th = s.trading.health?.health;
        if (th !== undefined && th !== 'live') {
          tradingNotLive++;
          if (s.trading.lockReason === null) unlockedWhileNotLive++;
        }
        seen.add(s.connection.health);
        if (last !== 'live' && s.connection.health === 'live') transitions++;
        last = s.connection.health;
      });
      const badges = new Set<string>();
      const sampler = setInterval(() => {
        const screen = r.vt.screenText();
        for (const b of NOT_LIVE_BADGES) if (screen.includes(b)) badges.add(b);
      }, 40);
      const started = Date.now();
      control.setFaults(run.spec);
      const handles: CommandHandle[] = [];
      let refused = 0;
      let sentWhileLocked = 0;
      try {
        const until = Date.now() + run.ms;
        let i = 0;
        while (Date.now() < until) {
          await sleep(120);
          const commands = r.app.services.trading?.() ?? null;
          const market = r.app.store.getState().market;
          if (!commands || !market) continue;
          const locked = r.app.store.getState().trading.lockReason !== null;
          const h = commands.place({ marketId: market.id, kind: 'market', side: i++ % 2 === 0 ? 'long' : 'short', size: 100, leverage: 500 });
          // The store copy may lag the engine by a publish tick: judge a locked send by the engine's verdict.
          if (locked && h.rqs().length > 0 && commands.locks().length > 0) sentWhileLocked++;
          if (h.rqs().length === 0) refused++;
          else handles.push(h);
        }
      } finally {
        control.setFaults('none');
      }
      const chaosMs = Date.now() - started;
      // A fault that breaks the feed shows after it is injected, not within the run: a stall begun in the
      // last block is called stale 5 s later. Sample until the market-data socket's faults have shown (or
      // 20 s), so a fast run cannot end the sampling before the screen had a chance to say so.
      const feedFaults = () => control.faultLog().slice(faultsBefore).filter((f) => f.socket.startsWith('md-') && f.kind !== 'drop-going-away');
      if (run.degrades && feedFaults().length > 0) {
        await eventually(() => [...seen].some((h) => h !== 'live') && badges.size > 0, 20_000, 'the feed fault to show').catch(() => undefined);
      }
      // A stall already begun runs its course: wait for the feed to be live again, then freeze the book.
      await r.vt.waitFor('● live', 30_000);
      control.pauseFlow();
      try {
        await r.vt.waitFor(() => bookMatchesExchange(), 15_000).catch(() => undefined);
        clearInterval(sampler);
        unsubscribe();
        const matches = bookMatchesExchange();
        const faults = control.faultLog().slice(faultsBefore);
        // Trading: every request settled, the store's account equals the ledger, nothing executed twice.
        await eventually(() => r.app.store.getState().trading.inFlight === 0 && r.app.store.getState().trading.lockReason === null, 40_000, 'trading to settle');
        const accountId = r.app.store.getState().trading.account!.accountId;
        const ledger = () => {
          const l = control.engine.ledger(accountId);
          return { b: l.balance, o: l.orders.map((o) => o.oid).sort(), p: l.positions.map((p) => `${p.pid}:${p.s}`).sort() };
        };
        const shown = () => {
          const t = r.app.store.getState().trading;
          return { b: t.account?.balance, o: t.orders.map((o) => o.orderId).sort(), p: t.positions.map((p) => `${p.positionId}:${p.size}`).sort() };
        };
        await eventually(() => JSON.stringify(ledger()) === JSON.stringify(shown()), 10_000, 'the app to show the ledger').catch(() => undefined);
        const tradingMatches = JSON.stringify(ledger()) === JSON.stringify(shown());
        const executed = control.engine.executedRequests(accountId);
        const duplicates = executed.length - new Set(executed).size + handles.filter((h) => h.rqs().filter((rq) => executed.includes(rq)).length > 1).length;
        record({
          name: `app ${run.spec.name}`,
          chaosMs,
          faults,
          reconnects: transitions,
          ordersSent: handles.reduce((n, h) => n + h.rqs().length, 0),
          refusedWhileLocked: refused,
          duplicates,
          mismatches: (matches ? 0 : 1) + (tradingMatches ? 0 : 1),
          staleSamples: badges.size + tradingNotLive,
        }, task);

        expect(exited).toBe(false);
        expect(faults.length).toBeGreaterThan(0);
        expect(matches).toBe(true);
        expect(shown()).toEqual(ledger());
        expect(duplicates).toBe(0);
        expect(unlockedWhileNotLive).toBe(0);
        expect(sentWhileLocked).toBe(0);
        expect(handles.length).toBeGreaterThan(0);
        const book = r.app.store.getState().book!;
        const asks = book.asks.map((x) => x.price);
        const bids = book.bids.map((x) => x.price);
        expect(asks).toEqual([...asks].sort((a, b) => a - b));
        expect(bids).toEqual([...bids].sort((a, b) => b - a));
        if (asks.length > 0 && bids.length > 0) expect(bids[0]!).toBeLessThan(asks[0]!);
        // A 1001 "going away" reconnects at once and resyncs within one publish tick on loopback (nothing
        // to show); every other fault of these profiles keeps the feed down long enough to be seen.
        const visible = feedFaults().length > 0;
        if (run.degrades && visible) {
          expect([...seen].some((h) => h !== 'live')).toBe(true);
          expect(badges.size).toBeGreaterThan(0);
        }
      } finally {
        control.resumeFlow();
      }
    }, run.ms + 90_000);
  }
});
