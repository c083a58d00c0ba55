// The candles endpoint returns at most 1024 candles per request: longer ranges are split here and
// the pieces joined back, oldest to newest, without duplicates.

import type { Candle } from '../../protocol/frames.js';
import { InputError } from '../../protocol/errors.js';

export const MAX_CANDLES_PER_REQUEST = 1024;

export interface TimeRange {
  fromMs: number;
  toMs: number;
}

/** Consecutive sub-ranges of [fromMs, toMs], each spanning at most `maxCandles` candles of `resolutionSec`. */
export function splitCandleRange(
  fromMs: number,
  toMs: number,
  resolutionSec: number,
  maxCandles: number = MAX_CANDLES_PER_REQUEST,
): TimeRange[] {
  if (!Number.isSafeInteger(resolutionSec) || resolutionSec <= 0) {
    throw new InputError(`candle resolution ${resolutionSec} is not a positive number of seconds`);
  }
  if (!Number.isSafeInteger(fromMs) || !Number.isSafeInteger(toMs) || fromMs < 0 || toMs < fromMs) {
    throw new InputError(`candle range ${fromMs}-${toMs} is not a valid millisecond range`);
  }
  const span = resolutionSec * 1000 * maxCandles;
  const ranges: TimeRange[] = [];
  for (let start = fromMs; start <= toMs; start += span) {
    ranges.push({ fromMs: start, toMs: Math.min(toMs, start + span - 1) });
  }
  return ranges;
}

/** Joins candle lists: sorted by open time, one candle per `t` (the later piece wins). */
export function mergeCandles(pieces: readonly (readonly Candle[])[]): Candle[] {
  const byOpenTime = new Map<number, Candle>();
  for (const piece of pieces) for (const c of piece) byOpenTime.set(c.t, c);
  return [...byOpenTime.values()].sort((a, b) => a.t - b.t);
}
