// The markets the local exchange lists, as a network lists them (`perpl sim --like mainnet|testnet|classic`).
// mainnet (the default) and testnet copy the live contexts (wire.md 6.1; captures of /v1/pub/context: mainnet
// 2026-09-26, testnet 2026-10-05): ids, symbols and names (mainnet BTC and MON have an empty symbol and the
// ticker as their name), decimals, margins, fee tiers, slippage and mnp bounds, funding sum scaling, recycle fee.
// Where no capture holds a value it is chosen, and says so (`CHOSEN`). Start prices are plausible, not live.
// The chain id is the local one whatever the profile, so nothing signed for a live network is valid here.
// Fee tiers: mainnet and testnet list live's eight (0-7, wire.md 15). `classic` adds tier 8, the sim's own
// market-maker tier, whose maker fee is negative (a rebate, as interface.md allows) so that clients and tests
// meet rebates somewhere.

import { InputError } from '../protocol/errors.js';
import type { SimMarketSpec } from './engine/types.js';

/** The fee tier (`ft`) whose maker fee is a rebate: -20 micros (-0.2 bps), taker 125; listed by `classic` only. */
export const REBATE_FEE_TIER = 8;

export type MarketProfile = 'mainnet' | 'testnet' | 'classic';
export const MARKET_PROFILES: readonly MarketProfile[] = ['mainnet', 'testnet', 'classic'];
export const DEFAULT_MARKET_PROFILE: MarketProfile = 'mainnet';

/** The live tiers 0-7 (maker_fees / taker_fees of both networks' contexts). */
const FEES = {
  makerFeeMicros: 45,
  takerFeeMicros: 345,
  makerFeeTiers: [45, 25, 15, 0, 0, 0, 0, 0],
  takerFeeTiers: [345, 300, 250, 210, 175, 150, 125, 0],
} as const;

const COMMON = {
  ...FEES,
  orderTtlBlocks: 20,
  fundingIntervalBlocks: 8571,
  fundingIntervalSec: 2580,
  isOpen: true,
  minPostingAmount: '0',
  minSettleAmount: '0',
} as const;

/** Mainnet: slippage bound 100 bps and mnp 300 bps on every market, no recycle fee. */
const MAINNET_COMMON = { ...COMMON, maxMarketSlippageBps: 100, maxNegPnlCollatBps: 300, recycleFee: '0' } as const;

type Listing = Pick<SimMarketSpec, 'id' | 'symbol' | 'name' | 'sizeUnits' | 'priceDecimals' | 'sizeDecimals' | 'initialMargin' | 'maintenanceMargin' | 'startPrice'> &
  Partial<SimMarketSpec>;

function mainnet(m: Listing): SimMarketSpec {
  return { ...MAINNET_COMMON, fundingSumScalingExp: 0, ...m };
}

