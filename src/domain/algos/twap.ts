// TWAP: a target size cut into slices sent as IOC orders with a price bound, spread over a duration with
// jitter. Pure: the spec, its validation against the market config, and the one decision the runner asks
// for at each tick (`nextTwapStep`). Scaled integers only (price ticks, size units, ms, bps); the jitter
// of each slice is derived from a seed kept in the state, so a restarted runner draws the same schedule.

import type { Market } from '../../protocol/frames.js';
import { fnv1a } from '../../lib/fnv1a.js';
import type { Side } from '../trading/side.js';
import { divCeil, notionalAtoms } from '../trading/notional.js';
import { marketWords, moneyText, sizeText } from '../trading/order-words.js';

export const TWAP_MIN_DURATION_MS = 10_000;
export const TWAP_MAX_DURATION_MS = 24 * 60 * 60 * 1000;
export const TWAP_MAX_SLICES = 1_000;
/** Slices closer than this would queue behind each other in the order budget rather than spread out. */
export const TWAP_MIN_INTERVAL_MS = 1_000;
/** Jitter moves a slice by at most half its interval, so slices never swap order. */
export const TWAP_MAX_JITTER_BPS = 5_000;
export const TWAP_MAX_SLIP_BPS = 1_000;

/** How far each slice may trade: a slippage from the arrival mark, or an absolute limit price. */
export type TwapBound = { kind: 'slip'; bps: number } | { kind: 'limit'; price: number };

export interface TwapSpec {
  marketId: number;
  side: Side;
  /** Target, in size units. */
  size: number;
  durationMs: number;
  slices: number;
  /** Each slice moves by up to this share of the interval, either way (bps of the interval). */
  jitterBps: number;
  bound: TwapBound;
  /** Hundredths (1000 = 10x), as PlaceParams. */
  leverage: number;
}

/** What the runner knows of a TWAP's progress (folded from its journal). */
export interface TwapState {
  startMs: number;
  /** The mark when the TWAP started, price ticks: the slip bound's reference and the slippage report's. */
  arrivalMark: number;
  /** Draws the jitter of each slice (fixed at start, journaled). */
  seed: number;
  /** Slices sent so far (a slice whose send was refused before the wire is not counted). */
  sentSlices: number;
  filled: number;
  /** Size of children sent whose outcome is not known yet. */
  inFlight: number;
}

export interface TwapFacts {
  market: Market;
  /** The mark now, price ticks: the minimum value of a slice is judged at it. */
  mark: number | undefined;
}

export type TwapStep =
  | { kind: 'wait'; untilMs: number; reason: string }
  /** A child is in flight: nothing new until its outcome is known (never a duplicate child). */
  | { kind: 'await-child'; reason: string }
  | { kind: 'send'; slice: number; size: number; price: number }
  | { kind: 'done'; complete: boolean; reason: string };

const BPS = 10_000n;

function intervalMs(spec: TwapSpec): number {
  return Math.floor(spec.durationMs / spec.slices);
}

/** When slice `i` is due: its place on the even schedule moved by its jitter, never before the start. */
export function sliceDueMs(spec: TwapSpec, state: Pick<TwapState, 'startMs' | 'seed'>, i: number): number {
  const interval = intervalMs(spec);
  const nominal = state.startMs + i * interval;
  const reach = Math.floor((interval * spec.jitterBps) / 10_000);
  if (reach === 0 || i === 0) return nominal;
  const draw = fnv1a(`${state.seed}:${i}`) % (2 * reach + 1);
  return nominal + draw - reach;
}

/** The size the schedule wants filled once slice `i` is done: an even share, the last slice the rest. */
export function scheduledThrough(spec: TwapSpec, i: number): number {
  if (i >= spec.slices - 1) return spec.size;
  return Number((BigInt(spec.size) * BigInt(i + 1)) / BigInt(spec.slices));
}

/** The IOC price bound of every slice: the limit, or the arrival mark moved by the slip, rounded inward. */
export function twapPriceBound(spec: TwapSpec, arrivalMark: number): number {
  if (spec.bound.kind === 'limit') return spec.bound.price;
  const mark = BigInt(arrivalMark);
  const bps = BigInt(spec.bound.bps);
  // A buy may pay at most mark x (1 + slip), a sell get at least mark x (1 - slip): rounded toward the mark.
  return spec.side === 'long' ? Number((mark * (BPS + bps)) / BPS) : Number(divCeil(mark * (BPS - bps), BPS));
}

