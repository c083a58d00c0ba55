// The Algos tab's rows from the runner's folded algos: progress, the average of the fills the session knows
// of their children, what a trail's stop and a chase's order stand at, and the next move in words
// (nextTwapStep asked the way the runner asks it; a trail's next move where trailMovesAt says); a scaled
// order's legs resting and filled (as the runner last looked at them, its settled line once over).

import type { AlgoEntry } from '../client/algos/algo-fold.js';
import type { AlgoView } from '../client/algos/algo-runner.js';
import { twapStateOf } from '../client/algos/algo-fold.js';
import { nextTwapStep } from '../domain/algos/twap.js';
import { trailMovesAt } from '../domain/algos/trail-next.js';
import { startTrail, type TrailState } from '../domain/algos/trail.js';
import { timeLeftText } from '../domain/algos/time-left.js';
import { marketWords, priceText, type MarketWords } from '../domain/trading/order-words.js';
import type { AlgoRow, ChaseRowFacts, ScaleRowFacts, TrailRowFacts } from '../domain/algos/algo-row.js';
import type { ScaleProgress } from '../domain/algos/scale-progress.js';
import type { Fill, Market } from '../protocol/frames.js';

/** Size-weighted fill price sums of one algo's children: price x size and size (scaled integers). */
export interface AlgoFillSum {
  notional: bigint;
  size: number;
}

/** The fills of each algo's children, by algo: `algoOfOrder` names the algo of a child order id. */
export function algoFillSums(fills: Iterable<Pick<Fill, 'oid' | 'p' | 's'>>, algoOfOrder: ReadonlyMap<number, string>): Map<string, AlgoFillSum> {
  const sums = new Map<string, AlgoFillSum>();
  for (const f of fills) {
    const id = algoOfOrder.get(f.oid);
    if (id === undefined) continue;
    const s = sums.get(id) ?? { notional: 0n, size: 0 };
    s.notional += BigInt(f.p ?? 0) * BigInt(f.s);
    s.size += f.s;
    sums.set(id, s);
  }
  return sums;
}

export interface AlgoRowFacts {
  now: number;
  market(id: number): Market | undefined;
  mark(id: number): number | undefined;
  /** The last trade's price, ticks (a trail on `last`); absent: not known. */
  lastTrade?(id: number): number | undefined;
  /** Position `positionId`'s liquidation price now, ticks; absent or null: not known. */
  liquidation?(positionId: number): number | null;
  fills(id: string): AlgoFillSum | undefined;
  /** A scaled order's legs as the runner last looked at them; absent or undefined: not looked at yet. */
  scaleLegs?(id: string): ScaleProgress | undefined;
}

/** The trail as folded (a start with no replace yet folds to startTrail). */
const trailStateOf = (a: AlgoEntry): TrailState | null => a.trail ?? (a.start.kind === 'trail' ? startTrail(a.start.spec) : null);

function trailNext(a: AlgoEntry, t: TrailRowFacts, words: MarketWords): string {
  const state = trailStateOf(a);
  if (!state || state.phase.kind === 'ended') return '';
  if (state.phase.kind === 'arming') return `arming stop ${priceText(state.phase.plan.arm, words)}`;
  if (state.phase.kind === 'cancelling') return 'cancelling old stop';
  if (!state.stop) return 'arming its first stop';
  const at = trailMovesAt(state.spec, state.stop.price);
  return at === null ? 'holding its stop' : `moves at ${t.on} ${priceText(at, words)}`;
}

function chaseNext(a: AlgoEntry, c: ChaseRowFacts, words: MarketWords): string {
  const state = a.chase?.state;
  if (!state || state.ended) return '';
  if (state.pending) return 'awaiting the exchange';
  const buy = state.spec.side === 'long';
  if (!c.resting) return `placing at the ${buy ? 'bid' : 'ask'}`;
  return `${buy ? 'max' : 'min'} ${priceText(c.boundPrice, words)}, ${timeLeftText(c.leftMs)} left`;
}

function twapNext(a: AlgoEntry, market: Market, f: AlgoRowFacts): string {
  if (a.start.kind !== 'twap') return '';
  const start = a.start;
  const state = twapStateOf(a);
  const step = nextTwapStep(start.spec, state, f.now, { market, mark: f.mark(market.id) });
  switch (step.kind) {
    case 'wait':
      return `slice ${state.sentSlices + 1}/${start.spec.slices} in ${Math.max(0, Math.ceil((step.untilMs - f.now) / 1000))}s`;
    case 'await-child':
      return 'awaiting a slice';
    case 'send':
      return `slice ${step.slice + 1}/${start.spec.slices} now`;
    case 'done':
      return step.reason;
  }
}

function scaleNext(s: ScaleRowFacts): string {
  if (s.placed === null) return `placing ${s.count} legs`;
  if (s.resting === 0) return 'awaiting the exchange';
  return `${s.resting} leg${s.resting === 1 ? '' : 's'} resting`;
}

