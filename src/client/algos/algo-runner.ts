// The algo runner: headless (a bot or the screen drives it), it acts only through TradingCommands, so every
// child passes the validation, locks, guards, order journal and execution report of a hand-placed order.
// Its money rules:
//  - a child's line is in the algo journal (fsynced) BEFORE the child is sent;
//  - never a second child while one is in flight: a child whose outcome is not known (this run's, or one a
//    dead run left) is settled first, from what the exchange and the order journal hold (child-outcome.ts);
//  - each child is at most the target left (nextTwapStep), so the filled total never passes the target;
//  - children go only while the trading socket's send budget has more than ALGO_ORDER_RESERVE left;
//  - a trade lock holds every algo (the reason kept on it); it runs again when the lock lifts.

import { userMessage } from '../../protocol/errors.js';
import type { TradingCommands, CommandOutcome } from '../../domain/trading/commands.js';
import { describeLocks } from '../../domain/trading/session-locks.js';
import { type TwapSpec, nextTwapStep, validateTwapSpec } from '../../domain/algos/twap.js';
import { type TrailSpec, validateTrailSpec } from '../../domain/algos/trail.js';
import { realTimers, type TimerHandle, type Timers } from '../../lib/timers.js';
import type { AlgoReads } from './algo-reads.js';
import type { AlgoJournal } from './algo-journal.js';
import { type AlgoChild, type AlgoEntry, algoSummary, childInFlight, foldAlgos, twapStateOf } from './algo-fold.js';
import type { AlgoRecord, AlgoRecordInput, AlgoStatus } from './algo-record.js';
import { childGroup, childOutcome } from './child-outcome.js';
import { TrailRun } from './trail-run.js';
import { ChaseRun } from './chase-run.js';
import { type ChaseSpec, startChase, validateChaseSpec } from '../../domain/algos/chase.js';

/**
 * Orders of the send budget algos never use: room for a panic (a cancel per open order, a close per position)
 * and the trader's own closes while algos run. The budget is 100 at once on mainnet and the local exchange,
 * 50 on testnet (request-limits.ts); 20 covers a panic on ten markets with an order and a position each.
 */
export const ALGO_ORDER_RESERVE = 20;
/** How often the runner looks at its algos. */
export const ALGO_TICK_MS = 250;
/** A child left unsettled is looked up (open orders, order history, order journal) at most this often. */
export const ALGO_RECONCILE_EVERY_MS = 1_000;

export type { AlgoReads } from './algo-reads.js';

export interface AlgoRunnerOptions {
  commands: TradingCommands;
  reads: AlgoReads;
  journal: AlgoJournal;
  timers?: Timers;
  log?: (line: string) => void;
}

export interface AlgoView {
  id: string;
  kind: AlgoEntry['start']['kind'];
  marketId: number;
  side: 'long' | 'short';
  target: number;
  filled: number;
  status: AlgoStatus | 'ended';
  complete: boolean;
  reason: string;
  children: number;
  /** A trail's stop level now (ticks); null before its first stop. */
  stopLevel?: number | null;
}

export class AlgoRunner {
  private readonly records = new Map<string, AlgoRecord[]>();
  private readonly algos = new Map<string, AlgoEntry>();
  /** Children whose outcome this run awaits from their command handle. */
  private readonly live = new Set<string>();
  private readonly lastLookup = new Map<string, number>();
  /** Children of ended algos whose outcome stays unknown: not looked up again this run. */
  private readonly unknowable = new Set<string>();
  private readonly timers: Timers;
  private timer: TimerHandle | null = null;
  private ticking: Promise<void> | null = null;
  private readonly trails: TrailRun;
  private readonly chases: ChaseRun;

  constructor(private readonly o: AlgoRunnerOptions) {
    this.timers = o.timers ?? realTimers;
    const context = {
      commands: o.commands,
      reads: o.reads,
      reserve: ALGO_ORDER_RESERVE,
      now: () => this.timers.now(),
      append: (r: AlgoRecordInput, durable?: boolean) => this.append(r, durable),
      hold: (id: string, reason: string) => this.hold(id, reason),
      ...(o.log ? { log: o.log } : {}),
    };
    this.trails = new TrailRun(context);
    this.chases = new ChaseRun(context);
  }

