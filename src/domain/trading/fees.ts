// Trading fee estimate from the market's fee tiers: `ft` (the account's fee tier) indexes maker_fees /
// taker_fees; a missing array or index falls back to the base maker_fee / taker_fee. Fees are Micros of
// notional (345 = 3.45 bps); a negative value is a rebate.

import type { MarketConfig } from '../../protocol/frames.js';
import { type Scales, divCeil, notionalAtoms } from './notional.js';

export type Liquidity = 'maker' | 'taker';

export function feeMicros(config: Pick<MarketConfig, 'maker_fee' | 'taker_fee' | 'maker_fees' | 'taker_fees'>, liquidity: Liquidity, feeTier = 0): number {
  const tiers = liquidity === 'maker' ? config.maker_fees : config.taker_fees;
  const tiered = tiers?.[feeTier];
  if (tiered !== undefined) return tiered;
  return liquidity === 'maker' ? config.maker_fee : config.taker_fee;
}

/** Fee in collateral atoms for a fill of `size` at `price`, rounded up (a rebate rounds toward zero). */
export function feeAtoms(price: bigint | number, size: bigint | number, micros: number, scales: Scales): bigint {
  return divCeil(notionalAtoms(price, size, scales) * BigInt(micros), 1_000_000n);
}