function nextWords(a: AlgoEntry, row: Pick<AlgoRow, 'trail' | 'chase' | 'scale'>, f: AlgoRowFacts): string {
  if (a.status === 'ended') return '';
  if (a.status === 'paused') return 'paused';
  if (a.status === 'held') return 'held';
  const market = f.market(a.start.spec.marketId);
  if (!market) return '';
  const words = marketWords(market, market.id);
  if (row.trail) return trailNext(a, row.trail, words);
  if (row.chase) return chaseNext(a, row.chase, words);
  if (row.scale) return scaleNext(row.scale);
  return twapNext(a, market, f);
}

function trailFacts(a: AlgoEntry, f: AlgoRowFacts): TrailRowFacts | undefined {
  if (a.start.kind !== 'trail') return undefined;
  const { spec } = a.start;
  const state = trailStateOf(a);
  const phase = state?.phase.kind ?? 'holding';
  const reference = spec.on === 'mark' ? f.mark(spec.marketId) : f.lastTrade?.(spec.marketId);
  return {
    stop: state?.stop?.price ?? null,
    reference: reference ?? null,
    on: spec.on,
    liquidation: f.liquidation?.(spec.position.id) ?? null,
    distance: spec.distance,
    phase: phase === 'arming' || phase === 'cancelling' ? 'moving' : phase === 'ended' ? 'ended' : 'holding',
  };
}

function chaseFacts(a: AlgoEntry, f: AlgoRowFacts): ChaseRowFacts | undefined {
  if (a.start.kind !== 'chase') return undefined;
  const { spec, startPrice, boundPrice, deadlineMs } = a.start;
  const live = a.chase?.state.live ?? null;
  return {
    resting: live ? { price: live.price, size: live.remaining } : null,
    startPrice,
    boundPrice,
    leftMs: Math.max(0, deadlineMs - f.now),
    maxDistance: spec.maxDistance,
    atBound: spec.atBound,
  };
}

/** A scaled order's legs: live while it runs, its settled line once over. */
function scaleFacts(a: AlgoEntry, f: AlgoRowFacts): { facts: ScaleRowFacts; filled: number; avgPrice: number | null } | undefined {
  if (a.start.kind !== 'scale' || !a.scale) return undefined;
  const { spec } = a.start;
  const live = f.scaleLegs?.(a.id);
  const settled = a.scale.settled;
  const facts: ScaleRowFacts = {
    group: spec.group,
    count: spec.count,
    placed: a.scale.placed?.rqs.length ?? null,
    resting: settled ? 0 : (live?.resting ?? 0),
    restingSize: settled ? 0 : (live?.restingSize ?? 0),
    filledLegs: settled?.filledLegs ?? live?.filledLegs ?? 0,
    from: spec.from,
    to: spec.to,
    skew: spec.skew,
  };
  if (settled) return { facts, filled: settled.filled, avgPrice: settled.filled > 0 ? settled.avgPrice : null };
  return { facts, filled: live?.filled ?? 0, avgPrice: live?.avgPrice ?? null };
}

/** The price an algo is measured from: a TWAP's arrival mark, a chase's start price, a trail's first stop. */
function arrivalOf(a: AlgoEntry): number {
  if (a.start.kind === 'twap') return a.start.arrivalMark;
  if (a.start.kind === 'chase') return a.start.startPrice;
  if (a.start.kind === 'scale') return a.start.spec.from;
  return a.start.spec.stop?.price ?? 0;
}

/** The runner's views with what the tab adds: the arrival mark, the average fill, each kind's facts and the next move. */
export function algoRows(views: readonly AlgoView[], entries: readonly AlgoEntry[], f: AlgoRowFacts): AlgoRow[] {
  const byId = new Map(entries.map((a) => [a.id, a]));
  return views.flatMap((v) => {
    const a = byId.get(v.id);
    if (!a) return [];
    const sum = f.fills(v.id);
    const trail = trailFacts(a, f);
    const chase = chaseFacts(a, f);
    const scale = scaleFacts(a, f);
    const kindFacts = { ...(trail ? { trail } : {}), ...(chase ? { chase } : {}), ...(scale ? { scale: scale.facts } : {}) };
    const { stopLevel: _stopLevel, ...view } = v;
    // A scaled order's fills are its legs' rows (filled size and average fill price), this run's or not.
    const avgPrice = scale ? scale.avgPrice : sum && sum.size > 0 ? Number(sum.notional / BigInt(sum.size)) : null;
    const filled = scale ? { filled: scale.filled } : {};
    return [{ ...view, ...filled, ...kindFacts, arrivalMark: arrivalOf(a), avgPrice, next: nextWords(a, kindFacts, f) }];
  });
}
