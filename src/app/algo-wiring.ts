// The algo runner of the terminal's trading client: its journal beside the order journal (same home,
// network and account, opened once the account is known), the live marks and the wall clock, the
// unfinished algos of a previous run taken up (reconciled before anything is sent), stopped on quit.
// The screen drives it through AlgoControl and reads its rows (the store's `algos` slice).

import { AlgoJournal, algoJournalPath } from '../client/algos/algo-journal.js';
import { AlgoRunner, type AlgoReads } from '../client/algos/algo-runner.js';
import { algoChildOrders } from '../client/algos/child-orders.js';
import { algoOfChildGroup } from '../client/algos/child-outcome.js';
import { tradingAlgoReads } from '../client/algos/trading-reads.js';
import { findOrderByRq } from '../client/history/loaders.js';
import type { TradingClient } from '../client/trading/client.js';
import { journalPath } from '../client/trading/journal.js';
import type { AlgoControl, AlgoLine, AlgoRow } from '../domain/algos/algo-row.js';
import { AlgoLines } from '../client/algos/algo-lines.js';
import { ALGO_LINES_MAX } from '../state/algo-actions.js';
import { livePrice, type MarkSource } from '../domain/marks.js';
import { positionLiquidation } from '../domain/trading/risk.js';
import { userMessage } from '../protocol/errors.js';
import type { Market } from '../protocol/frames.js';
import type { RestClient } from '../transport/rest/client.js';
import { algoRows } from './algo-rows.js';
import { AlgoFillSums } from './algo-fill-sums.js';

