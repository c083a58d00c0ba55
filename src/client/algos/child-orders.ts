// Which exchange orders are an algo's children, from what outlives a restart: the order journal's requests
// of group `algo <cid>` (kept through compaction) and their updates naming the order id, and the rqs the algo
// journal noted per child (child-rqs). The Algos tab's average and slippage then cover every child's fills
// the session knows (its fills snapshot after a restart), not only the orders seen this run.

import type { JournalRecord } from '../trading/journal-record.js';
import type { AlgoEntry } from './algo-fold.js';
import { algoOfChildGroup } from './child-outcome.js';

export interface AlgoChildOrders {
  /** Algo id by child order id. */
  byOrder: Map<number, string>;
  /** Algo id by the rq of a child that filled whose order id the order journal does not hold (looked up on the exchange). */
  unmatchedRqs: Map<number, string>;
}

export function algoChildOrders(records: readonly JournalRecord[], entries: readonly AlgoEntry[]): AlgoChildOrders {
  const algoOfKey = new Map<string, string>();
  const algoOfRq = new Map<number, string>();
  /** Only the rqs of children that filled (or may have) are worth a look-up. */
  const filledRqs = new Set<number>();
  for (const a of entries) {
    for (const c of a.children) {
      for (const rq of c.rqs) {
        algoOfRq.set(rq, a.id);
        if (!c.done || c.done.filled > 0) filledRqs.add(rq);
      }
    }
  }
  for (const r of records) {
    if (r.k !== 'request') continue;
    const id = algoOfChildGroup(r.group) ?? algoOfRq.get(r.rq);
    if (id === undefined) continue;
    algoOfKey.set(r.key, id);
    if (r.rq > 0) algoOfRq.set(r.rq, id);
  }
  const byOrder = new Map<number, string>();
  const matched = new Set<number>();
  for (const r of records) {
    if (r.k !== 'update' || r.oid === undefined) continue;
    const id = algoOfKey.get(r.key) ?? algoOfRq.get(r.rq);
    if (id === undefined) continue;
    byOrder.set(r.oid, id);
    matched.add(r.rq);
  }
  const unmatchedRqs = new Map([...algoOfRq].filter(([rq]) => filledRqs.has(rq) && !matched.has(rq)));
  return { byOrder, unmatchedRqs };
}
