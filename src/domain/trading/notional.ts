// Exact conversion between (price ticks x size units) and collateral atoms (6 dp).
// notional atoms = p x s x 10^(6 - pd - sd)  (pd + sd <= 6 on-chain; the other case divides, rounding down).

import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import { pow10 } from '../../lib/bigint-math.js';

export interface Scales {
  priceDecimals: number;
  sizeDecimals: number;
}

/** Collateral atoms of price x size. */
export function notionalAtoms(price: bigint | number, size: bigint | number, scales: Scales): bigint {
  const raw = BigInt(price) * BigInt(size);
  const shift = COLLATERAL_DECIMALS - scales.priceDecimals - scales.sizeDecimals;
  return shift >= 0 ? raw * pow10(shift) : raw / pow10(-shift);
}

/**
 * Price ticks that `atoms` of collateral move per `size` units: atoms x 10^(pd+sd) / (size x 10^6), as an
 * exact fraction { num, den } so callers choose the rounding.
 */
export function atomsPerSizeToTicks(atoms: bigint, size: bigint, scales: Scales): { num: bigint; den: bigint } {
  const num = atoms * pow10(scales.priceDecimals + scales.sizeDecimals);
  const den = size * pow10(COLLATERAL_DECIMALS);
  return den < 0n ? { num: -num, den: -den } : { num, den };
}

/** Collateral atoms of price x size as an exact fraction { num, den } (pd + sd > 6 does not divide). */
export function notionalFraction(price: bigint, size: bigint, scales: Scales): { num: bigint; den: bigint } {
  return { num: price * size * pow10(COLLATERAL_DECIMALS), den: pow10(scales.priceDecimals + scales.sizeDecimals) };
}

/** Integer division rounding toward +infinity. */
export function divCeil(num: bigint, den: bigint): bigint {
  const q = num / den;
  return q * den === num || (num < 0n) !== (den < 0n) ? q : q + 1n;
}
/** Integer division rounding toward -infinity. */
export function divFloor(num: bigint, den: bigint): bigint {
  const q = num / den;
  return q * den === num || (num < 0n) === (den < 0n) ? q : q - 1n;
}