  /**
   * Takes up the algos of a previous run (the journal's records): every unfinished one is reconciled
   * before it sends anything (its child in flight settled first), then resumed or ended with the reason.
   */
  async resume(records: readonly AlgoRecord[]): Promise<void> {
    for (const r of records) this.remember(r);
    await this.tick();
  }

  /** Runs the algos every ALGO_TICK_MS until stop(). */
  start(): void {
    if (this.timer !== null) return;
    const loop = (): void => {
      this.timer = this.timers.setTimeout(() => {
        void this.tick().finally(() => {
          if (this.timer !== null) loop();
        });
      }, ALGO_TICK_MS);
      this.timer.unref?.();
    };
    loop();
  }

  /** Stops ticking. Nothing is cancelled: the journal keeps every algo for the next run. */
  stop(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  views(): AlgoView[] {
    return [...this.algos.values()].map(viewOf);
  }

  /** Each algo as its journal folds it (the screen's rows read its spec, arrival mark and children). */
  entries(): readonly AlgoEntry[] {
    return [...this.algos.values()];
  }

  /** Starts a TWAP, or says why not (nothing is journaled then). */
  startTwap(spec: TwapSpec): { id: string } | { refused: string } {
    const market = this.o.reads.market(spec.marketId);
    const mark = this.o.reads.mark(spec.marketId);
    const refusal = validateTwapSpec(spec, market, mark);
    if (refusal) return { refused: refusal };
    if (this.o.reads.orderJournal() === null) return { refused: 'algos need the order journal (a restart must find their children)' };
    const now = this.timers.now();
    const id = this.newId('tw');
    this.append({ k: 'start', id, kind: 'twap', spec, arrivalMark: mark!, seed: now % 2_147_483_647 }, true);
    return { id };
  }

  /**
   * Starts a trailing stop on a position, or says why not (nothing is journaled then): it takes over
   * `spec.stop` (the stop held now) or arms the first, then tightens it as the trigger price moves.
   */
  startTrail(spec: TrailSpec): { id: string } | { refused: string } {
    const r = this.o.reads;
    if (!r.position || !r.openOrders || !r.block) return { refused: 'this runner cannot see positions, open orders and blocks' };
    const reference = (spec.on === 'mark' ? r.mark(spec.marketId) : r.lastTrade?.(spec.marketId)) ?? null;
    const pos = r.position(spec.position.id);
    if (!pos || pos.mkt !== spec.marketId) return { refused: `position ${spec.position.id} is not open in market ${spec.marketId}` };
    const refusal = validateTrailSpec(spec, r.market(spec.marketId), {
      reference,
      liquidation: r.liquidation?.(spec.position.id) ?? null,
      openTriggerOrders: [...r.openOrders()].filter((o) => (o.tp ?? 0) > 0).length,
      maxAccountTriggerOrders: r.maxAccountTriggerOrders?.(),
    });
    if (refusal) return { refused: refusal };
    if (spec.stop && ![...r.openOrders()].some((o) => o.oid === spec.stop!.orderId && o.lp === spec.position.id)) return { refused: `stop order ${spec.stop.orderId} is not armed on position ${spec.position.id}` };
    if (r.orderJournal() === null) return { refused: 'algos need the order journal (a restart must find their orders)' };
    const id = this.newId('tr');
    this.append({ k: 'start', id, kind: 'trail', spec }, true);
    return { id };
  }

  /**
   * Starts a chase limit at the top of its side of the book, or says why not (nothing is journaled then):
   * PostOnly, re-priced as the book moves away, never past its bound, until filled, at its bound or its deadline.
   */
  startChase(spec: ChaseSpec): { id: string } | { refused: string } {
    const r = this.o.reads;
    if (!r.openOrders || !r.bookTop) return { refused: 'this runner cannot see open orders and the book' };
    const top = r.bookTop(spec.marketId);
    const refusal = validateChaseSpec(spec, r.market(spec.marketId), top);
    if (refusal) return { refused: refusal };
    if (r.orderJournal() === null) return { refused: 'algos need the order journal (a restart must find their orders)' };
    const state = startChase(spec, top, this.timers.now());
    if (!state) return { refused: 'the book has no price to chase' };
    const id = this.newId('ch');
    this.append({ k: 'start', id, kind: 'chase', spec, startPrice: state.startPrice, boundPrice: state.boundPrice, deadlineMs: state.deadlineMs }, true);
    return { id };
  }

  private newId(prefix: string): string {
    const now = this.timers.now();
    let id = `${prefix}${now.toString(36)}`;
    for (let n = 2; this.algos.has(id); n++) id = `${prefix}${now.toString(36)}${n}`;
    return id;
  }

  pause(id: string): string | null {
    const a = this.algos.get(id);
    if (!a || a.status === 'ended') return `no running algo ${id}`;
    if (a.status !== 'paused') this.append({ k: 'state', id, status: 'paused', reason: 'paused by the trader' }, true);
    return null;
  }

  unpause(id: string): string | null {
    const a = this.algos.get(id);
    if (!a || a.status !== 'paused') return `algo ${id} is not paused`;
    this.append({ k: 'state', id, status: 'running', reason: 'resumed by the trader' }, true);
    return null;
  }

  /** Ends the algo: no new child. A child in flight still settles (an IOC cannot be called back). */
  cancel(id: string): string | null {
    const a = this.algos.get(id);
    if (!a || a.status === 'ended') return `no running algo ${id}`;
    this.append({ k: 'end', id, complete: false, reason: 'cancelled by the trader' }, true);
    return null;
  }

  /** One look at every algo (the loop calls it; tests and bots may call it directly). */
  tick(): Promise<void> {
    this.ticking ??= this.tickAll().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async tickAll(): Promise<void> {
    for (const a of [...this.algos.values()]) {
      try {
        await this.step(a.id);
      } catch (e) {
        // The journal could not be written: nothing more may be sent for this algo until it can.
        this.hold(a.id, `algo journal: ${userMessage(e)}`, false);
        this.o.log?.(`algo ${a.id}: ${userMessage(e)}`);
      }
    }
  }

  private remember(r: AlgoRecord): void {
    const list = this.records.get(r.id) ?? [];
    list.push(r);
    this.records.set(r.id, list);
    const folded = foldAlgos(list)[0];
    if (folded) this.algos.set(r.id, folded);
  }

  private append(record: AlgoRecordInput, durable = false): void {
    this.remember(this.o.journal.append(record, durable));
  }

  /** Holds the algo for a lock (journaled once per reason when `journal`), or keeps it held. */
  private hold(id: string, reason: string, journal = true): void {
    const a = this.algos.get(id);
    if (!a || a.status === 'ended' || a.status === 'paused') return;
    if (a.status === 'held' && a.reason === reason) return;
    if (journal) this.append({ k: 'state', id, status: 'held', reason });
    else {
      a.status = 'held';
      a.reason = reason;
    }
  }

  private async step(id: string): Promise<void> {
    const entry = this.algos.get(id)!;
    if (entry.start.kind === 'trail') {
      if (entry.status === 'ended' || entry.status === 'paused') return;
      return this.trails.step(entry);
    }
    if (entry.start.kind === 'chase') {
      if (entry.status === 'ended' || entry.status === 'paused') return;
      return this.chases.step(entry);
    }
    const inFlight = childInFlight(this.algos.get(id)!);
    if (inFlight && !(await this.settleLeftChild(id, inFlight))) return;
    const a = this.algos.get(id)!;
    if (a.status === 'ended' || a.status === 'paused') return;
    const locks = describeLocks(this.o.commands.locks());
    if (locks) return this.hold(id, locks);
    if (this.o.reads.orderJournal() === null) return this.hold(id, 'algos need the order journal');
    if (a.status === 'held') this.append({ k: 'state', id, status: 'running', reason: 'trade lock lifted' });
    if (a.start.kind !== 'twap') return;
    const spec = a.start.spec;
    const market = this.o.reads.market(spec.marketId);
    if (!market) return this.hold(id, `market ${spec.marketId} is not listed`);
    const now = this.timers.now();
    const next = nextTwapStep(spec, twapStateOf(a), now, { market, mark: this.o.reads.mark(spec.marketId) });
    if (next.kind === 'done') return this.append({ k: 'end', id, complete: next.complete, reason: next.reason }, true);
    if (next.kind !== 'send') return;
    if (this.o.reads.sendBudgetLeft() <= ALGO_ORDER_RESERVE) {
      a.reason = `waiting for the order budget (keeping ${ALGO_ORDER_RESERVE} for panic and closes)`;
      return;
    }
    this.send(a, spec, next.slice, next.size, next.price);
  }

  /** Journals the child (fsynced), then sends it; its outcome settles it (settleLive). */
  private send(a: AlgoEntry, spec: TwapSpec, slice: number, size: number, price: number): void {
    const cid = `${a.id}.${a.children.length + 1}`;
    this.append({ k: 'child', id: a.id, cid, slice, size, price }, true);
    const handle = this.o.commands.place({ marketId: spec.marketId, kind: 'ioc', side: spec.side, size, price, leverage: spec.leverage, group: childGroup(cid) });
    this.live.add(cid);
    this.noteRqs(a.id, cid, handle.rqs());
    void handle.outcome
      .then((outcome) => {
        this.noteRqs(a.id, cid, handle.rqs());
        return this.settleLive(a.id, cid, outcome);
      })
      .catch((e: unknown) => this.o.log?.(`algo ${a.id} child ${cid}: ${userMessage(e)}`))
      .finally(() => this.live.delete(cid));
  }

  private noteRqs(id: string, cid: string, rqs: readonly number[]): void {
    const child = this.algos.get(id)?.children.find((c) => c.cid === cid);
    const fresh = rqs.filter((rq) => rq > 0 && !child?.rqs.includes(rq));
    if (fresh.length > 0) this.append({ k: 'child-rqs', id, cid, rqs: fresh }, true);
  }

  /** The child's own outcome; anything short of a known fill is left to the reconciliation (settleLeftChild). */
  private async settleLive(id: string, cid: string, outcome: CommandOutcome): Promise<void> {
    const r = outcome.results[0];
    if (!r) return;
    const done = (filled: number, spent: boolean): void => this.append({ k: 'child-done', id, cid, filled, spent, result: r.kind, message: r.message }, true);
    if (r.kind === 'definitive') {
      const filled = r.fs ?? (await this.o.reads.orderByRq(r.rq))?.fs;
      if (filled !== undefined) done(filled, true);
    } else if (r.kind === 'failed' || r.kind === 'rejected') {
      done(0, true);
    } else if (r.kind === 'invalid') {
      // Refused before the wire: the slice is not spent. A lock holds the algo; any other refusal ends it.
      done(0, false);
      const locks = describeLocks(this.o.commands.locks());
      if (locks) this.hold(id, locks);
      else if (this.algos.get(id)?.status !== 'ended') this.append({ k: 'end', id, complete: false, reason: `child refused: ${r.message}` }, true);
    }
  }

  /** Settles a child this run does not await; true once it is settled (a new child may then go). */
  private async settleLeftChild(id: string, child: AlgoChild): Promise<boolean> {
    if (this.live.has(child.cid) || this.unknowable.has(child.cid)) return false;
    const now = this.timers.now();
    if (now - (this.lastLookup.get(child.cid) ?? -Infinity) < ALGO_RECONCILE_EVERY_MS) return false;
    this.lastLookup.set(child.cid, now);
    const orderJournal = this.o.reads.orderJournal();
    if (orderJournal === null) {
      this.hold(id, 'algos need the order journal');
      return false;
    }
    const verdict = await childOutcome(child, orderJournal, (rq) => this.o.reads.orderByRq(rq));
    const a = this.algos.get(id)!;
    if (verdict.kind === 'pending') {
      if (a.status !== 'ended') a.reason = `reconciling child ${child.cid}: ${verdict.reason}`;
      return false;
    }
    if (verdict.kind === 'unknown') {
      if (a.status !== 'ended') this.append({ k: 'end', id, complete: false, reason: verdict.message }, true);
      this.unknowable.add(child.cid);
      return false;
    }
    this.noteRqs(id, child.cid, verdict.rqs);
    this.append({ k: 'child-done', id, cid: child.cid, filled: verdict.filled, spent: verdict.spent, result: verdict.result, message: verdict.message }, true);
    return true;
  }
}

function viewOf(a: AlgoEntry): AlgoView {
  const state = algoSummary(a);
  return {
    id: a.id,
    kind: a.start.kind,
    marketId: a.start.spec.marketId,
    side: state.side,
    target: state.target,
    filled: state.filled,
    status: a.status,
    complete: a.complete,
    reason: a.reason,
    children: a.children.length,
    ...(a.trail ? { stopLevel: a.trail.stop?.price ?? null } : {}),
  };
}
