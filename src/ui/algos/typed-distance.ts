// A distance typed on the `:` line (`1%`, `20t`, `500`) made exact for an algo (domain/algos/distance.ts):
// a percent with up to two decimals is basis points, a price is whole ticks in the market's decimals.

import type { AlgoDistance } from '../../domain/algos/distance.js';
import { parseTypedScaled, toWireInteger } from '../../protocol/scaling.js';
import type { TypedDistance } from '../command-line/parse.js';

/** The typed distance named `what` as bps or ticks; throws the reason, naming `what`. */
export function algoDistanceOf(typed: TypedDistance, priceDecimals: number, what: string): AlgoDistance {
  if (typed.unit === 'pct') return { unit: 'bps', bps: toWireInteger(parseTypedScaled(typed.value, 2, what), what) };
  const decimals = typed.unit === 'ticks' ? 0 : priceDecimals;
  return { unit: 'ticks', ticks: toWireInteger(parseTypedScaled(typed.value, decimals, what), what) };
}
