// The TWAP on the runner: each look settles the child in flight (this run's from its outcome, one a dead run
// left from the exchange and the order journal, child-outcome.ts), then sends the next slice nextTwapStep
// asks for. Its money rules:
//  - a child's line is in the algo journal (fsynced) BEFORE the child is sent;
//  - never a second child while one is in flight: a child whose outcome is not known is settled first;
//  - each child is at most the target left (nextTwapStep), so the filled total never passes the target;
//  - children go only while the send budget has more than the reserve left.

import { userMessage } from '../../protocol/errors.js';
import type { CommandOutcome } from '../../domain/trading/commands.js';
import { describeLocks } from '../../domain/trading/session-locks.js';
import { marketWords } from '../../domain/trading/order-words.js';
import { type TwapSpec, nextTwapStep } from '../../domain/algos/twap.js';
import { type AlgoChild, type AlgoEntry, childInFlight, twapStateOf } from './algo-fold.js';
import type { AlgoStepContext } from './algo-context.js';
import { childGroup, childOutcome } from './child-outcome.js';

/** A child left unsettled is looked up (open orders, order history, order journal) at most this often. */
export const ALGO_RECONCILE_EVERY_MS = 1_000;

export class TwapRun {
  /** Children whose outcome this run awaits from their command handle. */
  private readonly live = new Set<string>();
  private readonly lastLookup = new Map<string, number>();
  /** Children of ended algos whose outcome stays unknown: not looked up again this run. */
  private readonly unknowable = new Set<string>();

  /** `algo(id)`: the algo as journaled now (each append folds it anew). */
  constructor(
    private readonly c: AlgoStepContext,
    private readonly algo: (id: string) => AlgoEntry | undefined,
  ) {}

  /** One look at TWAP `id` (also when ended or paused: a child in flight still settles). */
  async step(id: string): Promise<void> {
    const inFlight = childInFlight(this.algo(id)!);
    if (inFlight && !(await this.settleLeftChild(id, inFlight))) return;
    const a = this.algo(id)!;
    if (a.status === 'ended' || a.status === 'paused') return;
    const locks = describeLocks(this.c.commands.locks());
    if (locks) return this.c.hold(id, locks);
    if (this.c.reads.orderJournal() === null) return this.c.hold(id, 'algos need the order journal');
    if (a.status === 'held') this.c.append({ k: 'state', id, status: 'running', reason: 'trade lock lifted' });
    if (a.start.kind !== 'twap') return;
    const spec = a.start.spec;
    const market = this.c.reads.market(spec.marketId);
    if (!market) return this.c.hold(id, `market ${spec.marketId} is not listed`);
    const next = nextTwapStep(spec, twapStateOf(a), this.c.now(), { market, mark: this.c.reads.mark(spec.marketId) });
    if (next.kind === 'done') return this.c.append({ k: 'end', id, complete: next.complete, reason: next.reason }, true);
    if (next.kind !== 'send') return;
    if (this.c.reads.sendBudgetLeft() <= this.c.reserve) {
      a.reason = `waiting for the order budget (keeping ${this.c.reserve} for panic and closes)`;
      return;
    }
    this.send(a, spec, next.slice, next.size, next.price);
  }

  /** Journals the child (fsynced), then sends it; its outcome settles it (settleLive). */
  private send(a: AlgoEntry, spec: TwapSpec, slice: number, size: number, price: number): void {
    const cid = `${a.id}.${a.children.length + 1}`;
    this.c.append({ k: 'child', id: a.id, cid, slice, size, price }, true);
    const handle = this.c.commands.place({ marketId: spec.marketId, kind: 'ioc', side: spec.side, size, price, leverage: spec.leverage, group: childGroup(cid) });
    this.live.add(cid);
    this.noteRqs(a.id, cid, handle.rqs());
    void handle.outcome
      .then((outcome) => {
        this.noteRqs(a.id, cid, handle.rqs());
        return this.settleLive(a.id, cid, outcome);
      })
      .catch((e: unknown) => this.c.log?.(`algo ${a.id} child ${cid}: ${userMessage(e)}`))
      .finally(() => this.live.delete(cid));
  }

  private noteRqs(id: string, cid: string, rqs: readonly number[]): void {
    const child = this.algo(id)?.children.find((c) => c.cid === cid);
    const fresh = rqs.filter((rq) => rq > 0 && !child?.rqs.includes(rq));
    if (fresh.length > 0) this.c.append({ k: 'child-rqs', id, cid, rqs: fresh }, true);
  }

  /** The child's own outcome; anything short of a known fill is left to the reconciliation (settleLeftChild). */
  private async settleLive(id: string, cid: string, outcome: CommandOutcome): Promise<void> {
    const r = outcome.results[0];
    if (!r) return;
    const done = (filled: number, spent: boolean): void => this.c.append({ k: 'child-done', id, cid, filled, spent, result: r.kind, message: r.message }, true);
    if (r.kind === 'definitive') {
      const filled = r.fs ?? (await this.c.reads.orderByRq(r.rq))?.fs;
      if (filled !== undefined) done(filled, true);
    } else if (r.kind === 'failed' || r.kind === 'rejected') {
      done(0, true);
    } else if (r.kind === 'invalid') {
      // Refused before the wire: the slice is not spent. A lock holds the algo; any other refusal ends it.
      done(0, false);
      const locks = describeLocks(this.c.commands.locks());
      if (locks) this.c.hold(id, locks);
      else if (this.algo(id)?.status !== 'ended') this.c.append({ k: 'end', id, complete: false, reason: `child refused: ${r.message}` }, true);
    }
  }

  /** Settles a child this run does not await; true once it is settled (a new child may then go). */
  private async settleLeftChild(id: string, child: AlgoChild): Promise<boolean> {
    if (this.live.has(child.cid) || this.unknowable.has(child.cid)) return false;
    const now = this.c.now();
    if (now - (this.lastLookup.get(child.cid) ?? -Infinity) < ALGO_RECONCILE_EVERY_MS) return false;
    this.lastLookup.set(child.cid, now);
    const orderJournal = this.c.reads.orderJournal();
    if (orderJournal === null) {
      this.c.hold(id, 'algos need the order journal');
      return false;
    }
    const marketId = this.algo(id)!.start.spec.marketId;
    const verdict = await childOutcome(child, orderJournal, (rq) => this.c.reads.orderByRq(rq), marketWords(this.c.reads.market(marketId), marketId));
    const a = this.algo(id)!;
    if (verdict.kind === 'pending') {
      if (a.status !== 'ended') a.reason = `reconciling child ${child.cid}: ${verdict.reason}`;
      return false;
    }
    if (verdict.kind === 'unknown') {
      if (a.status !== 'ended') this.c.append({ k: 'end', id, complete: false, reason: verdict.message }, true);
      this.unknowable.add(child.cid);
      return false;
    }
    this.noteRqs(id, child.cid, verdict.rqs);
    this.c.append({ k: 'child-done', id, cid: child.cid, filled: verdict.filled, spent: verdict.spent, result: verdict.result, message: verdict.message }, true);
    return true;
  }
}
