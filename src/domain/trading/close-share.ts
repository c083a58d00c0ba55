// The part of a position a close takes, as typed ("50%", "12.5%") and as it crosses the command
// interface: integer basis points of the position's size, 1 (0.01 %) to 10_000 (100 %). One parser for
// the `:close` command line and the Positions tab's `x` editor; the size is resolved in integers (never a
// float), rounded down so a close never takes more than asked.

import { leadingZeroProblem, parseScaled } from '../../protocol/scaling.js';

/** Basis points of a whole position. */
export const WHOLE_POSITION_BPS = 10_000;

const PERCENT = /^(.*?)\s*%$/;

/** Whether `text` is meant as a percentage (ends with "%"), as opposed to a size. */
export function isPercentText(text: string): boolean {
  return PERCENT.test(text.trim());
}

/**
 * "50%" -> 5000, "12.5%" -> 1250, "0.01%" -> 1. Refuses (a message) anything that is not a percentage
 * above 0 and at most 100 with at most two decimals: rounding a typed share would close another amount.
 */
export function parseClosePercent(text: string): { bps: number } | { error: string } {
  const m = PERCENT.exec(text.trim());
  const number = m?.[1] ?? '';
  const bad = { error: `"${text.trim()}" must be a percentage above 0% and at most 100% (steps of 0.01%)` };
  if (!m || !/^\d+(\.\d*)?$|^\.\d+$/.test(number)) return bad;
  const zeros = leadingZeroProblem(number, 'percentage');
  if (zeros) return { error: zeros };
  let bps: bigint;
  try {
    bps = parseScaled(number, 2, 'percent');
  } catch {
    return bad;
  }
  if (bps <= 0n || bps > BigInt(WHOLE_POSITION_BPS)) return bad;
  return { bps: Number(bps) };
}

/** Whether `bps` is a share a close may carry: an integer from 1 to 10_000. */
export function isCloseBps(bps: number): boolean {
  return Number.isInteger(bps) && bps >= 1 && bps <= WHOLE_POSITION_BPS;
}

/** Whole size units `bps` of `positionSize` closes, rounded down (50% of 3 units is 1). */
export function closeSizeOfBps(positionSize: number, bps: number): number {
  if (!isCloseBps(bps)) throw new RangeError(`close share ${bps} bps is not an integer from 1 to ${WHOLE_POSITION_BPS}`);
  return Number((BigInt(positionSize) * BigInt(bps)) / BigInt(WHOLE_POSITION_BPS));
}

/** 5000 -> "50%", 1250 -> "12.5%", 1 -> "0.01%". */
export function formatClosePercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const hundredths = bps % 100;
  if (hundredths === 0) return `${whole}%`;
  return `${whole}.${String(hundredths).padStart(2, '0').replace(/0$/, '')}%`;
}
