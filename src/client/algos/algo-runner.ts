// The algo runner: headless (a bot or the screen drives it), it acts only through TradingCommands, so every
// child passes the validation, locks, guards, order journal and execution report of a hand-placed order.
// This file holds the loop, the algo journal and the control (start, pause, resume, cancel); each kind's
// steps and money rules are in twap-run.ts, trail-run.ts and chase-run.ts; a scaled order (scale-run.ts)
// sends nothing, it is only followed. Common to all:
//  - every step's line is in the algo journal (fsynced) BEFORE its order is sent;
//  - orders go only while the trading socket's send budget has more than ALGO_ORDER_RESERVE left;
//  - a trade lock holds every algo (the reason kept on it); it runs again when the lock lifts.

import { userMessage } from '../../protocol/errors.js';
import type { TradingCommands } from '../../domain/trading/commands.js';
import { type TwapSpec, validateTwapSpec } from '../../domain/algos/twap.js';
import { type TrailSpec, validateTrailSpec } from '../../domain/algos/trail.js';
import { marketWords, priceText } from '../../domain/trading/order-words.js';
import { realTimers, type TimerHandle, type Timers } from '../../lib/timers.js';
import type { AlgoReads } from './algo-reads.js';
import type { AlgoJournal } from './algo-journal.js';
import { type AlgoEntry, algoSummary, foldAlgos } from './algo-fold.js';
import type { AlgoRecord, AlgoRecordInput, AlgoStatus } from './algo-record.js';
import { TrailRun } from './trail-run.js';
import { ChaseRun } from './chase-run.js';
import { TwapRun } from './twap-run.js';
import { ScaleRun } from './scale-run.js';
import type { ScaleGroup } from '../../domain/algos/scale.js';
import { SCALE_NO_PAUSE } from '../../domain/algos/algo-row.js';
import type { ScaleProgress } from '../../domain/algos/scale-progress.js';
import { type ChaseSpec, startChase, validateChaseSpec } from '../../domain/algos/chase.js';

/**
 * Orders of the send budget algos never use: room for a panic (a cancel per open order, a close per position)
 * and the trader's own closes while algos run. The budget is 100 at once on mainnet and the local exchange,
 * 50 on testnet (request-limits.ts); 20 covers a panic on ten markets with an order and a position each.
 */
export const ALGO_ORDER_RESERVE = 20;
/** How often the runner looks at its algos. */
export const ALGO_TICK_MS = 250;
/** The reason an unfinished algo of the run before shows once this run takes it up. */
export const RESUMED_AFTER_RESTART = 'resumed after restart';

export type { AlgoReads } from './algo-reads.js';

