// An algo as its journal lines say it stands: folded in file order. Pure (no disk, no clock), so the
// runner, `perpl algos` and tests read one algo the same way.

import type { TwapState } from '../../domain/algos/twap.js';
import { startTrail, type TrailState } from '../../domain/algos/trail.js';
import { trailReplaceStep } from '../../domain/algos/trail-replace.js';
import type { Side } from '../../domain/trading/command-params.js';
import type { ChaseDecision, ChaseState } from '../../domain/algos/chase.js';
import { chaseStep } from '../../domain/algos/chase-progress.js';
import type { AlgoRecord, AlgoStart, AlgoStatus } from './algo-record.js';
import type { ScaleEvent } from './scale-record.js';

export interface AlgoChild {
  cid: string;
  slice: number;
  size: number;
  price: number;
  /** Every rq the order engine gave it (a request moved to a new rq keeps its older ones). */
  rqs: number[];
  /** Its outcome, once known. */
  done?: { filled: number; spent: boolean; result: string; message: string };
}

export interface AlgoEntry {
  id: string;
  startedAt: number;
  start: AlgoStart;
  status: AlgoStatus | 'ended';
  /** Why it is paused / held / ended, or what it did last. */
  reason: string;
  complete: boolean;
  children: AlgoChild[];
  /** A trailing stop's state: its journaled replace events folded through trailReplaceStep. */
  trail?: TrailState;
  /**
   * A chase's state (its journaled events folded through chaseStep), how many orders it placed, what it sent
   * last, what its live order filled so far (fills counted since it was placed), and who ended it (`why`).
   */
  chase?: { state: ChaseState; places: number; lastSent: ChaseDecision | null; liveFilled: number; why?: string };
  /** A scaled order's legs: placed (null while its placement is on its way), and what they filled once none rests. */
  scale?: { placed: Extract<ScaleEvent, { kind: 'placed' }> | null; settled: Extract<ScaleEvent, { kind: 'settled' }> | null };
}

/** The child journaled whose outcome is not known yet (at most one: a new child waits for it). */
export function childInFlight(a: AlgoEntry): AlgoChild | undefined {
  return a.children.find((c) => !c.done);
}

/** What any algo works on, whatever its kind: its side, what it filled and of what (a trail fills nothing itself). */
export function algoSummary(a: AlgoEntry): { side: Side; filled: number; target: number } {
  if (a.start.kind === 'trail') return { side: a.start.spec.position.side, filled: 0, target: a.start.spec.position.size };
  if (a.start.kind === 'chase') return { side: a.start.spec.side, filled: a.chase?.state.filled ?? 0, target: a.start.spec.size };
  if (a.start.kind === 'scale') return { side: a.start.spec.side, filled: a.scale?.settled?.filled ?? 0, target: a.start.spec.size };
  return { side: a.start.spec.side, filled: twapStateOf(a).filled, target: a.start.spec.size };
}

/** The TWAP's progress as nextTwapStep reads it. */
export function twapStateOf(a: AlgoEntry): TwapState {
  let filled = 0;
  let inFlight = 0;
  let sentSlices = 0;
  for (const c of a.children) {
    if (c.done) filled += c.done.filled;
    else inFlight += c.size;
    if (!c.done || c.done.spent) sentSlices += 1;
  }
  const start = a.start.kind === 'twap' ? a.start : { arrivalMark: 0, seed: 0 };
  return { startMs: a.startedAt, arrivalMark: start.arrivalMark, seed: start.seed, sentSlices, filled, inFlight };
}

/** Every algo the lines describe, in the order they started. Lines of an unknown algo are ignored. */
export function foldAlgos(records: readonly AlgoRecord[]): AlgoEntry[] {
  const byId = new Map<string, AlgoEntry>();
  for (const r of records) {
    if (r.k === 'start') {
      const { t, id, k: _k, ...start } = r;
      const entry: AlgoEntry = { id, startedAt: t, start, status: 'running', reason: 'started', complete: false, children: [] };
      if (start.kind === 'trail') entry.trail = startTrail(start.spec);
      if (start.kind === 'chase') {
        const { spec, startPrice, boundPrice, deadlineMs } = start;
        entry.chase = { state: { spec, startPrice, boundPrice, deadlineMs, filled: 0, live: null, pending: null, ended: null }, places: 0, lastSent: null, liveFilled: 0 };
      }
      if (start.kind === 'scale') entry.scale = { placed: null, settled: null };
      byId.set(id, entry);
      continue;
    }
    const a = byId.get(r.id);
    if (!a) continue;
    switch (r.k) {
      case 'child':
        a.children.push({ cid: r.cid, slice: r.slice, size: r.size, price: r.price, rqs: [] });
        break;
      case 'child-rqs': {
        const c = a.children.find((x) => x.cid === r.cid);
        if (c) for (const rq of r.rqs) if (!c.rqs.includes(rq)) c.rqs.push(rq);
        break;
      }
      case 'child-done': {
        const c = a.children.find((x) => x.cid === r.cid);
        if (c && !c.done) c.done = { filled: r.filled, spent: r.spent, result: r.result, message: r.message };
        break;
      }
      case 'trail':
        if (a.trail) a.trail = trailReplaceStep(a.trail, r.event);
        break;
      case 'chase':
        if (a.chase) {
          a.chase.state = chaseStep(a.chase.state, r.event);
          if (r.event.kind === 'placed') a.chase.liveFilled = 0;
          if (r.event.kind === 'fill') a.chase.liveFilled += r.event.size;
          if (r.event.kind === 'sent') {
            const d = r.event.decision;
            a.chase.lastSent = d;
            if (d.kind === 'place') a.chase.places += 1;
            if (d.kind === 'end' && d.why !== undefined) a.chase.why = d.why;
          }
        }
        break;
      case 'scale':
        if (a.scale && a.start.kind === 'scale') {
          if (r.event.kind === 'placed') {
            a.scale.placed = r.event;
            a.reason = `${r.event.rqs.length} of ${a.start.spec.count} legs placed`;
          } else a.scale.settled = r.event;
        }
        break;
      case 'state':
        if (a.status !== 'ended') {
          a.status = r.status;
          a.reason = r.reason;
        }
        break;
      case 'end':
        a.status = 'ended';
        a.reason = r.reason;
        a.complete = r.complete;
        break;
    }
  }
  return [...byId.values()];
}
