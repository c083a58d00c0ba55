// The engine's lookups of its requests: by client key, by every rq used, by frame sn (acks) and, for
// Cancel / Change, by the order they target. Bounded: the oldest finished requests are forgotten.

import { OrderType } from '../../protocol/enums.js';
import type { TrackedRequest } from './tracked-request.js';

export class RequestIndex {
  private readonly byKey = new Map<string, TrackedRequest>();
  private readonly rqs = new Map<number, TrackedRequest>();
  private readonly sns = new Map<number, TrackedRequest>();
  private readonly targets = new Map<number, TrackedRequest>();

  constructor(private readonly keepFinished = 500) {}

  add(req: TrackedRequest): void {
    this.byKey.set(req.key, req);
    for (const rq of req.rqHistory) this.rqs.set(rq, req);
    if ((req.draft.t === OrderType.Cancel || req.draft.t === OrderType.Change) && req.draft.oid !== undefined) {
      this.targets.set(req.draft.oid, req);
    }
  }
  addRq(rq: number, req: TrackedRequest): void {
    this.rqs.set(rq, req);
  }
  addSn(sn: number, req: TrackedRequest): void {
    this.sns.set(sn, req);
  }
  /** The request a frame sn belongs to; the mapping is dropped (one mt 3 per frame). */
  takeSn(sn: number): TrackedRequest | undefined {
    const req = this.sns.get(sn);
    this.sns.delete(sn);
    return req;
  }
  byRq(rq: number): TrackedRequest | undefined {
    return this.rqs.get(rq);
  }
  byTarget(oid: number): TrackedRequest | undefined {
    return this.targets.get(oid);
  }
  all(): TrackedRequest[] {
    return [...this.byKey.values()];
  }

  /** Forgets the oldest finished requests beyond `keepFinished`. */
  prune(): void {
    let finished = 0;
    for (const r of this.byKey.values()) if (r.done) finished++;
    for (const [key, r] of this.byKey) {
      if (finished <= this.keepFinished) return;
      if (!r.done) continue;
      this.byKey.delete(key);
      for (const rq of r.rqHistory) if (this.rqs.get(rq) === r) this.rqs.delete(rq);
      for (const [sn, x] of this.sns) if (x === r) this.sns.delete(sn);
      if (r.draft.oid !== undefined && this.targets.get(r.draft.oid) === r) this.targets.delete(r.draft.oid);
      finished--;
    }
  }
}
