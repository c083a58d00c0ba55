// The guards a trader sets in the config's [guards] table: limits in quote (collateral atoms, parsed
// exactly from decimal strings), what happens when the day's loss is reached, and when the day starts.

import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import { parseScaled } from '../../protocol/scaling.js';
import { userMessage } from '../../protocol/errors.js';
import { MIDNIGHT_LOCAL, type DayStart } from './day-start.js';

export interface GuardLimits {
  /** Largest notional (price x size, atoms) of one opening order; null = no limit. */
  maxOrderNotional: bigint | null;
  /** Largest notional of a market's position once the order filled, resting same-side opens included. */
  maxPositionNotional: bigint | null;
  /** The day's loss (realized net + open uPnL, atoms, positive) at which opening orders are refused. */
  maxDailyLoss: bigint | null;
  /** `flatten`: when the daily loss is reached, run panic once that day; `refuse`: only refuse opens. */
  onDailyLoss: 'refuse' | 'flatten';
  dayStart: DayStart;
}

export const NO_GUARDS: GuardLimits = { maxOrderNotional: null, maxPositionNotional: null, maxDailyLoss: null, onDailyLoss: 'refuse', dayStart: MIDNIGHT_LOCAL };

/** Whether any guard is set (an account panel without one shows no guard lines). */
export function anyGuard(g: GuardLimits): boolean {
  return g.maxOrderNotional !== null || g.maxPositionNotional !== null || g.maxDailyLoss !== null;
}

/**
 * A quote amount of the config ("10000", "2500.50", "10,000", or a whole TOML number) -> atoms, exactly;
 * a string saying what is wrong otherwise. A TOML float is refused: it may already have lost digits.
 */
export function parseQuoteLimit(value: unknown): bigint | string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) text = String(value);
  else if (typeof value === 'number') return 'write an amount with decimals as a string ("2500.50"), so it is read exactly';
  else return 'must be an amount in quote, e.g. "10000"';
  try {
    const atoms = parseScaled(text, COLLATERAL_DECIMALS, 'amount');
    return atoms > 0n ? atoms : 'must be greater than 0';
  } catch (e) {
    return userMessage(e);
  }
}
