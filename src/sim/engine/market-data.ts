// Public market data derived from trading: last price, trade tape, candles, 24 h volume, mark price,
// and the MarketState row (mt 9).

import type { MarketState, Trade } from '../../protocol/frames.js';
import type { EngineCore } from './core.js';
import type { VolumeBucket } from './records.js';
import { notional } from './money.js';

const TAPE_KEEP = 200;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Records one trade (aggressor side 1 buy / 2 sell) in the tape, candles, volume and last price. */
export function recordTrade(core: EngineCore, marketId: number, price: number, size: number, aggressor: 1 | 2): void {
  const market = core.market(marketId);
  market.last = price;
  const trade: Trade = { at: core.logStamp(), p: price, s: size, sd: aggressor };
  market.recentTrades.push(trade);
  if (market.recentTrades.length > TAPE_KEEP * 2) market.recentTrades.splice(0, market.recentTrades.length - TAPE_KEEP);
  core.out.trade(marketId, trade);

  const value = notional(price, size, market.scale);
  addHourlyVolume(market.volume, core.timeMs, size, value);
  core.candles.get(marketId)?.add(core.timeMs, price, value, (res, c) => core.out.candle(marketId, res, c));
}

/** Adds a trade to its hour's volume bucket; keeps the 25 latest hours (the rolling 24 h `dv`/`dva` and the current one). */
export function addHourlyVolume(volume: VolumeBucket[], timeMs: number, size: number, value: bigint): void {
  const hour = timeMs - (timeMs % HOUR_MS);
  const bucket = volume[volume.length - 1];
  if (bucket && bucket.hour === hour) {
    bucket.size += size;
    bucket.value += value;
  } else {
    volume.push({ hour, size, value });
    while (volume.length > 25) volume.shift();
  }
}

/** Mark = a smoothed mix of oracle and book mid (mid clamped to 1 % of the oracle so one thin quote cannot drag it). */
export function updateMark(core: EngineCore, marketId: number): void {
  const market = core.market(marketId);
  const book = core.book(marketId);
  const bid = book.bestBid();
  const ask = book.bestAsk();
  let target = market.oracle;
  if (bid !== undefined && ask !== undefined) {
    const band = Math.max(1, Math.floor(market.oracle / 100));
    const mid = Math.min(Math.max(Math.floor((bid + ask) / 2), market.oracle - band), market.oracle + band);
    target = Math.round((2 * market.oracle + mid) / 3);
  }
  const next = Math.round((3 * market.mark + target) / 4);
  // Rounding alone would park the mark a tick away from its target forever: step onto it instead.
  const mark = next === market.mark && target !== market.mark ? market.mark + Math.sign(target - market.mark) : next;
  if (mark !== market.mark) {
    market.mark = mark;
    core.out.marketChanged(marketId);
  }
}

export function marketStateOf(core: EngineCore, marketId: number): MarketState | undefined {
  const market = core.markets.get(marketId);
  if (!market) return undefined;
  const book = core.book(marketId);
  const bid = book.bestBid() ?? 0;
  const ask = book.bestAsk() ?? 0;
  const mid = bid > 0 && ask > 0 ? Math.floor((bid + ask) / 2) : market.mark;
  let dv = 0;
  let dva = 0n;
  for (const b of market.volume) {
    if (b.hour > core.timeMs - DAY_MS) {
      dv += b.size;
      dva += b.value;
    }
  }
  let tvl = 0n;
  for (const p of market.positions) tvl += p.collateral;
  return {
    at: { b: core.block, t: core.timeMs },
    orl: market.oracle,
    mrk: market.mark,
    lst: market.last,
    mid,
    bid,
    ask,
    prv: core.candles.get(marketId)?.openAtOrAfter(core.timeMs - DAY_MS) ?? market.mark,
    dv,
    dva: dva.toString(),
    oi: market.openInterest,
    tvl: tvl.toString(),
  };
}
