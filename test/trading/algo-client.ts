// A headless algo client on the local exchange: a trader (session, order engine journaling to
// <home>/journal.ndjson, commands) and an AlgoRunner journaling to <home>/algos/local-<account>.ndjson (as $PERPL_HOME). `crash()` is an abrupt
// exit: nothing is cleaned up on the algo side (its lock file is left behind, owned by a pid that no
// longer runs), and nothing of this client acts again; a new client on the same home is the restart.

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AlgoJournal, algoJournalPath } from '../../src/client/algos/algo-journal.js';
import { AlgoRunner } from '../../src/client/algos/algo-runner.js';
import { tradingAlgoReads } from '../../src/client/algos/trading-reads.js';
import { findOrderByRq } from '../../src/client/history/loaders.js';
import type { TradingCommands } from '../../src/domain/trading/commands.js';
import type { Timers } from '../../src/lib/timers.js';
import { type SimHandle, type Trader, type TraderOptions, live, startTrader } from './harness.js';

export interface AlgoClient {
  trader: Trader;
  runner: AlgoRunner;
  journal: AlgoJournal;
  /** $PERPL_HOME/algos/local-<account>.ndjson under the client's home. */
  algoPath: string;
  /** The process dies here: no cleanup, no further action. */
  crash(): void;
}

/** A clock running `speed` times faster than the wall from now on: TWAP schedules pass in a fraction of the time. */
export function fastTimers(speed: number): Timers {
  const origin = Date.now();
  return {
    now: () => origin + (Date.now() - origin) * speed,
    setTimeout: (fn, ms) => setTimeout(fn, Math.ceil(ms / speed)),
    clearTimeout: (t) => clearTimeout(t),
  };
}

/** A pid no process holds: what a killed process leaves in its lock file. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

export async function startAlgoClient(
  h: SimHandle,
  home: string,
  opts: { wallet?: { address: string; accountId: number }; timers: Timers; wrap?: (c: TradingCommands, crash: () => void, trader: Trader) => TradingCommands; engine?: TraderOptions['engine'] },
): Promise<AlgoClient> {
  const orderJournalPath = join(home, 'journal.ndjson');
  const trader = startTrader(h, { ...(opts.wallet ? { wallet: opts.wallet } : {}), engine: { ...opts.engine, journal: { network: 'local', path: orderJournalPath } } });
  await live(trader);
  const algoPath = algoJournalPath('local', trader.accountId, { PERPL_HOME: home });
  const opened = AlgoJournal.open(algoPath, () => opts.timers.now());
  if ('refused' in opened) throw new Error(opened.refused);
  let crashed = false;
  const reads = tradingAlgoReads({
    session: trader.session,
    markets: trader.markets,
    mark: (id) => h.sim.control.engine.marketState(id)?.mrk,
    lookupOrderByRq: (rq) => findOrderByRq(trader.rest, trader.accountId, rq),
    orderJournalPath,
    bookTop: (id) => {
      const book = h.sim.control.engine.book(id, 1);
      return { bid: book.bid[0]?.p ?? null, ask: book.ask[0]?.p ?? null };
    },
  });
  const crash = (): void => {
    if (crashed) return;
    crashed = true;
    runner.stop();
    // Nothing this process had under way writes another line.
    opened.journal.append = () => {
      throw new Error('the process is dead');
    };
    trader.stop(); // the socket closes with the process; the order journal keeps every unresolved request
    writeFileSync(`${algoPath}.lock`, String(deadPid()));
  };
  const commands = opts.wrap ? opts.wrap(trader.commands, crash, trader) : trader.commands;
  const runner = new AlgoRunner({ commands, reads, journal: opened.journal, timers: opts.timers });
  await runner.resume(opened.contents.records);
  return { trader, runner, journal: opened.journal, algoPath, crash };
}