export interface AlgoRunnerOptions {
  commands: TradingCommands;
  reads: AlgoReads;
  journal: AlgoJournal;
  timers?: Timers;
  log?: (line: string) => void;
  /** Each record as it is journaled or taken up on resume (the Journal tab's algo lines). */
  onRecord?: (r: AlgoRecord) => void;
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
  private readonly timers: Timers;
  private timer: TimerHandle | null = null;
  private ticking: Promise<void> | null = null;
  private readonly trails: TrailRun;
  private readonly chases: ChaseRun;
  private readonly twaps: TwapRun;
  private readonly scales: ScaleRun;

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
    this.twaps = new TwapRun(context, (id) => this.algos.get(id));
    this.scales = new ScaleRun(context);
  }

  /**
   * Takes up the algos of a previous run (the journal's records): every unfinished one is reconciled
   * before it sends anything (its child in flight settled first), then resumed or ended with the reason.
   */
  async resume(records: readonly AlgoRecord[]): Promise<void> {
    for (const r of records) this.remember(r);
    // Said once per resume, on the row and in the Journal: the algo came back (its last reason is the run before's).
    for (const id of new Set(records.map((r) => r.id))) {
      const a = this.algos.get(id);
      if (!a || a.status === 'ended') continue;
      const reason = a.status === 'paused' ? `${RESUMED_AFTER_RESTART} (still paused)` : RESUMED_AFTER_RESTART;
      this.append({ k: 'state', id, status: a.status, reason });
      this.o.commands.note(`algo ${id} (${a.start.kind}): ${reason}`);
    }
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

  /**
   * Journals (fsynced) a scaled order whose legs the caller is about to send, or says why not (nothing is
   * journaled then). Its legs are the caller's; it is followed until none rests (scalePlaced says which went).
   */
  startScale(group: ScaleGroup): { id: string } | { refused: string } {
    if (this.o.reads.orderJournal() === null) return { refused: 'algos need the order journal (a restart must find their orders)' };
    const id = this.newId('sc');
    this.append({ k: 'start', id, kind: 'scale', spec: group }, true);
    this.scales.placingStarted(id);
    return { id };
  }

  /** The placement of scale `id` settled: `rqs` of its legs reached the exchange, of `sent` sent (null: read them from the order journal). */
  scalePlaced(id: string, rqs: readonly number[] | null, sent: number): void {
    const a = this.algos.get(id);
    if (a?.start.kind !== 'scale' || a.scale?.placed) return;
    if (rqs === null) this.scales.recoverPlacement(a);
    else this.scales.placed(id, rqs, sent);
  }

  /** A scaled order's legs as last looked at; undefined for another kind or before the first look. */
  scaleLegs(id: string): ScaleProgress | undefined {
    return this.scales.legs(id);
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
    if (a.start.kind === 'scale') return SCALE_NO_PAUSE;
    if (a.status !== 'paused') this.append({ k: 'state', id, status: 'paused', reason: 'paused by the trader' }, true);
    return null;
  }

  unpause(id: string): string | null {
    const a = this.algos.get(id);
    if (a?.start.kind === 'scale') return SCALE_NO_PAUSE;
    if (!a || a.status !== 'paused') return `algo ${id} is not paused`;
    this.append({ k: 'state', id, status: 'running', reason: 'resumed by the trader' }, true);
    return null;
  }

  /**
   * Ends the algo for `reason` (the trader's cancel by default; panic says its own): no new child (a TWAP
   * child in flight still settles: an IOC cannot be called back); a chase's resting order is cancelled
   * before it ends (chase-run.ts stop); a trail stops moving its stop, and the stop it holds stays on the
   * exchange (a protective stop is never removed by ending the trail), which its end reason says.
   */
  cancel(id: string, reason = 'cancelled by the trader'): string | null {
    const a = this.algos.get(id);
    if (!a || a.status === 'ended') return `no running algo ${id}`;
    // Its legs are orders: cancelled as a group through the commands (`X` on its row, `:cancel scale`), never by the runner.
    if (a.start.kind === 'scale') return 'a scaled order is cancelled by cancelling its legs (X on its row, :cancel scale)';
    if (a.start.kind === 'chase') {
      this.chases.stop(a, reason);
      return null;
    }
    const why = a.trail ? `${reason}: ${this.trailLeft(a)}` : reason;
    this.append({ k: 'end', id, complete: false, reason: why }, true);
    return null;
  }

  /** Ends every algo not ended yet "stopped by `reason`" (panic, a guard), each as cancel() does; how many. */
  stopAll(reason: string): number {
    let n = 0;
    for (const a of [...this.algos.values()]) if (a.status !== 'ended' && this.cancel(a.id, `stopped by ${reason}`) === null) n++;
    return n;
  }

  /** What ending the trail leaves on the exchange, in the market's words. */
  private trailLeft(a: AlgoEntry): string {
    const stop = a.trail?.stop;
    if (!stop) return 'trail ended; it held no stop yet';
    const marketId = a.start.spec.marketId;
    return `trail ended; stop at ${priceText(stop.price, marketWords(this.o.reads.market(marketId), marketId))} stays on the exchange`;
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
    this.o.onRecord?.(r);
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
    if (entry.start.kind === 'twap') return this.twaps.step(id);
    if (entry.status === 'ended') return;
    if (entry.start.kind === 'scale') return this.scales.step(entry);
    // A paused chase still looks: its order comes off the book (pause means nothing of it rests).
    if (entry.start.kind === 'chase') return this.chases.step(entry, entry.status === 'paused');
    if (entry.status === 'paused') return;
    return this.trails.step(entry);
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
