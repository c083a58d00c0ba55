// What the screen knows of an algo (the store's `algos` slice, the Algos tab) and what it may ask of the
// algo runner (TerminalServices.algos): declared here so ui/ and state/ never see client/.

import type { Side } from '../trading/side.js';
import type { TriggerSource } from '../trading/protection.js';
import type { AlgoDistance } from './distance.js';
import type { ChaseSpec } from './chase.js';
import type { ScaleGroup } from './scale.js';
import type { TrailSpec } from './trail.js';
import type { TwapSpec } from './twap.js';

/** Why a scaled order has no pause or resume: its legs rest on the exchange, nothing of it waits to be sent. */
export const SCALE_NO_PAUSE = 'a scaled order has no pause';

export type AlgoRowStatus = 'running' | 'paused' | 'held' | 'ended';

export interface AlgoRow {
  id: string;
  kind: string;
  marketId: number;
  side: Side;
  /** Size units. */
  target: number;
  filled: number;
  status: AlgoRowStatus;
  /** Ended having done all it was asked. */
  complete: boolean;
  /** Why it is paused / held / ended, or what it did last. */
  reason: string;
  /** The mark when it started, price ticks. */
  arrivalMark: number;
  /** Average price of its fills seen this run, price ticks; null before the first. */
  avgPrice: number | null;
  /** What it does next, in words ("slice 3 of 20 in 14s"); empty once ended. */
  next: string;
  children: number;
  /** A trailing stop's facts (kind 'trail'). */
  trail?: TrailRowFacts;
  /** A chase limit's facts (kind 'chase'). */
  chase?: ChaseRowFacts;
  /** A scaled order's facts (kind 'scale'). */
  scale?: ScaleRowFacts;
}

/** Where a scaled order's legs stand, for its row and the quit question. */
export interface ScaleRowFacts {
  /** Its order group (`scale-...`): `X` cancels the open orders of this group. */
  group: string;
  /** Legs asked for; legs placed (null while the placement is on its way). */
  count: number;
  placed: number | null;
  /** Legs resting now and their open size, size units. */
  resting: number;
  restingSize: number;
  /** Legs wholly filled. */
  filledLegs: number;
  /** First and last leg's price, ticks; skew hundredths. */
  from: number;
  to: number;
  skew: number;
}

/** Where a trailing stop stands, for its row and the quit question. */
export interface TrailRowFacts {
  /** The stop the exchange holds for it now, ticks; null before the first is armed. */
  stop: number | null;
  /** The price it follows (mark or last trade) now, ticks; null when not known. */
  reference: number | null;
  on: TriggerSource;
  /** The position's liquidation price now, ticks; null when not known. */
  liquidation: number | null;
  distance: AlgoDistance;
  /** holding: waiting for the price; moving: a new stop is being armed / the old cancelled; ended: its stop went. */
  phase: 'holding' | 'moving' | 'ended';
}

/** Where a chase limit stands, for its row and the quit question. */
export interface ChaseRowFacts {
  /** Its order resting on the exchange now (limit price ticks, size open); null when none rests. */
  resting: { price: number; size: number } | null;
  /** The price it started at and the furthest it may follow the book to, ticks. */
  startPrice: number;
  boundPrice: number;
  /** Ms left to its deadline (0 once passed). */
  leftMs: number;
  maxDistance: AlgoDistance;
  atBound: 'leave' | 'cancel';
}

/** The runner as the screen drives it: each answer null when done, else the refusal in words. */
export interface AlgoControl {
  startTwap(spec: TwapSpec): { id: string } | { refused: string };
  startTrail(spec: TrailSpec): { id: string } | { refused: string };
  startChase(spec: ChaseSpec): { id: string } | { refused: string };
  /** Journals a scaled order about to be placed (its legs are sent by the caller, as any order); the runner only follows its legs. */
  startScale(group: ScaleGroup): { id: string } | { refused: string };
  /**
   * The legs of scale `id` that were placed (their rqs) out of `sent` sent: from now on it runs while one rests.
   * `rqs` null: the outcome did not say each leg's; the order journal's requests of its group are read instead.
   */
  scalePlaced(id: string, rqs: readonly number[] | null, sent: number): void;
  pause(id: string): string | null;
  unpause(id: string): string | null;
  cancel(id: string): string | null;
  /** Stops every running algo (panic): no new child from any; returns how many were stopped. */
  stopAll(reason: string): number;
}

/** One of an algo's own lines for the Journal (client/algos/algo-lines.ts words it): when, which algo, the words. */
export interface AlgoLine {
  timeMs: number;
  id: string;
  text: string;
}