/** The smallest size whose value at `price` meets the exchange minimum for an order that does not rest. */
export function minimumSliceSize(market: Market, price: number): number {
  const minimum = BigInt(market.config.min_settle_amount || '0');
  if (minimum <= 0n || price <= 0) return 1;
  const scales = { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
  const perUnit = notionalAtoms(price, 1, scales);
  if (perUnit <= 0n) return Number.MAX_SAFE_INTEGER;
  return Number(divCeil(minimum, perUnit));
}

function isWhole(n: number, min: number): boolean {
  return Number.isSafeInteger(n) && n >= min;
}

/** A clear refusal naming the bad parameter, or null when the TWAP may start. `mark`: the mark now. */
export function validateTwapSpec(spec: TwapSpec, market: Market | undefined, mark: number | undefined): string | null {
  if (!market || market.id !== spec.marketId) return `market ${spec.marketId} is not listed`;
  if (!market.config.is_open) return `market ${market.symbol || market.name} is closed`;
  if (!isWhole(spec.size, 1)) return 'size: must be a whole number of size units, > 0';
  if (!isWhole(spec.durationMs, TWAP_MIN_DURATION_MS) || spec.durationMs > TWAP_MAX_DURATION_MS) {
    return `duration: must be from ${TWAP_MIN_DURATION_MS / 1000}s to ${TWAP_MAX_DURATION_MS / 3_600_000}h`;
  }
  if (!isWhole(spec.slices, 1) || spec.slices > TWAP_MAX_SLICES) return `slices: must be from 1 to ${TWAP_MAX_SLICES}`;
  if (spec.slices > spec.size) return `slices: ${spec.slices} slices of ${sizeText(spec.size, marketWords(market, spec.marketId))} would leave a slice empty`;
  if (intervalMs(spec) < TWAP_MIN_INTERVAL_MS) return `slices: ${spec.slices} slices in ${spec.durationMs / 1000}s are under ${TWAP_MIN_INTERVAL_MS / 1000}s apart`;
  if (!isWhole(spec.jitterBps, 0) || spec.jitterBps > TWAP_MAX_JITTER_BPS) return `jitter: must be from 0 to ${TWAP_MAX_JITTER_BPS / 100}%`;
  if (!isWhole(spec.leverage, 1)) return 'leverage: must be > 0';
  if (spec.leverage > market.config.initial_margin) return `leverage: above the market maximum ${market.config.initial_margin / 100}x`;
  if (spec.bound.kind === 'slip') {
    if (!isWhole(spec.bound.bps, 1) || spec.bound.bps > TWAP_MAX_SLIP_BPS) return `slip: must be from 1 to ${TWAP_MAX_SLIP_BPS} bps`;
  } else if (!isWhole(spec.bound.price, 1)) return 'limit: must be a positive price';
  if (mark === undefined || mark <= 0) return 'no mark price yet for this market: the price bound and the minimum value need it';
  const smallest = Math.floor(spec.size / spec.slices);
  const minimum = minimumSliceSize(market, mark);
  if (smallest < minimum) {
    return `slices: each slice (${sizeText(smallest, marketWords(market, spec.marketId))}) is under the exchange minimum order value (${moneyText(market.config.min_settle_amount || '0')}); use fewer slices`;
  }
  return null;
}

/**
 * The TWAP's next move at `now`. Never a new child while one is in flight; each child is the schedule's
 * share still missing (the last slice takes whatever remains), never more than the target left.
 */
export function nextTwapStep(spec: TwapSpec, state: TwapState, now: number, facts: TwapFacts): TwapStep {
  const remaining = spec.size - state.filled;
  const left = (): string => sizeText(remaining, marketWords(facts.market, spec.marketId));
  if (state.inFlight > 0) return { kind: 'await-child', reason: 'waiting for the outcome of the slice sent' };
  if (remaining <= 0) return { kind: 'done', complete: true, reason: 'filled' };
  const endMs = state.startMs + spec.durationMs;
  if (state.sentSlices >= spec.slices) {
    return { kind: 'done', complete: false, reason: `every slice sent; ${left()} left unfilled at the price bound` };
  }
  if (now > endMs + intervalMs(spec)) return { kind: 'done', complete: false, reason: `time over; ${left()} left unfilled` };
  const due = sliceDueMs(spec, state, state.sentSlices);
  if (now < due) return { kind: 'wait', untilMs: due, reason: `slice ${state.sentSlices + 1} of ${spec.slices} due` };
  const price = twapPriceBound(spec, state.arrivalMark);
  let size = Math.min(remaining, scheduledThrough(spec, state.sentSlices) - state.filled);
  // A slice under the minimum value would be refused: take more now rather than strand a remainder.
  const minimum = minimumSliceSize(facts.market, facts.mark ?? price);
  if (size < minimum) size = Math.min(remaining, minimum);
  if (size < minimum) return { kind: 'done', complete: false, reason: `${left()} left: under the exchange minimum order value` };
  return { kind: 'send', slice: state.sentSlices, size, price };
}
