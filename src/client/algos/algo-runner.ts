// The algo runner: headless (a bot or the screen drives it), it acts only through TradingCommands, so every
// child passes the validation, locks, guards, order journal and execution report of a hand-placed order.
// Its money rules:
//  - a child's line is in the algo journal (fsynced) BEFORE the child is sent;
//  - never a second child while one is in flight: a child whose outcome is not known (this run's, or one a
//    dead run left) is settled first, from what the exchange and the order journal hold (child-outcome.ts);
//  - each child is at most the target left (nextTwapStep), so the filled total never passes the target;
//  - children go only while the trading socket's send budget has more than ALGO_ORDER_RESERVE left;
//  - a trade lock holds every algo (the reason kept on it); it runs again when the lock lifts.

import type { Market, Order } from '../../protocol/frames.js';
import { userMessage } from '../../protocol/errors.js';
import type { TradingCommands, CommandOutcome } from '../../domain/trading/commands.js';
import { describeLocks } from '../../domain/trading/session-locks.js';
import { type TwapSpec, nextTwapStep, validateTwapSpec } from '../../domain/algos/twap.js';
import { realTimers, type TimerHandle, type Timers } from '../../lib/timers.js';
import type { JournalRecord } from '../trading/journal-record.js';
import type { AlgoJournal } from './algo-journal.js';
import { type AlgoChild, type AlgoEntry, childInFlight, foldAlgos, twapStateOf } from './algo-fold.js';
import type { AlgoRecord, AlgoRecordInput, AlgoStatus } from './algo-record.js';
import { childGroup, childOutcome } from './child-outcome.js';

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

/** What the runner reads besides the commands. */
export interface AlgoReads {
  market(id: number): Market | undefined;
  /** The mark now, price ticks. */
  mark(marketId: number): number | undefined;
  /** The account's order of `rq`: among the open orders, else from order history. */
  orderByRq(rq: number): Promise<Order | undefined>;
  /** The order journal as on disk now; null when orders are not journaled (algos then never send). */
  orderJournal(): readonly JournalRecord[] | null;
  /** Orders the trading socket's send budget lets go now. */
  sendBudgetLeft(): number;
}

export interface AlgoRunnerOptions {
  commands: TradingCommands;
  reads: AlgoReads;
  journal: AlgoJournal;
  timers?: Timers;
  log?: (line: string) => void;
}

export interface AlgoView {
  id: string;
  kind: 'twap';
  marketId: number;
  side: 'long' | 'short';
  target: number;
  filled: number;
  status: AlgoStatus | 'ended';
  complete: boolean;
  reason: string;
  children: number;
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

  constructor(private readonly o: AlgoRunnerOptions) {
    this.timers = o.timers ?? realTimers;
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
    let id = `tw${now.toString(36)}`;
    for (let n = 2; this.algos.has(id); n++) id = `tw${now.toString(36)}${n}`;
    this.append({ k: 'start', id, kind: 'twap', spec, arrivalMark: mark!, seed: now % 2_147_483_647 }, true);
    return { id };
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
    const inFlight = childInFlight(this.algos.get(id)!);
    if (inFlight && !(await this.settleLeftChild(id, inFlight))) return;
    const a = this.algos.get(id)!;
    if (a.status === 'ended' || a.status === 'paused') return;
    const locks = describeLocks(this.o.commands.locks());
    if (locks) return this.hold(id, locks);
    if (this.o.reads.orderJournal() === null) return this.hold(id, 'algos need the order journal');
    if (a.status === 'held') this.append({ k: 'state', id, status: 'running', reason: 'trade lock lifted' });
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
    this.send(a, next.slice, next.size, next.price);
  }

  /** Journals the child (fsynced), then sends it; its outcome settles it (settleLive). */
  private send(a: AlgoEntry, slice: number, size: number, price: number): void {
    const spec = a.start.spec;
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
  const state = twapStateOf(a);
  const spec = a.start.spec;
  return {
    id: a.id,
    kind: a.start.kind,
    marketId: spec.marketId,
    side: spec.side,
    target: spec.size,
    filled: state.filled,
    status: a.status,
    complete: a.complete,
    reason: a.reason,
    children: a.children.length,
  };
}
