// The trailing stop's parts of an algo journal line (algo-record.ts): its spec and its replace events, read
// as carefully as a frame (a line that fails is corrupt and reported, never half-typed).

import { type Reader, fail, nonNegInt, obj, oneOf, record, str } from '../../protocol/decode/kit.js';
import type { AlgoDistance } from '../../domain/algos/distance.js';
import type { HeldStop, TrailReplacePlan, TrailSpec } from '../../domain/algos/trail.js';
import type { TrailReplaceEvent } from '../../domain/algos/trail-replace.js';

const nullable =
  <T>(inner: Reader<T>): Reader<T | null> =>
  (value, path) =>
    value === null ? null : inner(value, path);

export const algoDistance: Reader<AlgoDistance> = (value, path) => {
  const o = obj(value, path);
  if (o.unit === 'bps') return { unit: 'bps', bps: nonNegInt(o.bps, `${path}.bps`) };
  if (o.unit === 'ticks') return { unit: 'ticks', ticks: nonNegInt(o.ticks, `${path}.ticks`) };
  return fail(`${path}.unit`, '"bps" or "ticks"', o.unit);
};

const heldStop = record<HeldStop>({ price: nonNegInt, orderId: nonNegInt });
const plan = record<TrailReplacePlan>({ arm: nonNegInt, thenCancel: nullable(nonNegInt) });

export const trailSpec = record<TrailSpec>({
  marketId: nonNegInt,
  position: record<TrailSpec['position']>({ id: nonNegInt, side: oneOf(['long', 'short'] as const), size: nonNegInt }),
  distance: algoDistance,
  on: oneOf(['mark', 'last'] as const),
  minStepTicks: nonNegInt,
  stop: nullable(heldStop),
});

type Ev<K extends TrailReplaceEvent['kind']> = Extract<TrailReplaceEvent, { kind: K }>;
const EVENTS: { [K in TrailReplaceEvent['kind']]: Reader<Ev<K>> } = {
  sent: record<Ev<'sent'>>({ kind: oneOf(['sent'] as const), plan, block: nonNegInt }),
  armed: record<Ev<'armed'>>({ kind: oneOf(['armed'] as const), orderId: nonNegInt }),
  'arm-refused': record<Ev<'arm-refused'>>({ kind: oneOf(['arm-refused'] as const), reason: str }),
  cancelled: record<Ev<'cancelled'>>({ kind: oneOf(['cancelled'] as const), orderId: nonNegInt }),
  'cancel-failed': record<Ev<'cancel-failed'>>({ kind: oneOf(['cancel-failed'] as const), reason: str }),
  'stop-gone': record<Ev<'stop-gone'>>({ kind: oneOf(['stop-gone'] as const), orderId: nonNegInt, why: oneOf(['triggered', 'filled', 'cancelled'] as const) }),
};

export const trailEvent: Reader<TrailReplaceEvent> = (value, path) => {
  const kind = obj(value, path).kind;
  if (typeof kind !== 'string' || !Object.prototype.hasOwnProperty.call(EVENTS, kind)) return fail(`${path}.kind`, `one of ${Object.keys(EVENTS).join(', ')}`, kind);
  return (EVENTS[kind as TrailReplaceEvent['kind']] as Reader<TrailReplaceEvent>)(value, `${path}`);
};
