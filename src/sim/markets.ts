// Default markets of the local exchange, shaped like the live mainnet listing (wire.md 6.1):
// same ids, decimals, margins and fee micros, plausible start prices.
// Fee tiers 0-7 are the live ones; tier 8 is the sim's own market-maker tier, whose maker fee is
// negative (a rebate, as interface.md allows) so that clients and tests meet rebates somewhere.

import { InputError } from '../protocol/errors.js';
import type { SimMarketSpec } from './engine/types.js';

/** The fee tier (`ft`) whose maker fee is a rebate: -20 micros (-0.2 bps), taker 125. */
export const REBATE_FEE_TIER = 8;

const COMMON = {
  orderTtlBlocks: 20,
  fundingIntervalBlocks: 8571,
  fundingIntervalSec: 2580,
  maxMarketSlippageBps: 100,
  makerFeeMicros: 45,
  takerFeeMicros: 345,
  makerFeeTiers: [45, 25, 15, 0, 0, 0, 0, 0, -20],
  takerFeeTiers: [345, 300, 250, 210, 175, 150, 125, 0, 125],
  isOpen: true,
  minPostingAmount: '0',
  minSettleAmount: '0',
} as const;

export const DEFAULT_MARKETS: readonly SimMarketSpec[] = [
  {
    ...COMMON,
    id: 1,
    symbol: 'BTC',
    name: 'BTC Perp',
    sizeUnits: 'BTC',
    priceDecimals: 1,
    sizeDecimals: 5,
    initialMargin: 1500,
    maintenanceMargin: 2500,
    startPrice: 670_000, // 67,000.0
  },
  {
    ...COMMON,
    id: 10,
    symbol: 'MON',
    name: 'MON Perp',
    sizeUnits: 'MON',
    priceDecimals: 5,
    sizeDecimals: 0,
    initialMargin: 1000,
    maintenanceMargin: 2000,
    startPrice: 3_250, // 0.03250
  },
  {
    ...COMMON,
    id: 20,
    symbol: 'ETH',
    name: 'ETH Perp',
    sizeUnits: 'ETH',
    priceDecimals: 2,
    sizeDecimals: 4,
    initialMargin: 1200,
    maintenanceMargin: 2000,
    startPrice: 350_000, // 3,500.00
  },
  {
    ...COMMON,
    id: 31,
    symbol: 'SOL',
    name: 'SOL Perp',
    sizeUnits: 'SOL',
    priceDecimals: 3,
    sizeDecimals: 2,
    initialMargin: 1200,
    maintenanceMargin: 2000,
    startPrice: 150_000, // 150.000
  },
];

/**
 * The default markets, optionally only those whose symbol is listed (case-insensitive, e.g. the CLI's
 * `--markets BTC,ETH`), with overrides applied to each (e.g. a short funding interval for tests).
 * Throws on an unknown symbol so a typo does not silently start an empty exchange.
 */
export function selectMarkets(symbols?: readonly string[], overrides: Partial<SimMarketSpec> = {}): SimMarketSpec[] {
  const wanted = symbols?.map((s) => s.trim().toUpperCase()).filter((s) => s !== '');
  const chosen =
    wanted === undefined || wanted.length === 0
      ? [...DEFAULT_MARKETS]
      : wanted.map((symbol) => {
          const found = DEFAULT_MARKETS.find((m) => m.symbol === symbol);
          if (!found) {
            const known = DEFAULT_MARKETS.map((m) => m.symbol).join(', ');
            throw new InputError(`unknown market "${symbol}" (known: ${known})`);
          }
          return found;
        });
  return chosen.map((m) => ({ ...m, ...overrides }));
}
