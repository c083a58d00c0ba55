// Position and risk math of wire.md 8.8 (SDK formulas), in exact integers where a figure could feed a
// wire value; ratios for display are numbers.
//   uPnL      = side x (mark - entry) x size              (in collateral atoms)
//   MMR       = notional(entry, size) x 100 / maintenance_margin     (maintenance_margin in hundredths: 2500 -> 4 %)
//   liq       = entry + side x (MMR - deposit - premiumPnl) / size
// side is +1 for long, -1 for short; deposit is the position's isolated collateral `c`; entry is the
// precise entry `ep + epr / 65536`. The local exchange computes the same figures on its own (src/sim/
// engine); src/sim/money-agreement.test.ts holds the two to each other and src/sim/README.md says where
// they differ on purpose.

import { PositionSide } from '../../protocol/enums.js';
import type { Market, Position } from '../../protocol/frames.js';
import { type Scales, atomsPerSizeToTicks, divCeil, divFloor, notionalAtoms, notionalFraction } from './notional.js';

export interface PositionMath {
  /** 1 Long, 2 Short (API values). */
  side: number;
  /** Entry price, scaled ticks (`ep`). */
  entry: bigint;
  /** The entry's fraction of a tick in 1/65536 (`epr`): the precise entry is entry + residue / 65536. Absent: entry is exact. */
  entryResidue?: number;
  /** Size, scaled units (> 0). */
  size: bigint;
  /** Isolated collateral, atoms. */
  collateral: bigint;
  /** Accrued funding counted against the position, atoms (0 when unknown). */
  premiumPnl?: bigint;
}

const Q16 = 65_536n;

/** The position math of a wire position row (`sd`, `ep` + `epr`, `s`, `c`). */
export function positionMathOf(p: Pick<Position, 'sd' | 'ep' | 'epr' | 's' | 'c'>): PositionMath {
  return {
    side: p.sd,
    entry: BigInt(p.ep),
    ...(p.epr !== undefined ? { entryResidue: p.epr } : {}),
    size: BigInt(p.s),
    collateral: BigInt(p.c),
  };
}

/**
 * Entry notional in atoms. `ep + epr/65536` pins it to within size x 10^(6-pd-sd) / 65536 atoms: exactly
 * while that is at most one atom (the local exchange's `epr` is the truncated residue), else to the bound
 * on the trader's safe side: the highest for a long (less uPnL, liquidated sooner), the lowest for a short.
 */
export function entryNotionalAtoms(pos: Pick<PositionMath, 'side' | 'entry' | 'entryResidue' | 'size'>, scales: Scales): bigint {
  if (pos.entryResidue === undefined) return notionalAtoms(pos.entry, pos.size, scales);
  const q = pos.entry * Q16 + BigInt(pos.entryResidue);
  if (pos.side === PositionSide.Short) {
    const lo = notionalFraction(q, pos.size, scales);
    return divCeil(lo.num, lo.den * Q16);
  }
  // The largest whole atom strictly below (q + 1) / 65536 ticks x size.
  const hi = notionalFraction(q + 1n, pos.size, scales);
  return divCeil(hi.num, hi.den * Q16) - 1n;
}

/** Entry `ep` and residue `epr` of an exact entry notional (as the exchange reports them: both truncated). */
function entryOfNotional(entryAtoms: bigint, size: bigint, scales: Scales): { entry: bigint; entryResidue: number } {
  const { num, den } = atomsPerSizeToTicks(entryAtoms, size, scales);
  const entry = divFloor(num, den);
  return { entry, entryResidue: Number(divFloor((num - entry * den) * Q16, den)) };
}

export function sideSign(side: number): 1n | -1n {
  return side === PositionSide.Short ? -1n : 1n;
}

/** Unrealized PnL in collateral atoms at `mark` (exact). */
export function unrealizedPnl(pos: PositionMath, mark: bigint, scales: Scales): bigint {
  return sideSign(pos.side) * (notionalAtoms(mark, pos.size, scales) - entryNotionalAtoms(pos, scales));
}

/** Return on equity as a fraction (display): uPnL / collateral; null without collateral. */
export function returnOnEquity(upnl: bigint, collateral: bigint): number | null {
  if (collateral <= 0n) return null;
  return Number(upnl) / Number(collateral);
}