export const MAINNET_MARKETS: readonly SimMarketSpec[] = [
  mainnet({ id: 1, symbol: '', name: 'BTC', sizeUnits: 'BTC', priceDecimals: 1, sizeDecimals: 5, initialMargin: 1500, maintenanceMargin: 2500, startPrice: 670_000 }),
  mainnet({ id: 10, symbol: '', name: 'MON', sizeUnits: 'MON', priceDecimals: 6, sizeDecimals: 0, initialMargin: 1000, maintenanceMargin: 2000, fundingSumScalingExp: 2, startPrice: 32_500 }),
  mainnet({ id: 20, symbol: 'ETH', name: 'ETH', sizeUnits: 'ETH', priceDecimals: 2, sizeDecimals: 3, initialMargin: 1200, maintenanceMargin: 2000, startPrice: 350_000 }),
  mainnet({ id: 31, symbol: 'SOL', name: 'SOL', sizeUnits: 'SOL', priceDecimals: 3, sizeDecimals: 3, initialMargin: 1200, maintenanceMargin: 2000, fundingSumScalingExp: 2, startPrice: 150_000 }),
  mainnet({ id: 40, symbol: 'HYPE', name: 'HYPE', sizeUnits: 'HYPE', priceDecimals: 4, sizeDecimals: 2, initialMargin: 1000, maintenanceMargin: 2000, fundingSumScalingExp: 1, startPrice: 300_000 }),
  mainnet({ id: 50, symbol: 'ZEC', name: 'ZEC', sizeUnits: 'ZEC', priceDecimals: 2, sizeDecimals: 4, initialMargin: 1000, maintenanceMargin: 1800, fundingSumScalingExp: 2, startPrice: 25_000 }),
  mainnet({ id: 60, symbol: 'LIT', name: 'LIT', sizeUnits: 'LIT', priceDecimals: 5, sizeDecimals: 1, initialMargin: 300, maintenanceMargin: 1000, fundingSumScalingExp: 1, startPrice: 300_000 }),
  mainnet({ id: 70, symbol: 'VVV', name: 'VVV', sizeUnits: 'VVV', priceDecimals: 4, sizeDecimals: 2, initialMargin: 300, maintenanceMargin: 1000, fundingSumScalingExp: 2, startPrice: 30_000 }),
  mainnet({ id: 90, symbol: 'PUMP', name: 'PUMP', sizeUnits: 'PUMP', priceDecimals: 6, sizeDecimals: 0, initialMargin: 500, maintenanceMargin: 1000, fundingSumScalingExp: 2, startPrice: 4_300 }),
  // NEAR and UNI (listed after the capture): sizeDecimals 2 from the on-chain lot decimals; CHOSEN: price
  // decimals 4 (NEAR's testnet value), 5x / 10 % margins and funding sum scaling 2 (testnet NEAR's).
  mainnet({ id: 100, symbol: 'NEAR', name: 'NEAR', sizeUnits: 'NEAR', priceDecimals: 4, sizeDecimals: 2, initialMargin: 500, maintenanceMargin: 1000, fundingSumScalingExp: 2, startPrice: 25_000 }),
  mainnet({ id: 110, symbol: 'UNI', name: 'UNI', sizeUnits: 'UNI', priceDecimals: 4, sizeDecimals: 2, initialMargin: 500, maintenanceMargin: 1000, fundingSumScalingExp: 2, startPrice: 80_000 }),
];

/** Testnet: mnp 1000 bps everywhere; slippage 1000 bps on BTC/ETH/SOL, 100 elsewhere; recycle fee 0.1 AUSD on five. */
function testnet(m: Listing): SimMarketSpec {
  return { ...COMMON, maxMarketSlippageBps: 100, maxNegPnlCollatBps: 1000, recycleFee: '0', fundingSumScalingExp: 0, ...m };
}
const MAJOR = { maxMarketSlippageBps: 1000, recycleFee: '100000' } as const;

export const TESTNET_MARKETS: readonly SimMarketSpec[] = [
  testnet({ ...MAJOR, id: 16, symbol: 'BTC', name: 'BTC Perp', sizeUnits: 'BTC', priceDecimals: 1, sizeDecimals: 5, initialMargin: 1500, maintenanceMargin: 2500, startPrice: 670_000 }),
  testnet({ ...MAJOR, id: 32, symbol: 'ETH', name: 'ETH Perp', sizeUnits: 'ETH', priceDecimals: 2, sizeDecimals: 3, initialMargin: 1200, maintenanceMargin: 2000, startPrice: 350_000 }),
  testnet({ ...MAJOR, id: 48, symbol: 'SOL', name: 'SOL Perp', sizeUnits: 'SOL', priceDecimals: 2, sizeDecimals: 3, initialMargin: 1000, maintenanceMargin: 2000, fundingSumScalingExp: 3, startPrice: 15_000 }),
  testnet({ id: 64, symbol: 'MON', name: 'MON Perp', sizeUnits: 'MON', priceDecimals: 5, sizeDecimals: 0, initialMargin: 300, maintenanceMargin: 500, fundingSumScalingExp: 3, recycleFee: '100000', startPrice: 3_250 }),
  testnet({ id: 256, symbol: 'ZEC', name: 'ZEC Perp', sizeUnits: 'ZEC', priceDecimals: 3, sizeDecimals: 3, initialMargin: 300, maintenanceMargin: 1000, fundingSumScalingExp: 2, recycleFee: '100000', startPrice: 250_000 }),
  testnet({ id: 272, symbol: 'LIT', name: 'LIT Perp', sizeUnits: 'LIT', priceDecimals: 5, sizeDecimals: 1, initialMargin: 300, maintenanceMargin: 1000, fundingSumScalingExp: 1, startPrice: 300_000 }),
  testnet({ id: 320, symbol: 'PUMP', name: 'PUMP Perp', sizeUnits: 'PUMP', priceDecimals: 6, sizeDecimals: 0, initialMargin: 500, maintenanceMargin: 1000, fundingSumScalingExp: 2, startPrice: 4_300 }),
  testnet({ id: 336, symbol: 'NEAR', name: 'NEAR Perp', sizeUnits: 'NEAR', priceDecimals: 4, sizeDecimals: 2, initialMargin: 300, maintenanceMargin: 1000, fundingSumScalingExp: 2, startPrice: 25_000 }),
];

