// The cell text of the export rows: times in UTC ISO 8601, decimals exact from scaled integers.

import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import type { BlockTxLogTimestamp } from '../../protocol/frames.js';
import { atomsOrZero, formatScaled } from '../../protocol/scaling.js';
import type { MarketScale, MarketScales } from './row-source.js';

/** A block time (ms) as UTC ISO 8601 to the second ("2026-11-28T09:30:00Z"); block times are whole seconds. */
export function timeCell(ms: number | undefined): string | null {
  if (ms === undefined || !Number.isFinite(ms)) return null;
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

export function intCell(n: number | undefined): string | null {
  return n === undefined ? null : String(n);
}

/** A collateral amount (atoms string) with the collateral's 6 decimals: "-12979" -> "-0.012979". */
export function amountCell(atoms: string | undefined): string | null {
  return atoms === undefined ? null : formatScaled(atomsOrZero(atoms), COLLATERAL_DECIMALS);
}

/** A scaled price or size with the market's decimals; a market without a scale keeps the wire integer. */
export function scaledCell(value: number | undefined, decimals: number | undefined): string | null {
  if (value === undefined) return null;
  return decimals === undefined ? String(value) : formatScaled(value, decimals);
}

/** The market's scale, telling `unlisted` when the context has none for it. */
export function scaleOf(markets: MarketScales, marketId: number | undefined, unlisted: (id: number) => void): MarketScale | undefined {
  if (marketId === undefined) return undefined;
  const scale = markets.get(marketId);
  if (!scale) unlisted(marketId);
  return scale;
}

/** The market's symbol, or "#ID" for one the context does not list. */
export function marketCell(scale: MarketScale | undefined, marketId: number | undefined): string | null {
  if (marketId === undefined) return null;
  return scale?.symbol ?? `#${marketId}`;
}

/** Where in the chain the record happened: block, transaction index and hash. */
export function placeCells(at: BlockTxLogTimestamp): Array<string | null> {
  return [intCell(at.b), intCell(at.tx), at.txid ?? null];
}
