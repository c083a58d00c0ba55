// A scaled order under the runner: it sends nothing (its legs are placed, and cancelled, as any order, by
// the screen through TradingCommands); the runner follows its legs by rq and ends it once none rests.
//  - `start` is journaled (fsynced) before the legs are sent; `placed` (the legs' rqs) once the placement
//    settled. A run that died between the two finds the legs in the order journal by the group.
//  - Each look reads the open orders; a leg that left them is looked up once (its final row cached), again
//    at most every LOOKUP_RETRY_MS, never awaited by the tick (other algos do not wait on REST).

import type { Order } from '../../protocol/frames.js';
import { userMessage } from '../../protocol/errors.js';
import { scaleEnd, scaleOver, scaleProgress, type ScaleLegSeen, type ScaleProgress } from '../../domain/algos/scale-progress.js';
import { OrderStatus } from '../../protocol/enums.js';
import type { AlgoEntry } from './algo-fold.js';
import type { AlgoStepContext } from './algo-context.js';
import { NEVER_EXECUTED, groupRequests } from './child-outcome.js';

const LOOKUP_RETRY_MS = 2_000;
const FINAL: ReadonlySet<number> = new Set([OrderStatus.Filled, OrderStatus.Canceled, OrderStatus.Expired, OrderStatus.Failed]);

export class ScaleRun {
  /** Scales whose placement this run is sending: no `placed` line yet, and none to be read from the order journal. */
  private readonly placing = new Set<string>();
  /** Legs seen final (or never executed), by rq. */
  private readonly finals = new Map<number, Order | 'never'>();
  private readonly lookedAt = new Map<number, number>();
  private readonly progress = new Map<string, ScaleProgress>();

  constructor(private readonly c: AlgoStepContext) {}

  placingStarted(id: string): void {
    this.placing.add(id);
  }

  placed(id: string, rqs: readonly number[], sent: number): void {
    this.placing.delete(id);
    this.c.append({ k: 'scale', id, event: { kind: 'placed', rqs: [...rqs], sent } }, true);
  }

  /** Its legs as last seen; undefined before the first look. */
  legs(id: string): ScaleProgress | undefined {
    return this.progress.get(id);
  }

  step(a: AlgoEntry): void {
    if (a.status === 'ended' || a.start.kind !== 'scale' || !a.scale) return;
    const placed = a.scale.placed;
    if (!placed) {
      if (!this.placing.has(a.id)) this.recoverPlacement(a);
      return;
    }
    const open = new Map<number, Order>();
    for (const o of this.c.reads.openOrders?.() ?? []) open.set(o.rq, o);
    const seen: ScaleLegSeen[] = placed.rqs.map((rq) => open.get(rq) ?? this.finals.get(rq) ?? this.lookUp(rq));
    const p = scaleProgress(seen);
    this.progress.set(a.id, p);
    if (!scaleOver(p)) return;
    const end = scaleEnd(p, placed.rqs.length, a.start.spec.count);
    this.c.append({ k: 'scale', id: a.id, event: { kind: 'settled', filled: p.filled, filledLegs: p.filledLegs, avgPrice: p.avgPrice ?? 0, cancelled: !end.complete } });
    this.c.append({ k: 'end', id: a.id, complete: end.complete, reason: end.reason }, true);
  }

  /** Its `placed` line from the order journal's requests of its group (the run that placed it died first, or its outcome said too little). */
  recoverPlacement(a: AlgoEntry): void {
    this.placing.delete(a.id);
    if (a.start.kind !== 'scale') return;
    const journal = this.c.reads.orderJournal();
    if (journal === null) return this.c.hold(a.id, 'the order journal cannot be read');
    const requests = [...groupRequests(journal, a.start.spec.group).values()];
    const rqs = requests.filter((r) => !(r.resolved && NEVER_EXECUTED.has(r.resolved))).map((r) => r.rqs[r.rqs.length - 1]!);
    this.placed(a.id, rqs, requests.length);
  }

  /** Starts a look-up of a leg gone from the open orders; undefined (not known yet) until its final row is found. */
  private lookUp(rq: number): ScaleLegSeen {
    const now = this.c.now();
    const last = this.lookedAt.get(rq);
    if (last !== undefined && now - last < LOOKUP_RETRY_MS) return undefined;
    this.lookedAt.set(rq, now);
    void this.c.reads
      .orderByRq(rq)
      .then((row) => {
        if (row && FINAL.has(row.st)) this.finals.set(rq, row);
        else if (!row && this.neverExecuted(rq)) this.finals.set(rq, 'never');
      })
      .catch((e: unknown) => this.c.log?.(`scale leg rq ${rq}: ${userMessage(e)}`));
    return undefined;
  }

  /** The order journal says the request of `rq` never executed (refused, given up, failed). */
  private neverExecuted(rq: number): boolean {
    const journal = this.c.reads.orderJournal() ?? [];
    for (const r of journal) if (r.k === 'request' && r.rq === rq) return journal.some((x) => x.k === 'resolved' && x.key === r.key && NEVER_EXECUTED.has(x.result));
    return false;
  }
}
