// The chase limit's parts of an algo journal line (algo-record.ts): its spec and its events (chase-progress.ts),
// read as carefully as a frame. A `sent` event carries the decision it sent, so a restart knows what was on its way.

import { type Reader, bool, fail, nonNegInt, obj, oneOf, opt, record, str } from '../../protocol/decode/kit.js';
import type { ChaseDecision, ChaseSpec } from '../../domain/algos/chase.js';
import type { ChaseEvent } from '../../domain/algos/chase-progress.js';
import { algoDistance } from './trail-record.js';

export const chaseSpec = record<ChaseSpec>({
  marketId: nonNegInt,
  side: oneOf(['long', 'short'] as const),
  size: nonNegInt,
  leverage: nonNegInt,
  reduceOnly: opt(bool),
  maxDistance: algoDistance,
  durationMs: nonNegInt,
  atBound: oneOf(['leave', 'cancel'] as const),
});

const orNull: Reader<number | null> = (v, p) => (v === null ? null : nonNegInt(v, p));
const reason = oneOf(['filled', 'bound', 'deadline', 'stopped'] as const);

type Dec<K extends ChaseDecision['kind']> = Extract<ChaseDecision, { kind: K }>;
const DECISIONS: { [K in ChaseDecision['kind']]: Reader<Dec<K>> } = {
  wait: record<Dec<'wait'>>({ kind: oneOf(['wait'] as const), why: str }),
  place: record<Dec<'place'>>({ kind: oneOf(['place'] as const), price: nonNegInt, size: nonNegInt }),
  change: record<Dec<'change'>>({ kind: oneOf(['change'] as const), orderId: nonNegInt, price: nonNegInt }),
  'cancel-then-place': record<Dec<'cancel-then-place'>>({ kind: oneOf(['cancel-then-place'] as const), cancel: nonNegInt, price: nonNegInt, why: str }),
  end: record<Dec<'end'>>({ kind: oneOf(['end'] as const), reason, cancel: orNull, why: opt(str) }),
};

type Ev<K extends ChaseEvent['kind']> = Extract<ChaseEvent, { kind: K }>;
const EVENTS: { [K in ChaseEvent['kind']]: Reader<Ev<K>> } = {
  sent: (v, p) => ({ kind: 'sent', decision: byKind(DECISIONS, obj(v, p).decision, `${p}.decision`) }),
  placed: record<Ev<'placed'>>({ kind: oneOf(['placed'] as const), orderId: nonNegInt, price: nonNegInt, size: nonNegInt }),
  changed: record<Ev<'changed'>>({ kind: oneOf(['changed'] as const), price: nonNegInt }),
  cancelled: record<Ev<'cancelled'>>({ kind: oneOf(['cancelled'] as const) }),
  refused: record<Ev<'refused'>>({ kind: oneOf(['refused'] as const), reason: str }),
  fill: record<Ev<'fill'>>({ kind: oneOf(['fill'] as const), size: nonNegInt }),
  gone: record<Ev<'gone'>>({ kind: oneOf(['gone'] as const) }),
};

function byKind<T>(readers: Record<string, Reader<unknown>>, value: unknown, path: string): T {
  const kind = obj(value, path).kind;
  if (typeof kind !== 'string' || !Object.prototype.hasOwnProperty.call(readers, kind)) return fail(`${path}.kind`, `one of ${Object.keys(readers).join(', ')}`, kind);
  return readers[kind]!(value, path) as T;
}

export const chaseEvent: Reader<ChaseEvent> = (value, path) => byKind<ChaseEvent>(EVENTS, value, path);