/** Maintenance margin requirement in atoms (rounded down, as the exchange does). */
export function maintenanceMarginAtoms(pos: Pick<PositionMath, 'side' | 'entry' | 'entryResidue' | 'size'>, maintenanceMargin: number, scales: Scales): bigint {
  if (maintenanceMargin <= 0) return 0n;
  return (entryNotionalAtoms(pos, scales) * 100n) / BigInt(maintenanceMargin);
}

/**
 * Liquidation price in ticks: the last mark at which the position still stands. One tick further against
 * it (below for a long, above for a short) equity falls under the maintenance requirement and the
 * exchange liquidates. So a long rounds up and a short down, toward the entry (the safe side). Null when
 * the position cannot be liquidated by price (long liq <= 0).
 */
export function liquidationPrice(pos: PositionMath, maintenanceMargin: number, scales: Scales): bigint | null {
  if (pos.size <= 0n) return null;
  const sign = sideSign(pos.side);
  const mmr = maintenanceMarginAtoms(pos, maintenanceMargin, scales);
  // liq x size = entry notional + side x (MMR - deposit - premiumPnl), in atoms, then per size in ticks.
  const atoms = entryNotionalAtoms(pos, scales) + sign * (mmr - pos.collateral - (pos.premiumPnl ?? 0n));
  const { num, den } = atomsPerSizeToTicks(atoms, pos.size, scales);
  const liq = sign > 0n ? divCeil(num, den) : divFloor(num, den);
  return liq > 0n ? liq : null;
}

/** The liquidation price of a wire position in its market: the figure its Positions row shows (entry residue included). */
export function positionLiquidation(p: Pick<Position, 'sd' | 'ep' | 'epr' | 's' | 'c'>, market: Market): bigint | null {
  const scales = { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
  return liquidationPrice(positionMathOf(p), market.config.maintenance_margin, scales);
}

/** Margin an opening order posts: notional / leverage (leverage in hundredths). */
export function marginForOrder(price: bigint, size: bigint, leverageHundredths: number, scales: Scales): bigint {
  if (leverageHundredths <= 0) return 0n;
  return divCeil(notionalAtoms(price, size, scales) * 100n, BigInt(leverageHundredths));
}

export interface ProposedFill {
  /** 1 Long (buy), 2 Short (sell). */
  side: number;
  price: bigint;
  size: bigint;
  leverageHundredths: number;
}

/**
 * The position after a proposed fill merges into `pos` (or opens one):
 * same side increases (weighted entry, margin added); opposite side reduces (collateral pro rata),
 * closes (null) or flips (new position at the fill price with fresh margin for the excess).
 */
export function mergeFill(pos: PositionMath | null, fill: ProposedFill, scales: Scales): PositionMath | null {
  if (fill.size <= 0n) return pos;
  const margin = (size: bigint) => marginForOrder(fill.price, size, fill.leverageHundredths, scales);
  if (pos === null || pos.size <= 0n) {
    return { side: fill.side, entry: fill.price, size: fill.size, collateral: margin(fill.size) };
  }
  if (pos.side === fill.side) {
    // The exchange adds notionals: the entry is their sum over the size, reported as ep + epr.
    const size = pos.size + fill.size;
    const entryAtoms = entryNotionalAtoms(pos, scales) + notionalAtoms(fill.price, fill.size, scales);
    return { ...pos, size, ...entryOfNotional(entryAtoms, size, scales), collateral: pos.collateral + margin(fill.size) };
  }
  if (fill.size < pos.size) {
    // The exchange releases the reduced share of collateral rounded down, so what stays rounds up (wire.md
    // 8.8: 166576 -> 111051); the local exchange treats the entry notional alike (src/sim/README.md).
    const size = pos.size - fill.size;
    const entryAtoms = entryNotionalAtoms(pos, scales);
    const kept = entryAtoms - (entryAtoms * fill.size) / pos.size;
    return { ...pos, size, ...entryOfNotional(kept, size, scales), collateral: pos.collateral - (pos.collateral * fill.size) / pos.size };
  }
  if (fill.size === pos.size) return null;
  const excess = fill.size - pos.size;
  return { side: fill.side, entry: fill.price, size: excess, collateral: margin(excess) };
}

/** Liquidation price after a proposed order fills: the preview line of order entry. */
export function liquidationAfter(
  pos: PositionMath | null,
  fill: ProposedFill,
  maintenanceMargin: number,
  scales: Scales,
): bigint | null {
  const merged = mergeFill(pos, fill, scales);
  return merged === null ? null : liquidationPrice(merged, maintenanceMargin, scales);
}
