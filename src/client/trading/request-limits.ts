// The trading socket's request budget (mt 22 orders and mt 1 pings, per connection): live allows 120 a
// minute on mainnet and 60 on testnet, more closes the socket 1008 (wire.md 13); the local exchange
// follows mainnet. The client keeps 10 % under it so a burst of orders waits instead of being cut off.

import type { TokenBucketLimit } from '../../lib/token-bucket.js';

export const MAINNET_TRADING_REQUEST_LIMIT: TokenBucketLimit = { capacity: 100, refillPerSec: 108 / 60 };
export const TESTNET_TRADING_REQUEST_LIMIT: TokenBucketLimit = { capacity: 50, refillPerSec: 54 / 60 };

/** Unknown (custom) networks get the mainnet budget: a gateway stricter than that would say so with 1008. */
export function tradingRequestLimit(networkName: string): TokenBucketLimit {
  return networkName === 'testnet' ? TESTNET_TRADING_REQUEST_LIMIT : MAINNET_TRADING_REQUEST_LIMIT;
}
