// The BTC market the unit tests of order entry and validation use (the live market's scales and
// fees: 1 price decimal, 5 size decimals, 15 % / 25 % margins, 0.045 % maker, 0.345 % taker).

import type { Market } from '../../protocol/frames.js';

export function btcTestMarket(config: Partial<Market['config']> = {}): Market {
  return {
    ver: 1, id: 16, instance_id: 1, perpetual_id: 16, symbol: 'BTC', name: 'BTC Perp', size_units: 'BTC',
    funding_interval_sec: 2580, funding_interval_blocks: 8571, order_ttl_blocks: 20,
    order_max_market_slippage_bps: 100,
    config: {
      at: {}, is_open: true, price_decimals: 1, size_decimals: 5, min_posting_amount: '0', min_settle_amount: '0',
      initial_margin: 1500, maintenance_margin: 2500, maker_fee: 45, taker_fee: 345, ...config,
    },
  };
}
