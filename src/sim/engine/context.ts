// The context document (GET /v1/pub/context): chain, protocol instance, collateral token, markets
// with config, current state and latest funding — shaped like the live one (wire.md 6).

import type { Context, Market } from '../../protocol/frames.js';
import type { EngineCore } from './core.js';
import { marketStateOf } from './market-data.js';
import { marketMaxNegPnlBps } from './trade.js';

const VERSION = 1;
const EXCHANGE_ADDRESS = '0x000000000000000000000000000000000000e0c5';
const COLLATERAL_ADDRESS = '0x00000000000000000000000000000000000a05d0';

export function buildContext(core: EngineCore, headBlock: number, nowMs: number): Context {
  const at = { b: headBlock, t: nowMs };
  const markets: Market[] = [...core.markets.values()].map((m) => {
    const s = m.spec;
    const market: Market = {
      ver: VERSION,
      id: s.id,
      instance_id: core.instanceId,
      perpetual_id: s.id,
      symbol: s.symbol,
      name: s.name,
      size_units: s.sizeUnits,
      funding_interval_sec: s.fundingIntervalSec,
      funding_interval_blocks: s.fundingIntervalBlocks,
      order_ttl_blocks: s.orderTtlBlocks,
      order_retry_blocks: s.orderTtlBlocks + 2,
      order_max_market_slippage_bps: s.maxMarketSlippageBps,
      order_max_neg_pnl_collat_bps: marketMaxNegPnlBps(s),
      config: {
        at,
        is_open: s.isOpen,
        price_decimals: s.priceDecimals,
        size_decimals: s.sizeDecimals,
        min_posting_amount: s.minPostingAmount ?? '0',
        min_settle_amount: s.minSettleAmount ?? '0',
        funding_sum_scaling_exp: s.fundingSumScalingExp ?? 0,
        initial_margin: s.initialMargin,
        maintenance_margin: s.maintenanceMargin,
        maker_fee: s.makerFeeMicros,
        taker_fee: s.takerFeeMicros,
        maker_fees: [...(s.makerFeeTiers ?? [s.makerFeeMicros])],
        taker_fees: [...(s.takerFeeTiers ?? [s.takerFeeMicros])],
        recycle_fee: s.recycleFee ?? '0',
      },
    };
    const state = marketStateOf(core, s.id);
    if (state) market.state = state;
    const funding = m.fundingHistory[m.fundingHistory.length - 1];
    if (funding) market.funding = funding;
    return market;
  });
  const instance = core.instance;
  return {
    chain: {
      ver: VERSION,
      chain_id: core.opts.chainId,
      name: 'Local Exchange',
      block_explorer_urls: [],
      gas: { at, h: headBlock, max: '103000000000', p95: '102000000000', p50: '100000000000', min: '0', base: '100000000000' },
    },
    instances: [
      {
        ver: VERSION,
        id: core.instanceId,
        address: EXCHANGE_ADDRESS,
        collateral_token_id: 1,
        min_account_open_amount: instance.minAccountOpenAmount,
        min_deposit_amount: instance.minDepositAmount,
        min_withdraw_amount: instance.minWithdrawAmount,
        ...(instance.maxAccountEquity !== undefined ? { max_account_equity: instance.maxAccountEquity } : {}),
        max_account_trigger_orders: core.maxTriggerOrders,
      },
    ],
    tokens: [{ ver: VERSION, id: 1, address: COLLATERAL_ADDRESS, symbol: 'AUSD', name: 'AUSD', decimals: 6, display_precision: 2 }],
    markets,
  };
}
