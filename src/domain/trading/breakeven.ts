// `sl be` / `sl breakeven`: the stop price at which closing the position nets about 0 after the fees to get
// in and out, both at the taker rate (a stop fills as a taker). Unrounded, for a long of entry E and fee f:
//   S x (1 - f) = E x (1 + f)  ->  S = E x (1 + f) / (1 - f);   a short: S = E x (1 - f) / (1 + f),
// then moved a tick at a time away from the entry (up for a long, down for a short) until, in collateral
// atoms with each fee rounded up as the exchange charges it, the close nets 0 or more: never a loss.
// Funding is not counted (it is paid as it accrues, not at the close). Pure.

import { entryNotionalAtoms, type PositionMath } from './risk.js';
import { feeAtoms } from './fees.js';
import { divCeil, divFloor, notionalAtoms, type Scales } from './notional.js';
import { PositionSide } from '../../protocol/enums.js';

const Q16 = 65_536n;

export interface BreakevenInputs {
  position: Pick<PositionMath, 'side' | 'entry' | 'entryResidue' | 'size'>;
  takerFeeMicros: number;
  scales: Scales;
}

/** What a close of the whole position at `stop` nets (atoms): its PnL less both taker fees. */
export function closeNetAtoms(stop: bigint, i: BreakevenInputs): bigint {
  const fee = Math.max(0, i.takerFeeMicros);
  const entryNotional = entryNotionalAtoms(i.position, i.scales);
  const exitNotional = notionalAtoms(stop, i.position.size, i.scales);
  const long = i.position.side !== PositionSide.Short;
  const pnl = long ? exitNotional - entryNotional : entryNotional - exitNotional;
  return pnl - divCeil(entryNotional * BigInt(fee), 1_000_000n) - feeAtoms(stop, i.position.size, fee, i.scales);
}

/** The unrounded break-even (entry with its residue, ticks) rounded away from the entry to a tick. */
export function breakevenEstimate(i: BreakevenInputs): bigint {
  const fee = BigInt(Math.max(0, i.takerFeeMicros));
  const q = i.position.entry * Q16 + BigInt(i.position.entryResidue ?? 0);
  if (i.position.side === PositionSide.Short) return divFloor(q * (1_000_000n - fee), Q16 * (1_000_000n + fee));
  return divCeil(q * (1_000_000n + fee), Q16 * (1_000_000n - fee));
}

/** The break-even stop (ticks): the estimate, stepped away from the entry until the close nets 0 or more. */
export function breakevenStop(i: BreakevenInputs): bigint {
  const step = i.position.side === PositionSide.Short ? -1n : 1n;
  let stop = breakevenEstimate(i);
  // The rounding of the fees is a few atoms: a handful of ticks at most (each tick moves the PnL by the size).
  for (let n = 0; n < 10_000 && stop > 0n && closeNetAtoms(stop, i) < 0n; n++) stop += step;
  return stop;
}
