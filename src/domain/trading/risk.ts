// Position and risk math of wire.md 8.8 (SDK formulas), in exact integers where a figure could feed a
// wire value; ratios for display are numbers.
//   uPnL      = side x (mark - entry) x size              (in collateral atoms)
//   MMR       = notional(entry, size) x 100 / maintenance_margin     (maintenance_margin in hundredths: 2500 -> 4 %)
//   liq       = entry + side x (MMR - deposit - premiumPnl) / size
//   bankrupt  = entry - side x (deposit + premiumPnl) / size
// side is +1 for long, -1 for short; deposit is the position's isolated collateral `c`.

import { PositionSide } from '../../protocol/enums.js';
import { type Scales, atomsPerSizeToTicks, divCeil, divFloor, notionalAtoms } from './notional.js';

export interface PositionMath {
  /** 1 Long, 2 Short (API values). */
  side: number;
  /** Entry price, scaled ticks. */
  entry: bigint;
  /** Size, scaled units (> 0). */
  size: bigint;
  /** Isolated collateral, atoms. */
  collateral: bigint;
  /** Accrued funding counted against the position, atoms (0 when unknown). */
  premiumPnl?: bigint;
}

export function sideSign(side: number): 1n | -1n {
  return side === PositionSide.Short ? -1n : 1n;
}

/** Unrealized PnL in collateral atoms at `mark` (exact). */
export function unrealizedPnl(pos: PositionMath, mark: bigint, scales: Scales): bigint {
  return sideSign(pos.side) * notionalAtoms(mark - pos.entry, pos.size, scales);
}

/** Return on equity as a fraction (display): uPnL / collateral; null without collateral. */
export function returnOnEquity(upnl: bigint, collateral: bigint): number | null {
  if (collateral <= 0n) return null;
  return Number(upnl) / Number(collateral);
}

/** Maintenance margin requirement in atoms. */
export function maintenanceMarginAtoms(pos: Pick<PositionMath, 'entry' | 'size'>, maintenanceMargin: number, scales: Scales): bigint {
  if (maintenanceMargin <= 0) return 0n;
  return (notionalAtoms(pos.entry, pos.size, scales) * 100n) / BigInt(maintenanceMargin);
}

/**
 * Liquidation price in ticks, rounded toward the entry (the conservative side: a long is liquidated no
 * lower than shown). Null when the position cannot be liquidated by price (long liq <= 0).
 */
export function liquidationPrice(pos: PositionMath, maintenanceMargin: number, scales: Scales): bigint | null {
  if (pos.size <= 0n) return null;
  const sign = sideSign(pos.side);
  const mmr = maintenanceMarginAtoms(pos, maintenanceMargin, scales);
  const { num, den } = atomsPerSizeToTicks(mmr - pos.collateral - (pos.premiumPnl ?? 0n), pos.size, scales);
  const move = sign > 0n ? divCeil(num, den) : divFloor(num, den);
  const liq = pos.entry + sign * move;
  return liq > 0n ? liq : null;
}

/** Bankruptcy price in ticks (collateral exhausted), rounded toward the entry. */
export function bankruptcyPrice(pos: PositionMath, scales: Scales): bigint | null {
  if (pos.size <= 0n) return null;
  const sign = sideSign(pos.side);
  const { num, den } = atomsPerSizeToTicks(pos.collateral + (pos.premiumPnl ?? 0n), pos.size, scales);
  const move = divFloor(num, den);
  const price = pos.entry - sign * move;
  return price > 0n ? price : null;
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
    const size = pos.size + fill.size;
    const entry = divCeil(pos.entry * pos.size + fill.price * fill.size, size);
    return { ...pos, size, entry, collateral: pos.collateral + margin(fill.size) };
  }
  if (fill.size < pos.size) {
    const size = pos.size - fill.size;
    return { ...pos, size, collateral: (pos.collateral * size) / pos.size };
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
