// Candle history generated before the start time so a chart is never empty: a seeded walk of
// 1-minute bars that ends at the market's start price.

import type { EngineCore } from '../engine/core.js';
import { addHourlyVolume } from '../engine/market-data.js';
import { notional } from '../engine/money.js';
import { baseLevelSize } from './price-path.js';
import type { Prng } from '../../lib/prng.js';

const MINUTE_MS = 60_000;
/** Per-minute volatility of the backfilled walk, in basis points. */
const MINUTE_VOL_BPS = 6;

export function backfillCandles(core: EngineCore, marketId: number, minutes: number, endMs: number, rng: Prng): void {
  const market = core.market(marketId);
  const candles = core.candles.get(marketId);
  if (!candles || minutes <= 0) return;
  const spec = market.spec;
  // Walk backwards from the start price so the newest bar closes where live trading begins.
  const closes: number[] = new Array<number>(minutes);
  let p = spec.startPrice;
  for (let i = minutes - 1; i >= 0; i--) {
    closes[i] = p;
    p = Math.max(1, p * (1 + rng.gaussian() * MINUTE_VOL_BPS * 1e-4));
  }
  const base = baseLevelSize(spec.startPrice, spec.priceDecimals, spec.sizeDecimals);
  const firstBar = endMs - (endMs % MINUTE_MS) - minutes * MINUTE_MS;
  let open = Math.round(p);
  for (let i = 0; i < minutes; i++) {
    const close = Math.max(1, Math.round(closes[i] as number));
    const wiggle = Math.max(1, Math.round((close * rng.next() * MINUTE_VOL_BPS) / 10_000));
    const high = Math.max(open, close) + rng.int(wiggle + 1);
    const low = Math.max(1, Math.min(open, close) - rng.int(wiggle + 1));
    const trades = rng.range(3, 40);
    const size = Math.max(1, Math.round(base * trades * (0.05 + rng.next() * 0.3)));
    const value = notional(close, size, market.scale);
    const t = firstBar + i * MINUTE_MS;
    candles.add(t, close, value, undefined, { o: open, h: high, l: low, n: trades });
    addHourlyVolume(market.volume, t, size, value);
    open = close;
  }
}
