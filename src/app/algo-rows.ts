// The Algos tab's rows from the runner's folded algos: progress, the average of the fills this run saw of
// their children, and the next move in words (nextTwapStep asked the way the runner asks it).

import type { AlgoEntry } from '../client/algos/algo-fold.js';
import type { AlgoView } from '../client/algos/algo-runner.js';
import { twapStateOf } from '../client/algos/algo-fold.js';
import { nextTwapStep } from '../domain/algos/twap.js';
import { marketWords, priceText } from '../domain/trading/order-words.js';
import type { AlgoRow } from '../domain/algos/algo-row.js';
import type { Market } from '../protocol/frames.js';

/** Size-weighted fill price sums of one algo's children: price x size and size (scaled integers). */
export interface AlgoFillSum {
  notional: bigint;
  size: number;
}

export interface AlgoRowFacts {
  now: number;
  market(id: number): Market | undefined;
  mark(id: number): number | undefined;
  fills(id: string): AlgoFillSum | undefined;
}

function nextWords(a: AlgoEntry, v: AlgoView, f: AlgoRowFacts): string {
  if (a.status === 'ended') return '';
  if (a.status === 'paused') return 'paused';
  if (a.status === 'held') return 'held';
  const market = f.market(a.start.spec.marketId);
  if (!market) return '';
  const start = a.start;
  if (start.kind === 'trail') return v.stopLevel != null ? `stop at ${priceText(v.stopLevel, marketWords(market, market.id))}, trailing` : 'arming its first stop';
  if (start.kind === 'chase') return `chasing the top, bound ${priceText(start.boundPrice, marketWords(market, market.id))}`;
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

/** The price an algo is measured from: a TWAP's arrival mark, a chase's start price, a trail's first stop. */
function arrivalOf(a: AlgoEntry): number {
  if (a.start.kind === 'twap') return a.start.arrivalMark;
  if (a.start.kind === 'chase') return a.start.startPrice;
  return a.start.spec.stop?.price ?? 0;
}

/** The runner's views with what the tab adds: the arrival mark, the average fill and the next move. */
export function algoRows(views: readonly AlgoView[], entries: readonly AlgoEntry[], f: AlgoRowFacts): AlgoRow[] {
  const byId = new Map(entries.map((a) => [a.id, a]));
  return views.flatMap((v) => {
    const a = byId.get(v.id);
    if (!a) return [];
    const sum = f.fills(v.id);
    return [{ ...v, arrivalMark: arrivalOf(a), avgPrice: sum && sum.size > 0 ? Number(sum.notional / BigInt(sum.size)) : null, next: nextWords(a, v, f) }];
  });
}
