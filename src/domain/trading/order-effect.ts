// What an order does to the position in its market once it fills: opens one, increases it, reduces it,
// closes it exactly, or flips it (closes it and opens the other side with the excess). A sell while long
// is a reduce, not a short: the review, the rows and the margin figures follow the effect, not the
// order's side. Pure; sizes are scaled units.

import { PositionSide } from '../../protocol/enums.js';

export type OrderEffectKind = 'open' | 'increase' | 'reduce' | 'close' | 'flip' | 'none';

/** The position an order meets: its side (1 long, 2 short) and size; null or size 0 when flat. */
export interface PositionExposure {
  side: number;
  size: bigint | number;
}

export interface OrderEffect {
  kind: OrderEffectKind;
  /** The part of the order's size that reduces (or closes) the position it meets. */
  reduceSize: bigint;
  /** The part that opens or adds to a position on the order's side. */
  openSize: bigint;
  /** The position before: side and size (0n when flat). */
  sideBefore: number | null;
  sizeBefore: bigint;
  /** The position after the whole order filled: side (null when flat) and size. */
  sideAfter: number | null;
  sizeAfter: bigint;
}

export interface OrderEffectOptions {
  /** A close order (t 3 / 4): never opens; the exchange clamps it to the position. */
  reduceOnly?: boolean;
}

/**
 * The effect of an order of `side` (1 buy = long, 2 sell = short) and `size` on `position`. A reduce-only
 * order with nothing to reduce (flat, or a position on its own side) has effect 'none'.
 */
export function orderEffect(position: PositionExposure | null, side: number, size: bigint | number, opts: OrderEffectOptions = {}): OrderEffect {
  const qty = BigInt(size);
  const held = position && BigInt(position.size) > 0n ? BigInt(position.size) : 0n;
  const heldSide = held > 0n && position ? position.side : null;
  const base = { sideBefore: heldSide, sizeBefore: held };
  const orderSide = side === PositionSide.Short ? PositionSide.Short : PositionSide.Long;
  if (qty <= 0n) return { kind: 'none', reduceSize: 0n, openSize: 0n, ...base, sideAfter: heldSide, sizeAfter: held };
  if (heldSide === null || heldSide === orderSide) {
    if (opts.reduceOnly) return { kind: 'none', reduceSize: 0n, openSize: 0n, ...base, sideAfter: heldSide, sizeAfter: held };
    return { kind: heldSide === null ? 'open' : 'increase', reduceSize: 0n, openSize: qty, ...base, sideAfter: orderSide, sizeAfter: held + qty };
  }
  if (qty < held) return { kind: 'reduce', reduceSize: qty, openSize: 0n, ...base, sideAfter: heldSide, sizeAfter: held - qty };
  if (qty === held || opts.reduceOnly) return { kind: 'close', reduceSize: held, openSize: 0n, ...base, sideAfter: null, sizeAfter: 0n };
  return { kind: 'flip', reduceSize: held, openSize: qty - held, ...base, sideAfter: orderSide, sizeAfter: qty - held };
}
