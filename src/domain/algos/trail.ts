// The trailing stop's decisions (issue 31 item 2): an exchange-held stop-loss trigger linked to a position,
// moved as the price moves in the position's favour, never loosened, at most once per block and by at
// least a minimum step. Pure: the runner (client/algos/) passes the price and the head block in, asks what
// the next level is, and moves the stop by replace (trail-replace.ts: arm the new one, then cancel the old).

import type { Market } from '../../protocol/frames.js';
import type { Side, TriggerSpec } from '../trading/command-params.js';
import { marketWords, priceText } from '../trading/order-words.js';
import type { TriggerSource } from '../trading/protection.js';
import { stopLiquidationProblem } from '../trading/stop-liquidation.js';
import { distanceProblem, distanceText, distanceTicks, type AlgoDistance } from './distance.js';

/** A stop trigger the exchange holds: its trigger price (ticks) and order id. */
export interface HeldStop {
  price: number;
  orderId: number;
}

export interface TrailSpec {
  marketId: number;
  /** The position the stop protects (its size in size units): a long's stop sits below the price, a short's above. */
  position: { id: number; side: Side; size: number };
  /** How far behind the price the stop follows. */
  distance: AlgoDistance;
  /** Which price the stop triggers on and the trail follows (mark by default, as for stops). */
  on: TriggerSource;
  /** The least a move tightens the stop by, ticks (a move of less is not worth an order). */
  minStepTicks: number;
  /** The stop the exchange holds when the trail starts (the trail takes it over); null: the trail arms the first. */
  stop: HeldStop | null;
}

/** Where a stop replace stands (trail-replace.ts moves it). */
export type TrailPhase =
  /** The exchange holds `stop` (or nothing yet); waiting for the price to move. `note`: why the last move did not happen. */
  | { kind: 'holding'; note?: string }
  /** The new trigger is sent; the old one stays armed until the new one is on the exchange. */
  | { kind: 'arming'; plan: TrailReplacePlan }
  /** The new trigger is armed (it is the state's `stop`); the old one is being cancelled. `note`: why the last cancel failed. */
  | { kind: 'cancelling'; oldOrderId: number; note?: string }
  /** The trail is over (its stop fired, was filled or removed outside the trail); `reason` says which. */
  | { kind: 'ended'; reason: string };

/** A move of the stop as data: arm a trigger at `arm` (ticks), and only once it is armed cancel `thenCancel`. */
export interface TrailReplacePlan {
  arm: number;
  /** The old stop's order id; null when there is none (the trail's first stop). */
  thenCancel: number | null;
}

export interface TrailState {
  spec: TrailSpec;
  /** The stop the exchange holds for the trail now; null before the first is armed. */
  stop: HeldStop | null;
  /** The block a replace was last sent in (one per block, refused or not); null before any. */
  movedAtBlock: number | null;
  phase: TrailPhase;
}

/** What a trail's parameters are checked against besides the market. */
export interface TrailContext {
  /** The trigger source's price now (the mark, or the last trade for `on: 'last'`), ticks; null when none is known. */
  reference: number | null;
  /** The position's liquidation price as it stands (risk.ts positionLiquidation), ticks; null: none. */
  liquidation: number | bigint | null;
  /** The account's resting trigger orders now. */
  openTriggerOrders: number;
  /** The context's `max_account_trigger_orders`; undefined when not known. */
  maxAccountTriggerOrders: number | undefined;
}

const isLong = (spec: TrailSpec): boolean => spec.position.side === 'long';
const positiveInteger = (n: number): boolean => Number.isSafeInteger(n) && n > 0;

/**
 * The stop level `distance` behind `price` for the spec's position (below for a long, above for a short),
 * rounded to ticks away from the price: the gap is never narrower than asked.
 */
export function trailLevelAt(spec: Pick<TrailSpec, 'position' | 'distance'>, price: number): number {
  const gap = distanceTicks(spec.distance, price, 'up');
  return spec.position.side === 'long' ? price - gap : price + gap;
}

/** How many ticks `level` is tighter than `current` for a long (`long`) or a short; negative when looser. */
function tightening(long: boolean, current: number, level: number): number {
  return long ? level - current : current - level;
}

/**
 * Trigger slots a trail needs free under max_account_trigger_orders: a move arms the new stop before it
 * cancels the old, so it holds one more than its stop for a moment; one that takes over no stop also arms
 * its first (two in all).
 */
