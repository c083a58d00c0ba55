// Decoder for GET /v1/pub/context. Undocumented top-level keys (features, geo_block, rewards, ...) are dropped.
// Symbols and names are shown in narrow places (status bar, picker, rows): sanitized like every string,
// and capped far below the general cap (live ones are a few characters: "BTC", "BTC Perp"). The number
// of markets is capped too.

import type { Chain, Context, Market, ProtocolInstance, Token } from '../frames.js';
import { isPlainObject } from '../../lib/plain-object.js';
import { arr, amount, fail, itemPath, nonNegInt, opt, record, str, text, type Decoder } from './kit.js';
import { decodeFundingEvent, decodeGasPrice, decodeMarketConfig, decodeMarketState } from './market-records.js';

/** Longest symbol or size unit kept. */
export const MAX_SYMBOL_CHARS = 24;
/** Longest market, token or chain name kept. */
export const MAX_NAME_CHARS = 48;

export const decodeChain = record<Chain>({
  ver: nonNegInt,
  chain_id: nonNegInt,
  name: opt(text(MAX_NAME_CHARS)),
  block_explorer_urls: opt(arr(str)),
  gas: opt(decodeGasPrice),
});

/** `min_account_open_amount` is a string live and a raw integer per interface.md: both become a string. */
export const decodeProtocolInstance = record<ProtocolInstance>({
  ver: nonNegInt,
  id: nonNegInt,
  address: str,
  collateral_token_id: nonNegInt,
  min_account_open_amount: amount,
  min_deposit_amount: opt(amount),
  min_withdraw_amount: opt(amount),
  max_account_equity: opt(amount),
  max_account_trigger_orders: nonNegInt,
});

export const decodeToken = record<Token>({
  ver: nonNegInt,
  id: opt(nonNegInt),
  address: opt(str),
  symbol: text(MAX_SYMBOL_CHARS),
  name: text(MAX_NAME_CHARS),
  decimals: nonNegInt,
  display_precision: nonNegInt,
});

export const decodeMarket = record<Market>({
  ver: nonNegInt,
  id: nonNegInt,
  instance_id: nonNegInt,
  perpetual_id: nonNegInt,
  // Mainnet BTC/MON carry an empty symbol; display falls back to name.
  symbol: text(MAX_SYMBOL_CHARS),
  name: text(MAX_NAME_CHARS),
  size_units: text(MAX_SYMBOL_CHARS),
  funding_interval_sec: nonNegInt,
  funding_interval_blocks: nonNegInt,
  order_ttl_blocks: nonNegInt,
  order_retry_blocks: opt(nonNegInt),
  order_max_market_slippage_bps: nonNegInt,
  order_max_neg_pnl_collat_bps: opt(nonNegInt),
  config: decodeMarketConfig,
  state: opt(decodeMarketState),
  funding: opt(decodeFundingEvent),
});

/**
 * Most markets kept from one context: live lists about a dozen. The rest are dropped unread and counted
 * (`droppedMarkets`, shown with the bad frames): 100,000 markets took the terminal to 1.2 GB.
 */
export const MAX_CONTEXT_MARKETS = 256;

/** The first MAX_CONTEXT_MARKETS markets, decoded; the rest are never looked at. */
function firstMarkets(value: unknown, path: string): Market[] {
  if (!Array.isArray(value)) fail(path, 'an array', value);
  return value.slice(0, MAX_CONTEXT_MARKETS).map((v, i) => decodeMarket(v, itemPath(path, i)));
}

const decodeListedContext = record<Omit<Context, 'droppedMarkets'>>({
  chain: decodeChain,
  instances: arr(decodeProtocolInstance),
  tokens: arr(decodeToken),
  markets: firstMarkets,
});

export const decodeContext: Decoder<Context> = (value, path) => {
  const context = decodeListedContext(value, path);
  const listed = isPlainObject(value) && Array.isArray(value.markets) ? value.markets.length : 0;
  return listed > MAX_CONTEXT_MARKETS ? { ...context, droppedMarkets: listed - MAX_CONTEXT_MARKETS } : context;
};
