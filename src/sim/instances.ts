// The protocol instance the local exchange lists (`instances[0]` of the context), as the network named by
// `--like` lists it: id and minimums from the captures of /v1/pub/context (wire.md 1 and 6; mainnet and
// testnet, 2026-09-26). Accounts and markets carry the instance id (`in`, `instance_id`).

import { DEFAULT_MARKET_PROFILE, type MarketProfile } from './markets.js';
import type { SimInstanceSpec } from './engine/types.js';

/** Mainnet: instance 1, accounts open at 10 AUSD, equity capped at 1,000,000 AUSD. */
export const MAINNET_INSTANCE: SimInstanceSpec = {
  id: 1,
  minAccountOpenAmount: '10000000',
  minDepositAmount: '10000000',
  minWithdrawAmount: '10000',
  maxAccountEquity: '1000000000000',
};

/** Testnet: instance 12, accounts open at 100 AUSD; it lists no equity cap. */
export const TESTNET_INSTANCE: SimInstanceSpec = {
  id: 12,
  minAccountOpenAmount: '100000000',
  minDepositAmount: '10000000',
  minWithdrawAmount: '10000',
};

/** What the local exchange listed before it copied a network (the older tests' `classic`). */
const CLASSIC_INSTANCE: SimInstanceSpec = { ...MAINNET_INSTANCE, minDepositAmount: '1000000' };

const INSTANCES: Record<MarketProfile, SimInstanceSpec> = { mainnet: MAINNET_INSTANCE, testnet: TESTNET_INSTANCE, classic: CLASSIC_INSTANCE };

export function instanceOf(profile: MarketProfile = DEFAULT_MARKET_PROFILE): SimInstanceSpec {
  return INSTANCES[profile];
}
