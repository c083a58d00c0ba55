// One round trip: a position from open to flat (a flip ends one and starts the next). Its figures are
// bigint atoms; prices and sizes the exchange's scaled integers.

import type { Side } from '../trading/side.js';
import type { LedgerStamp } from './ledger-inputs.js';

export interface RoundTrip {
  marketId: number;
  side: Side;
  openedAt: LedgerStamp;
  /** Null while the position is still open: its figures are then the running ones. */
  closedAt: LedgerStamp | null;
  /** The largest size the position reached. */
  maxSize: number;
  /** Size still open (0 once closed). */
  openSize: number;
  /** Sum of price x size of the fills that added to it, and their size: the average entry. */
  entryPriceSize: bigint;
  entrySize: number;
  /** The same for the fills that took size off. */
  exitPriceSize: bigint;
  exitSize: number;
  grossPnl: bigint;
  /** Fees paid (rebates negative). */
  fees: bigint;
  /** Funding received (positive) or paid (negative). */
  funding: bigint;
  /** grossPnl + funding - fees. */
  netPnl: bigint;
  fills: number;
  /** The exchange's position id (`pid`), when its position rows were read. */
  positionId?: number;
  /**
   * Opened before the history read (a window or page cap that starts mid-position): its entry and the size
   * it had are not known; gross is the exchange's own realized PnL (`dpnl`) of the fills that were read.
   */
  openedBeforeRead?: boolean;
  /** The first stop-loss linked to its position while it was open, and the risk it set: |entry - stop| x size. */
  stop?: { price: number; riskAtoms: bigint };
}

/** Average of a price x size sum, rounded half away from zero to a whole price unit; null with no size. */
export function averagePrice(priceSize: bigint, size: number): number | null {
  if (size <= 0) return null;
  const s = BigInt(size);
  return Number((priceSize * 2n + s) / (2n * s));
}

export function durationMs(trip: RoundTrip, nowMs: number): number {
  return Math.max(0, (trip.closedAt?.ms ?? nowMs) - trip.openedAt.ms);
}