export interface AlgoWiringOptions {
  client: TradingClient;
  rest?: RestClient;
  network: string;
  markets: () => readonly Market[];
  marks: MarkSource;
  env: NodeJS.ProcessEnv;
  /** The context's `max_account_trigger_orders` (a trail needs a free trigger slot); undefined: not known. */
  maxAccountTriggerOrders?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface AlgoWiring {
  control: AlgoControl;
  /** The rows the Algos tab shows, now. */
  rows(): AlgoRow[];
  /** The algos' own lines for the Journal, oldest first (the newest ALGO_LINES_MAX). */
  lines(): readonly AlgoLine[];
  stop(): void;
}

export function startAlgoWiring(o: AlgoWiringOptions): AlgoWiring {
  const { session, engine, commands } = o.client;
  const now = o.now ?? Date.now;
  const mark = (id: number): number | undefined => livePrice(o.marks.readMark(id)) ?? undefined;
  const market = (id: number): Market | undefined => o.markets().find((m) => m.id === id);
  /** The liquidation price the Positions row shows (risk.ts positionLiquidation): a trail's first stop must stay inside it. */
  const liquidation = (positionId: number): bigint | null => {
    const pos = session.state.positions.get(positionId);
    const m = pos && market(pos.mkt);
    return pos && m ? positionLiquidation(pos, m) : null;
  };
  let runner: AlgoRunner | null = null;
  let journal: AlgoJournal | null = null;
  let notReady = 'algos start once the account is known';
  let stopped = false;
  /** Each algo's child order ids and the sums of their fills (the row's average fill). */
  const fillSums = new AlgoFillSums();
  const wording = new AlgoLines(market);
  let lines: AlgoLine[] = [];
  const onRecord = (r: Parameters<AlgoLines['add']>[0]): void => {
    const line = wording.add(r);
    if (!line) return;
    lines.push(line);
    if (lines.length > 2 * ALGO_LINES_MAX) lines = lines.slice(-ALGO_LINES_MAX);
  };

  const open = (accountId: number): void => {
    const opened = AlgoJournal.open(algoJournalPath(o.network, accountId, o.env), now);
    if ('refused' in opened) {
      notReady = opened.refused;
      o.log?.(`algos: ${opened.refused}`);
      return;
    }
    for (const p of opened.contents.problems) o.log?.(p);
    journal = opened.journal;
    const rest = o.rest;
    const { marks } = o;
    const reads = tradingAlgoReads({
      session,
      markets: o.markets,
      mark,
      lastTrade: (id) => marks.lastTradePrice?.(id) ?? undefined,
      bookTop: (id) => marks.bookTop?.(id) ?? { bid: null, ask: null },
      maxAccountTriggerOrders: () => o.maxAccountTriggerOrders,
      ...(rest ? { lookupOrderByRq: (rq: number) => findOrderByRq(rest, accountId, rq) } : {}),
      orderJournalPath: journalPath(o.network, accountId, o.env),
    });
    runner = new AlgoRunner({
      commands,
      journal,
      // The liquidation is read here, beside the Positions row's figure (tradingAlgoReads has no market math).
      reads: { ...reads, liquidation },
      onRecord,
      ...(o.log ? { log: o.log } : {}),
    });
    const started = runner;
    void started
      .resume(opened.contents.records)
      .then(() => learnEarlierChildren(started, reads))
      .catch((e: unknown) => o.log?.(`algos: resuming: ${userMessage(e)}`))
      .finally(() => {
        if (!stopped) started.start();
      });
  };

  const off = session.on({
    snapshot: () => {
      const account = session.state.account;
      if (account && journal === null && !stopped) {
        try {
          open(account.id);
        } catch (e) {
          notReady = `algo journal: ${userMessage(e)}`;
          o.log?.(notReady);
        }
      }
    },
    orderUpdates: (rows) => {
      for (const r of rows) {
        const id = algoOfChildGroup(engine.groupOf(r.rq));
        if (id !== undefined) fillSums.learn(r.oid, id);
      }
    },
  });

  /**
   * The children of earlier runs (their fills are in the fills snapshot, their order updates are not): from
   * the order journal's groups and the algo journal's child rqs; an rq the journal has no order id for is
   * looked up on the exchange.
   */
  const learnEarlierChildren = async (r: AlgoRunner, reads: AlgoReads): Promise<void> => {
    const known = algoChildOrders(reads.orderJournal() ?? [], r.entries());
    for (const [oid, id] of known.byOrder) fillSums.learn(oid, id);
    for (const [rq, id] of known.unmatchedRqs) {
      const row = await reads.orderByRq(rq);
      if (row) fillSums.learn(row.oid, id);
    }
  };

  const refused = () => notReady;
  const control: AlgoControl = {
    startTwap: (spec) => (runner ? runner.startTwap(spec) : { refused: refused() }),
    startTrail: (spec) => (runner ? runner.startTrail(spec) : { refused: refused() }),
    startChase: (spec) => (runner ? runner.startChase(spec) : { refused: refused() }),
    startScale: (group) => (runner ? runner.startScale(group) : { refused: refused() }),
    scalePlaced: (id, rqs, sent) => runner?.scalePlaced(id, rqs, sent),
    pause: (id) => (runner ? runner.pause(id) : refused()),
    unpause: (id) => (runner ? runner.unpause(id) : refused()),
    cancel: (id) => (runner ? runner.cancel(id) : refused()),
    stopAll: (reason) => {
      if (!runner) return 0;
      // Each algo ends with its own reason ("stopped by panic"), not as if the trader had cancelled it.
      const n = runner.stopAll(reason);
      if (n > 0) o.log?.(`algos: ${n} stopped (${reason})`);
      return n;
    },
  };

  return {
    control,
    rows: () => {
      const views = runner?.views() ?? [];
      // Published every frame: with no algo there is nothing to sum the fills for.
      if (!runner || views.length === 0) return [];
      const started = runner;
      const sums = fillSums.of(session.state.fills);
      return algoRows(views, runner.entries(), { now: now(), market, mark, liquidation: (id) => { const liq = liquidation(id); return liq === null ? null : Number(liq); }, fills: (id) => sums.get(id), scaleLegs: (id) => started.scaleLegs(id) });
    },
    lines: () => (lines.length > ALGO_LINES_MAX ? lines.slice(-ALGO_LINES_MAX) : lines),
    stop: () => {
      stopped = true;
      off();
      runner?.stop();
      journal?.close();
    },
  };
}
