// What the session needs to know about a market, read from the context; and input checks.

import type { HeaderMarketInfo } from '../../domain/market-header.js';
import { marketLabel } from '../../domain/market-label.js';
import type { MarketRef } from '../../domain/views.js';
import { CANDLE_RESOLUTIONS } from '../../protocol/enums.js';
import { InputError } from '../../protocol/errors.js';
import type { Context, FundingEvent } from '../../protocol/frames.js';

export interface MarketInfo extends HeaderMarketInfo {
  ref: MarketRef;
  /** The latest funding event the context carried (the header's rate before any mt 10). */
  contextFunding: FundingEvent | undefined;
}

/** The market's header facts and display reference; InputError when the network does not list it. */
export function marketInfo(context: Context, marketId: number): MarketInfo {
  const m = context.markets.find((x) => x.id === marketId);
  if (!m) throw new InputError(`market ${marketId} is not listed on this network`);
  return {
    id: m.id,
    priceDecimals: m.config.price_decimals,
    sizeDecimals: m.config.size_decimals,
    fundingIntervalSec: m.funding_interval_sec,
    fundingIntervalBlocks: m.funding_interval_blocks,
    contextFunding: m.funding,
    ref: {
      id: m.id,
      symbol: marketLabel(m),
      priceDecimals: m.config.price_decimals,
      sizeDecimals: m.config.size_decimals,
    },
  };
}

/** A candle resolution the service serves, else InputError. */
export function checkResolution(res: number): number {
  if (!(CANDLE_RESOLUTIONS as readonly number[]).includes(res)) {
    throw new InputError(`candle resolution ${res} s is not one of ${CANDLE_RESOLUTIONS.join(', ')}`);
  }
  return res;
}
