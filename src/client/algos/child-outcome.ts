// What became of a child whose outcome this run did not see (sent by a run that died, or whose request
// ended unknown): read from what the exchange and the order journal hold, never guessed. The rules:
//  1. Its rqs: those the algo journal has, plus those of the order journal's requests of group `algo <cid>`
//     (PlaceParams.group: that line is fsynced before the frame leaves, so a child sent has one, and the
//     order journal keeps a group's requests through compaction, journal-file.ts GROUP_KEPT_MS).
//  2. No rq anywhere: it never left this machine -> done, nothing filled, the slice not spent.
//  3. An rq whose order row (open orders, then order history) has a final status: its filled size counts.
//     An order still open: pending (an IOC child never rests; wait for its row).
//  4. An rq with no row: the order journal's `resolved` line of its request says why: refused / given up /
//     failed (it never executed) -> nothing filled; `unknown` -> the algo must end, its fill unknown;
//     resolved as definitive, or not resolved yet (the order engine still follows it) -> pending.
//  5. Nothing executed and every request given up because the run that sent it died before its frame
//     reached the exchange (decision `recovered-expired`: the engine proved the rq can no longer execute)
//     -> the slice is not spent: it never had its turn at the market, so it goes again rather than being
//     skipped (a skipped last slice would end the TWAP short "at the price bound", which never applied).
//     Anything the exchange itself refused, failed or never took while the run lived stays spent.
// Only when every rq is settled is the child done; until then no new child is sent.

import { OrderStatus } from '../../protocol/enums.js';
import type { Order } from '../../protocol/frames.js';
import { sizeText, type MarketWords } from '../../domain/trading/order-words.js';
import type { RetryCode } from '../../domain/trading/retry.js';
import type { JournalRecord } from '../trading/journal-record.js';
import type { AlgoChild } from './algo-fold.js';

export type ChildVerdict =
  /** `rqs`: every rq the child was sent with, as found. */
  | { kind: 'done'; filled: number; spent: boolean; result: string; message: string; rqs: number[] }
  | { kind: 'pending'; reason: string }
  | { kind: 'unknown'; message: string };

/** The order group of child `cid` (PlaceParams.group), journaled with its request in the order journal. */
export function childGroup(cid: string): string {
  return `${CHILD_GROUP_PREFIX}${cid}`;
}

const CHILD_GROUP_PREFIX = 'algo ';

/** The algo a child's order group belongs to (`algo tw1.3` -> `tw1`); undefined for any other group. */
export function algoOfChildGroup(group: string | undefined): string | undefined {
  if (group === undefined || !group.startsWith(CHILD_GROUP_PREFIX)) return undefined;
  const cid = group.slice(CHILD_GROUP_PREFIX.length);
  const dot = cid.lastIndexOf('.');
  return dot > 0 ? cid.slice(0, dot) : undefined;
}

const FINAL: ReadonlySet<number> = new Set([OrderStatus.Filled, OrderStatus.Canceled, OrderStatus.Expired, OrderStatus.Failed]);
export const NEVER_EXECUTED: ReadonlySet<string> = new Set(['invalid', 'rejected', 'failed', 'gave-up']);

/** A request of an order group as the order journal tells it: its rqs, how it was resolved and the code of its last decision. */
export interface GroupRequest {
  rqs: number[];
  resolved?: string;
  decided?: string;
}

/** The order journal's requests of `cid`: each request key with its rqs and how it was resolved, if it was. */
export function taggedRequests(records: readonly JournalRecord[], cid: string): Map<string, GroupRequest> {
  return groupRequests(records, childGroup(cid));
}

/** The order journal's requests of order group `group` (a child's, a scaled order's), as taggedRequests. */
export function groupRequests(records: readonly JournalRecord[], group: string): Map<string, GroupRequest> {
  const out = new Map<string, GroupRequest>();
  for (const r of records) {
    if (r.k === 'request' && r.group === group) {
      const cur = out.get(r.key) ?? { rqs: [] };
      if (!cur.rqs.includes(r.rq)) cur.rqs.push(r.rq);
      out.set(r.key, cur);
    }
  }
  for (const r of records) {
    const cur = r.k === 'resolved' || r.k === 'decision' ? out.get(r.key) : undefined;
    if (cur && r.k === 'resolved') cur.resolved = r.result;
    if (cur && r.k === 'decision' && r.code !== undefined) cur.decided = r.code;
  }
  return out;
}

/** The engine gave `r` up because the run that sent it died before it reached the exchange (rule 5). */
const DIED_WITH_ITS_RUN: RetryCode = 'recovered-expired';
const diedWithItsRun = (r: GroupRequest | undefined): boolean => r?.resolved === 'gave-up' && r.decided === DIED_WITH_ITS_RUN;

export async function childOutcome(
  child: AlgoChild,
  orderJournal: readonly JournalRecord[],
  orderByRq: (rq: number) => Promise<Order | undefined>,
  words: MarketWords,
): Promise<ChildVerdict> {
  const requests = taggedRequests(orderJournal, child.cid);
  const rqs = new Set(child.rqs);
  for (const r of requests.values()) for (const rq of r.rqs) rqs.add(rq);
  if (rqs.size === 0) return { kind: 'done', filled: 0, spent: false, result: 'never-sent', message: 'never sent (the run stopped before the send)', rqs: [] };
  let filled = 0;
  let executed = false;
  /** A request the exchange refused, failed or never took while its run lived: the slice had its turn. */
  let spentUnexecuted = false;
  for (const rq of rqs) {
    const row = await orderByRq(rq);
    if (row && FINAL.has(row.st)) {
      filled += row.fs;
      executed = true;
      continue;
    }
    if (row) return { kind: 'pending', reason: `rq ${rq} is still open` };
    const request = [...requests.values()].find((r) => r.rqs.includes(rq));
    const last = request?.rqs[request.rqs.length - 1];
    // An earlier rq of a request moved on: the engine moves only from an rq that is spent (never executed).
    if (request && last !== rq) continue;
    if (request?.resolved && NEVER_EXECUTED.has(request.resolved)) {
      if (!diedWithItsRun(request)) spentUnexecuted = true;
      continue;
    }
    if (request?.resolved === 'unknown') return { kind: 'unknown', message: `rq ${rq}: reached the exchange but its outcome is unknown; check order history` };
    return { kind: 'pending', reason: `rq ${rq}: waiting for the exchange's word` };
  }
  if (!executed && !spentUnexecuted) {
    return { kind: 'done', filled: 0, spent: false, result: 'never-reached', message: 'never reached the exchange: the run that sent it stopped first; the slice goes again', rqs: [...rqs] };
  }
  return { kind: 'done', filled, spent: true, result: executed ? 'executed' : 'not-executed', message: `filled ${sizeText(filled, words)} of ${sizeText(child.size, words)} (reconciled)`, rqs: [...rqs] };
}