export function trailTriggerSlots(spec: Pick<TrailSpec, 'stop'>): number {
  return spec.stop ? 1 : 2;
}

/**
 * Why the trail cannot start, naming the bad parameter, or null when it can: the position, the trigger
 * source, the minimum step, the distance (above 0, below 50 %, not under the step), the first stop against
 * the liquidation price (stop-liquidation.ts), and the free trigger slots under `max_account_trigger_orders`
 * trailTriggerSlots says.
 */
export function validateTrailSpec(spec: TrailSpec, market: Market | undefined, ctx: TrailContext): string | null {
  if (!market) return `market ${spec.marketId} is not in the context`;
  const words = marketWords(market, spec.marketId);
  if (!market.config.is_open) return `market ${words.label} is closed`;
  const { position } = spec;
  if (!positiveInteger(position.id)) return `position ${position.id} is not a position id`;
  if (position.side !== 'long' && position.side !== 'short') return `position side ${String(position.side)} must be long or short`;
  if (!positiveInteger(position.size)) return 'the position has no size to protect';
  if (spec.on !== 'mark' && spec.on !== 'last') return `trigger ${String(spec.on)} must be mark or last`;
  if (!positiveInteger(spec.minStepTicks)) return `min step ${spec.minStepTicks} must be a whole number of ticks, 1 or more`;
  const sourceName = spec.on === 'mark' ? 'mark' : 'last trade';
  if (ctx.reference === null || !positiveInteger(ctx.reference)) return `no ${sourceName} price yet to trail from`;
  const distance = distanceProblem('distance', spec.distance, ctx.reference, words);
  if (distance) return distance;
  const gap = distanceTicks(spec.distance, ctx.reference, 'up');
  if (spec.minStepTicks > gap) return `min step ${priceText(spec.minStepTicks, words)} is wider than the distance ${distanceText(spec.distance, words)} (${priceText(gap, words)})`;
  const first = trailLevelAt(spec, ctx.reference);
  const beyond = stopLiquidationProblem({ name: 'SL', long: isLong(spec), price: first, liquidation: ctx.liquidation }, words);
  if (beyond) return `distance ${distanceText(spec.distance, words)}: ${beyond}`;
  if (spec.stop && (!positiveInteger(spec.stop.price) || !positiveInteger(spec.stop.orderId))) return 'the stop held now has no valid price or order id';
  const cap = ctx.maxAccountTriggerOrders;
  const slots = trailTriggerSlots(spec);
  if (cap !== undefined && ctx.openTriggerOrders + slots > cap) {
    const why = slots === 1 ? 'one free to arm each new stop before it cancels the old' : 'two free: one for its first stop, one to arm each new stop before it cancels the old';
    return `the account has ${ctx.openTriggerOrders} trigger orders (max_account_trigger_orders ${cap}): the trail needs ${why}`;
  }
  return null;
}

/** A trail as it starts: holding the stop the exchange holds (if any), no move yet. */
export function startTrail(spec: TrailSpec): TrailState {
  return { spec, stop: spec.stop, movedAtBlock: null, phase: { kind: 'holding' } };
}

/**
 * The new stop level when `price` (the trigger source's price, ticks) at head block `block` moved in the
 * position's favour: `distance` behind it, rounded away from it, when that tightens the held stop by at least
 * the minimum step (or arms the first stop). Null otherwise: it would loosen or barely move the stop, a move
 * was already sent in this block, a replace is still in flight, or the trail has ended.
 */
export function nextTrailLevel(state: TrailState, price: number, block: number): number | null {
  if (state.phase.kind !== 'holding') return null;
  if (!positiveInteger(price)) return null;
  if (state.movedAtBlock !== null && block <= state.movedAtBlock) return null;
  const level = trailLevelAt(state.spec, price);
  if (level <= 0) return null;
  if (state.stop === null) return level;
  return tightening(isLong(state.spec), state.stop.price, level) >= state.spec.minStepTicks ? level : null;
}

/** The replace that moves the stop to `level`: arm it, then cancel the stop held now. */
export function trailReplacePlan(state: TrailState, level: number): TrailReplacePlan {
  return { arm: level, thenCancel: state.stop?.orderId ?? null };
}

/** The trigger the runner arms for a plan (replaceProtection's `sl`): the whole position, on the trail's source. */
export function trailStopTrigger(state: TrailState, plan: TrailReplacePlan): TriggerSpec {
  return { price: plan.arm, on: state.spec.on };
}
