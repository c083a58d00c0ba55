// Decoders for market records: book levels, trades, candles, market state, funding, gas, config.

import type {
  Candle,
  FundingEvent,
  GasPrice,
  L2Level,
  MarketConfig,
  MarketState,
  Trade,
} from '../frames.js';
import { decodeBlockTimestamp, decodeBlockTxLogTimestamp } from './common.js';
import { amount, arr, bool, int, nonNegInt, opt, record } from './kit.js';

export const decodeL2Level = record<L2Level>({
  p: nonNegInt,
  s: nonNegInt,
  o: nonNegInt,
});

export const decodeTrade = record<Trade>({
  at: decodeBlockTxLogTimestamp,
  p: nonNegInt,
  s: nonNegInt,
  sd: nonNegInt,
});

export const decodeCandle = record<Candle>({
  t: nonNegInt,
  o: nonNegInt,
  c: nonNegInt,
  h: nonNegInt,
  l: nonNegInt,
  v: amount,
  n: nonNegInt,
});

export const decodeMarketState = record<MarketState>({
  at: decodeBlockTimestamp,
  orl: nonNegInt,
  mrk: nonNegInt,
  lst: nonNegInt,
  mid: nonNegInt,
  bid: nonNegInt,
  ask: nonNegInt,
  prv: nonNegInt,
  dv: nonNegInt,
  dva: amount,
  oi: nonNegInt,
  tvl: amount,
});

export const decodeFundingEvent = record<FundingEvent>({
  at: decodeBlockTimestamp,
  feb: nonNegInt,
  // Funding rate, payment per lot and the funding sum are signed.
  rate: int,
  idx: nonNegInt,
  ppl: int,
  sum: int,
  div: nonNegInt,
});

export const decodeGasPrice = record<GasPrice>({
  at: decodeBlockTimestamp,
  h: nonNegInt,
  max: amount,
  p95: amount,
  p50: amount,
  min: amount,
  base: amount,
});

export const decodeMarketConfig = record<MarketConfig>({
  at: decodeBlockTimestamp,
  is_open: bool,
  price_decimals: nonNegInt,
  size_decimals: nonNegInt,
  min_posting_amount: amount,
  min_settle_amount: amount,
  initial_margin: nonNegInt,
  maintenance_margin: nonNegInt,
  // Micros; negative = rebate.
  maker_fee: int,
  taker_fee: int,
  maker_fees: opt(arr(int)),
  taker_fees: opt(arr(int)),
  recycle_fee: opt(amount),
  funding_sum_scaling_exp: opt(int),
});
