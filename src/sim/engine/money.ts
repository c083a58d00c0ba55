// Exact collateral arithmetic: every amount is a bigint in 6-dp atoms, every price/size a scaled integer.
// notional = p * s * 10^(6 - pd - sd) is exact because the exchange keeps pd + sd <= 6.

import type { SimMarketSpec } from './types.js';

export const MICROS = 1_000_000n;
const LEVERAGE_ONE = 100n;

export function ceilDiv(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError('ceilDiv by a non-positive divisor');
  return a >= 0n ? (a + b - 1n) / b : -(-a / b);
}

/** 10^(6 - pd - sd): atoms per (price unit x size unit). */
export function notionalScale(spec: Pick<SimMarketSpec, 'priceDecimals' | 'sizeDecimals'>): bigint {
  const exp = 6 - spec.priceDecimals - spec.sizeDecimals;
  if (exp < 0) throw new RangeError('price_decimals + size_decimals must be <= 6');
  return 10n ** BigInt(exp);
}

/** Collateral value of `size` at `price`, in atoms. */
export function notional(price: number, size: number, scale: bigint): bigint {
  return BigInt(price) * BigInt(size) * scale;
}

/** Margin posted for a notional at leverage `lv` (hundredths), rounded up so it never under-collateralises. */
export function marginFor(notionalAtoms: bigint, lv: number): bigint {
  return ceilDiv(notionalAtoms * LEVERAGE_ONE, BigInt(lv));
}

/** Fee in atoms for a notional: charges round up, rebates (negative micros) round toward zero. */
export function feeFor(notionalAtoms: bigint, micros: number): bigint {
  if (micros >= 0) return ceilDiv(notionalAtoms * BigInt(micros), MICROS);
  return -((notionalAtoms * BigInt(-micros)) / MICROS);
}

/** Fee micros an account of fee tier `ft` pays as maker or taker: its tier's entry, else the base fee. */
export function tierFeeMicros(
  spec: Pick<SimMarketSpec, 'makerFeeMicros' | 'takerFeeMicros' | 'makerFeeTiers' | 'takerFeeTiers'>,
  ft: number,
  liquidity: 'maker' | 'taker',
): number {
  const tiers = liquidity === 'maker' ? spec.makerFeeTiers : spec.takerFeeTiers;
  return tiers?.[ft] ?? (liquidity === 'maker' ? spec.makerFeeMicros : spec.takerFeeMicros);
}

/** Maintenance requirement (wire.md 8.8): entry notional / (maintenance_margin / 100). */
export function maintenanceRequirement(entryNotional: bigint, maintenanceMargin: number): bigint {
  return (entryNotional * 100n) / BigInt(maintenanceMargin);
}

/** Leverage actually applied: above the market maximum is clamped (as on-chain); 0 or less means 1x. */
export function effectiveLeverage(lv: number, initialMargin: number): number {
  if (!Number.isFinite(lv) || lv <= 0) return Number(LEVERAGE_ONE);
  return Math.min(Math.trunc(lv), initialMargin);
}

/**
 * Price moved by `bps` basis points up (+, a buy's cap) or down (-, a sell's floor), rounded back toward
 * `price`: a cap never lets an order fill further from the mark than the bps allow (mark 101, sell 50 bps:
 * 100.495 -> 101, not 100).
 */
export function priceWithBps(price: number, bps: number): number {
  const scaled = BigInt(price) * BigInt(10_000 + bps);
  const moved = bps >= 0 ? scaled / 10_000n : ceilDiv(scaled, 10_000n);
  return Math.max(1, Number(moved));
}

export function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
export function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
