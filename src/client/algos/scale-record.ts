// The scaled order's parts of an algo journal line (algo-record.ts): its group and spec, and its events:
// `placed` (the rqs of the legs that reached the exchange, of how many sent) once the placement settled,
// `settled` (what its legs filled) when no leg rests any more, just before its `end`.

import { arr, nonNegInt, oneOf, opt, bool, record, str, type Reader, fail, obj } from '../../protocol/decode/kit.js';
import type { ScaleGroup } from '../../domain/algos/scale.js';

export type ScaleEvent =
  | { kind: 'placed'; rqs: number[]; sent: number }
  /** `avgPrice`: the legs' average fill, ticks (0 when nothing filled). */
  | { kind: 'settled'; filled: number; filledLegs: number; avgPrice: number; cancelled: boolean };

export const scaleGroup = record<ScaleGroup>({
  group: str,
  marketId: nonNegInt,
  side: oneOf(['long', 'short'] as const),
  size: nonNegInt,
  from: nonNegInt,
  to: nonNegInt,
  count: nonNegInt,
  skew: nonNegInt,
  leverage: nonNegInt,
  postOnly: opt(bool),
});

const placed = record<Extract<ScaleEvent, { kind: 'placed' }>>({ kind: oneOf(['placed'] as const), rqs: arr(nonNegInt), sent: nonNegInt });
const settled = record<Extract<ScaleEvent, { kind: 'settled' }>>({
  kind: oneOf(['settled'] as const), filled: nonNegInt, filledLegs: nonNegInt, avgPrice: nonNegInt, cancelled: bool,
});

export const scaleEvent: Reader<ScaleEvent> = (value, path) => {
  const kind = obj(value, path).kind;
  if (kind === 'placed') return placed(value, path);
  if (kind === 'settled') return settled(value, path);
  return fail(`${path}.kind`, '"placed" or "settled"', kind);
};