/** The markets the local exchange listed before it copied a network: four, mainnet ids, their own names and decimals. */
const CLASSIC_COMMON = {
  ...COMMON,
  maxMarketSlippageBps: 100,
  makerFeeTiers: [...FEES.makerFeeTiers, -20],
  takerFeeTiers: [...FEES.takerFeeTiers, 125],
} as const;
export const CLASSIC_MARKETS: readonly SimMarketSpec[] = [
  { ...CLASSIC_COMMON, id: 1, symbol: 'BTC', name: 'BTC Perp', sizeUnits: 'BTC', priceDecimals: 1, sizeDecimals: 5, initialMargin: 1500, maintenanceMargin: 2500, startPrice: 670_000 },
  { ...CLASSIC_COMMON, id: 10, symbol: 'MON', name: 'MON Perp', sizeUnits: 'MON', priceDecimals: 5, sizeDecimals: 0, initialMargin: 1000, maintenanceMargin: 2000, startPrice: 3_250 },
  { ...CLASSIC_COMMON, id: 20, symbol: 'ETH', name: 'ETH Perp', sizeUnits: 'ETH', priceDecimals: 2, sizeDecimals: 4, initialMargin: 1200, maintenanceMargin: 2000, startPrice: 350_000 },
  { ...CLASSIC_COMMON, id: 31, symbol: 'SOL', name: 'SOL Perp', sizeUnits: 'SOL', priceDecimals: 3, sizeDecimals: 2, initialMargin: 1200, maintenanceMargin: 2000, startPrice: 150_000 },
];

const PROFILES: Record<MarketProfile, readonly SimMarketSpec[]> = { mainnet: MAINNET_MARKETS, testnet: TESTNET_MARKETS, classic: CLASSIC_MARKETS };

/** How a market is named on the command line: its label (symbol, else name), as the terminal shows it. */
export function marketSpecLabel(m: Pick<SimMarketSpec, 'symbol' | 'name'>): string {
  return m.symbol !== '' ? m.symbol : m.name;
}

export function isMarketProfile(name: string): name is MarketProfile {
  return (MARKET_PROFILES as readonly string[]).includes(name);
}

/**
 * The profile's markets (default mainnet-like), optionally only those named (case-insensitive label, e.g.
 * the CLI's `--markets BTC,ETH`), with overrides applied to each (e.g. a short funding interval for tests).
 * Throws on an unknown name so a typo does not silently start an empty exchange.
 */
export function selectMarkets(symbols?: readonly string[], overrides: Partial<SimMarketSpec> = {}, profile: MarketProfile = DEFAULT_MARKET_PROFILE): SimMarketSpec[] {
  const listed = PROFILES[profile];
  const wanted = symbols?.map((s) => s.trim().toUpperCase()).filter((s) => s !== '');
  const chosen =
    wanted === undefined || wanted.length === 0
      ? [...listed]
      : wanted.map((symbol) => {
          const found = listed.find((m) => marketSpecLabel(m).toUpperCase() === symbol);
          if (!found) {
            const known = listed.map(marketSpecLabel).join(', ');
            throw new InputError(`unknown market "${symbol}" (known: ${known})`);
          }
          return found;
        });
  return chosen.map((m) => ({ ...m, ...overrides }));
}
