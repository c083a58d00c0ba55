// The config's guards at the one order path, against the local exchange: every request the commands build
// (place from the form or the `:` line, amend, an algo's child, a close) passes the order engine's guard
// check before the journal; a refusal is 'invalid' with the guard's words and nothing reaches the wire.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_GUARDS, type GuardLimits } from '../../src/domain/guards/guard-limits.js';
import { notionalAtoms } from '../../src/domain/trading/notional.js';
import { scalesOf } from '../../src/domain/trading/account-figures.js';
import type { CommandOutcome, TradingCommands } from '../../src/domain/trading/commands.js';
import { OrderStatus } from '../../src/protocol/enums.js';
import { watchDailyLossFlatten } from '../../src/client/guards/daily-loss-flatten.js';
import { type AlgoClient, fastTimers, startAlgoClient } from './algo-client.js';
import { type Trader, top, until, useTestExchange } from './harness.js';

const ex = useTestExchange('BTC');
const USD = 1_000_000n;

/** A trader whose engine holds `limits`, the day's net read from `net` (a test moves it). */
function guarded(limits: Partial<GuardLimits>, net: { value: bigint | null } = { value: 0n }) {
  const guards = { limits: { ...NO_GUARDS, ...limits }, dailyNet: () => net.value };
  return { guards, referencePrice: (id: number) => ex.h.sim.control.engine.marketState(id)?.mrk };
}

/** Size units worth about `usd` at `price`. */
function sizeWorth(usd: bigint, price: number): number {
  const perUnit = notionalAtoms(price, 1, scalesOf(ex.market));
  return Number((usd * USD) / perUnit);
}

function expectGuardRefusal(out: CommandOutcome, words: RegExp, t: Trader, sentBefore: number): void {
  expect(out.ok).toBe(false);
  expect(out.results[0]).toMatchObject({ kind: 'invalid', rq: 0 });
  expect(out.message).toMatch(words);
  // Refused before the journal: the engine followed no new request.
  expect(t.engine.views()).toHaveLength(sentBefore);
}

/** An algo client on a fresh account whose engine holds `engine`, with each child's outcome as the runner placed it. */
async function watchedAlgoClient(home: string, engine: ReturnType<typeof guarded>) {
  const children: Promise<CommandOutcome>[] = [];
  // Every child the runner places, seen on its way to the real commands.
  const wrap = (c: TradingCommands): TradingCommands =>
    new Proxy(c, {
      get: (target, name, receiver) =>
        name === 'place'
          ? (p: Parameters<TradingCommands['place']>[0]) => {
              const h = target.place(p);
              children.push(h.outcome);
              return h;
            }
          : (Reflect.get(target, name, receiver) as unknown),
    });
  const client = await startAlgoClient(ex.h, home, { timers: fastTimers(20), wrap, engine });
  return { client, children };
}

/** A two-slice TWAP of `size` on `side` (slip bound), started and running; its id. */
function startTwap(client: AlgoClient, side: 'long' | 'short', size: number): string {
  const started = client.runner.startTwap({ marketId: ex.market.id, side, size, durationMs: 10_000, slices: 2, jitterBps: 0, bound: { kind: 'slip', bps: 100 }, leverage: 500 });
  if ('refused' in started) throw new Error(started.refused);
  client.runner.start();
  return started.id;
}

/** Until the algo `id` has ended (failed, or done). */
async function algoEnded(client: AlgoClient, id: string): Promise<void> {
  await until(() => client.runner.views().find((v) => v.id === id)?.status !== 'running', `the algo ${id} to end`);
}

function stopAlgoClient(client: AlgoClient, home: string): void {
  client.runner.stop();
  client.trader.stop();
  client.journal.close();
  rmSync(home, { recursive: true, force: true });
}

describe('guards at the order path', () => {
  it('place-over-max-order-notional-refused-before-the-wire', async () => {
    const t = await ex.traders.start(ex.h, { engine: guarded({ maxOrderNotional: 1_000n * USD }) });
    const price = top(ex.h, ex.market.id).bid - 2_000;
    const out = await t.commands.place({ marketId: ex.market.id, kind: 'limit', side: 'long', size: sizeWorth(1_500n, price), price, leverage: 500 }).outcome;
    expectGuardRefusal(out, /^guard: order notional 1,[45]\d\d(\.\d\d)? USD over maxOrderNotional 1,000$/, t, 0);
    // Under the limit it goes.
    const ok = await t.commands.place({ marketId: ex.market.id, kind: 'limit', side: 'long', size: sizeWorth(500n, price), price, leverage: 500 }).outcome;
    expect(ok.results[0]).toMatchObject({ kind: 'definitive', st: OrderStatus.Open });
    await t.commands.cancelAll(ex.market.id).outcome;
  });

  it('guard-refusal-not-told-to-the-notifier: the engine hands each refusal, by guard, to the guards\' listener', async () => {
    const told: string[] = [];
    const engine = guarded({ maxOrderNotional: 1_000n * USD });
    const t = await ex.traders.start(ex.h, { engine: { ...engine, guards: { ...engine.guards, refused: (r) => told.push(...r.map((x) => x.guard)) } } });
    const price = top(ex.h, ex.market.id).bid - 2_000;
    await t.commands.place({ marketId: ex.market.id, kind: 'limit', side: 'long', size: sizeWorth(1_500n, price), price, leverage: 500 }).outcome;
    expect(told).toEqual(['orderNotional']);
  });

  it('amend-raising-size-over-the-guard-refused-a-smaller-one-goes', async () => {
    const t = await ex.traders.start(ex.h, { engine: guarded({ maxOrderNotional: 1_000n * USD }) });
    const price = top(ex.h, ex.market.id).bid - 2_000;
    const size = sizeWorth(600n, price);
    const placed = await t.commands.place({ marketId: ex.market.id, kind: 'limit', side: 'long', size, price, leverage: 500 }).outcome;
    const oid = placed.results[0]!.oid!;
    await until(() => t.session.state.orders.get(oid), 'the resting order');
    const sent = t.engine.views().length;
    expectGuardRefusal(await t.commands.change(oid, { size: size * 2 }).outcome, /^guard: order notional .* over maxOrderNotional 1,000$/, t, sent);
    const smaller = await t.commands.change(oid, { size: Math.floor(size / 2) }).outcome;
    expect(smaller.results[0]?.kind).toBe('definitive');
    await t.commands.cancelAll(ex.market.id).outcome;
  });

  it('max-position-counts-resting-same-side-orders', async () => {
    const t = await ex.traders.start(ex.h, { engine: guarded({ maxPositionNotional: 1_000n * USD }) });
    const price = top(ex.h, ex.market.id).bid - 2_000;
    const first = await t.commands.place({ marketId: ex.market.id, kind: 'limit', side: 'long', size: sizeWorth(700n, price), price, leverage: 500 }).outcome;
    await until(() => t.session.state.orders.get(first.results[0]!.oid!), 'the resting order');
    // 700 resting + 400 more = 1,100 over 1,000, though neither order is over it alone.
    const second = await t.commands.place({ marketId: ex.market.id, kind: 'limit', side: 'long', size: sizeWorth(400n, price), price, leverage: 500 }).outcome;
    expectGuardRefusal(second, /^guard: BTC position would be 1,\d{3}(\.\d\d)? USD with resting orders, over maxPositionNotional 1,000$/, t, 1);
    await t.commands.cancelAll(ex.market.id).outcome;
  });

  it('daily-loss-reached-refuses-opens-and-lets-the-close-through', async () => {
    const net = { value: 0n as bigint | null };
    const t = await ex.traders.start(ex.h, { engine: guarded({ maxDailyLoss: 500n * USD }, net) });
    const opened = await t.commands.place({ marketId: ex.market.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
    expect(opened.results[0]).toMatchObject({ kind: 'definitive', st: OrderStatus.Filled });
    const pos = await until(() => [...t.session.state.positions.values()].find((p) => p.mkt === ex.market.id), 'the position');
    net.value = -501n * USD;
    const sent = t.engine.views().length;
    const more = await t.commands.place({ marketId: ex.market.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
    expectGuardRefusal(more, /^guard: daily loss 501 USD reached maxDailyLoss 500: only closes and reduce-only orders until the day starts \(00:00\)$/, t, sent);
    // Unknown (history not loaded) refuses opens too.
    net.value = null;
    expect((await t.commands.place({ marketId: ex.market.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome).message).toMatch(/^guard: daily loss unknown yet/);
    const closed = await t.commands.close(pos.pid, { kind: 'market' }).outcome;
    expect(closed.results[0]).toMatchObject({ kind: 'definitive', st: OrderStatus.Filled });
  });

  it('algo-child-refused-by-the-guard-through-trading-commands', async () => {
    const home = mkdtempSync(join(tmpdir(), 'perpl-guards-algo-'));
    const { client, children } = await watchedAlgoClient(home, guarded({ maxOrderNotional: 100n * USD }));
    try {
      const mark = ex.h.sim.control.engine.marketState(ex.market.id)!.mrk;
      // Two slices of about 500 USD each: every child is over the 100 USD guard.
      startTwap(client, 'long', sizeWorth(1_000n, mark));
      await until(() => children.length > 0, 'the first child');
      const first = await children[0]!;
      expect(first.results[0]).toMatchObject({ kind: 'invalid', rq: 0 });
      expect(first.message).toMatch(/^guard: order notional .* USD over maxOrderNotional 100$/);
      expect(client.trader.engine.views()).toHaveLength(0);
    } finally {
      stopAlgoClient(client, home);
    }
  });

  it('daily-loss-flatten-runs-the-panic-path-once-not-on-a-second-crossing', async () => {
    const net = { value: 0n as bigint | null };
    const { guards } = guarded({ maxDailyLoss: 500n * USD, onDailyLoss: 'flatten' }, net);
    const t = await ex.traders.start(ex.h, { engine: { guards } });
    // Each call of the panic path (the record), and the outcomes it came to.
    let panicCalls = 0;
    const panics: CommandOutcome[] = [];
    const stop = watchDailyLossFlatten({
      session: t.session,
      limits: guards.limits,
      dailyNet: guards.dailyNet,
      panic: () => {
        panicCalls += 1;
        const h = t.commands.panic();
        void h.outcome.then((o) => panics.push(o));
        return h;
      },
      note: (text) => t.engine.note(text),
    });
    try {
      await t.commands.place({ marketId: ex.market.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
      await until(() => t.session.state.positions.size > 0, 'the position');
      net.value = -600n * USD;
      await until(() => panics.length === 1 && t.session.state.positions.size === 0, 'the panic to flatten');
      expect(t.engine.journalEntries().filter((e) => e.text.startsWith('guard: daily loss 600 USD reached maxDailyLoss 500: flattening'))).toHaveLength(1);
      // A second crossing the same day: open again, back under the limit, over it again; blocks pass (the check runs on each).
      net.value = 0n;
      await t.commands.place({ marketId: ex.market.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
      await until(() => t.session.state.positions.size > 0, 'the second position');
      net.value = -700n * USD;
      const head = t.session.head ?? 0;
      await until(() => (t.session.head ?? 0) >= head + 5, 'five blocks');
      expect(panicCalls).toBe(1);
      expect(t.session.state.positions.size).toBe(1);
      expect(t.engine.journalEntries().filter((e) => e.text.startsWith('guard: daily loss'))).toHaveLength(1);
    } finally {
      stop();
      const pos = [...t.session.state.positions.values()][0];
      if (pos) await t.commands.close(pos.pid, { kind: 'market' }).outcome;
    }
  });
});

// The position and daily-loss guards on the paths beside placement: an amend that makes a resting open bigger,
// and an algo's child (a TWAP through TradingCommands); what takes risk off (a smaller amend, a close, a TWAP
// against the position) still goes.
describe('position and daily-loss guards on amend and algo children', () => {
  it('amend-growing-an-order-past-max-position-refused-a-smaller-one-goes', async () => {
    const t = await ex.traders.start(ex.h, { engine: guarded({ maxPositionNotional: 1_000n * USD }) });
    const price = top(ex.h, ex.market.id).bid - 2_000;
    const size = sizeWorth(600n, price);
    const placed = await t.commands.place({ marketId: ex.market.id, kind: 'limit', side: 'long', size, price, leverage: 500 }).outcome;
    const oid = placed.results[0]!.oid!;
    await until(() => t.session.state.orders.get(oid), 'the resting order');
    const sent = t.engine.views().length;
    // 600 grown to 1,200: over 1,000 though the order alone was not.
    expectGuardRefusal(await t.commands.change(oid, { size: size * 2 }).outcome, /^guard: BTC position would be 1,\d{3}(\.\d\d)? USD with resting orders, over maxPositionNotional 1,000$/, t, sent);
    const smaller = await t.commands.change(oid, { size: Math.floor(size / 2) }).outcome;
    expect(smaller.results[0]?.kind).toBe('definitive');
    await t.commands.cancelAll(ex.market.id).outcome;
  });

  it('amend-growing-an-order-after-the-daily-loss-refused-a-smaller-one-and-the-close-go', async () => {
    const net = { value: 0n as bigint | null };
    const t = await ex.traders.start(ex.h, { engine: guarded({ maxDailyLoss: 500n * USD }, net) });
    await t.commands.place({ marketId: ex.market.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
    const pos = await until(() => [...t.session.state.positions.values()].find((p) => p.mkt === ex.market.id), 'the position');
    const price = top(ex.h, ex.market.id).bid - 2_000;
    const placed = await t.commands.place({ marketId: ex.market.id, kind: 'limit', side: 'long', size: 200, price, leverage: 500 }).outcome;
    const oid = placed.results[0]!.oid!;
    await until(() => t.session.state.orders.get(oid), 'the resting order');
    net.value = -600n * USD;
    const sent = t.engine.views().length;
    expectGuardRefusal(await t.commands.change(oid, { size: 400 }).outcome, /^guard: daily loss 600 USD reached maxDailyLoss 500: only closes/, t, sent);
    expect((await t.commands.change(oid, { size: 100 }).outcome).results[0]?.kind).toBe('definitive');
    await t.commands.cancelAll(ex.market.id).outcome;
    expect((await t.commands.close(pos.pid, { kind: 'market' }).outcome).results[0]).toMatchObject({ kind: 'definitive', st: OrderStatus.Filled });
  });

  /**
   * A long opened under the guard, a TWAP long whose children the guard refuses (nothing sent), then a TWAP short
   * of the long's size whose children go and flatten it. `overGuard` turns the guard on after the long is open.
   */
  async function twapRefusedThenReduceGoes(engine: ReturnType<typeof guarded>, openUsd: bigint, twapUsd: bigint, words: RegExp, overGuard: () => void): Promise<void> {
    const home = mkdtempSync(join(tmpdir(), 'perpl-guards-algo-'));
    const { client, children } = await watchedAlgoClient(home, engine);
    const t = client.trader;
    try {
      const mark = ex.h.sim.control.engine.marketState(ex.market.id)!.mrk;
      const opened = await t.commands.place({ marketId: ex.market.id, kind: 'market', side: 'long', size: sizeWorth(openUsd, mark), leverage: 500 }).outcome;
      expect(opened.results[0]).toMatchObject({ kind: 'definitive', st: OrderStatus.Filled });
      const pos = await until(() => [...t.session.state.positions.values()].find((p) => p.mkt === ex.market.id), 'the position');
      overGuard();
      const opening = startTwap(client, 'long', sizeWorth(twapUsd, mark));
      await algoEnded(client, opening);
      // The refused child ends the TWAP, which says why.
      expect(client.runner.views().find((v) => v.id === opening)).toMatchObject({ status: 'ended', filled: 0, reason: expect.stringMatching(/^child refused: guard: /) });
      expect(children.length).toBeGreaterThan(0);
      for (const child of await Promise.all(children)) {
        expect(child.results[0]).toMatchObject({ kind: 'invalid', rq: 0 });
        expect(child.message).toMatch(words);
      }
      // Only the opening market order was ever journaled.
      expect(t.engine.views()).toHaveLength(1);
      const refused = children.length;
      await algoEnded(client, startTwap(client, 'short', pos.s));
      expect(children.length).toBe(refused + 2);
      for (const child of await Promise.all(children.slice(refused))) expect(child.results[0]?.kind).toBe('definitive');
      await until(() => !t.session.state.positions.has(pos.pid), 'the long flattened by the TWAP');
    } finally {
      stopAlgoClient(client, home);
    }
  }

  it('algo-child-over-max-position-refused-a-reducing-twap-goes', async () => {
    // 600 held + a child of about 1,000 is over 1,000.
    await twapRefusedThenReduceGoes(guarded({ maxPositionNotional: 1_000n * USD }), 600n, 2_000n, /^guard: BTC position would be .* USD with resting orders, over maxPositionNotional 1,000$/, () => {});
  });

  it('algo-child-after-the-daily-loss-refused-a-reducing-twap-goes', async () => {
    const net = { value: 0n as bigint | null };
    await twapRefusedThenReduceGoes(guarded({ maxDailyLoss: 500n * USD }, net), 200n, 200n, /^guard: daily loss 600 USD reached maxDailyLoss 500: only closes/, () => {
      net.value = -600n * USD;
    });
  });
});
