// One line of the algo journal (algo-journal.ts writes it and reads it back). An algo is the fold of its
// lines: `start` (the spec, fixed facts of the start), then for each child a `child` line written and
// fsynced BEFORE the child is sent, `child-rqs` once the order engine gave it its rq(s), `child-done` once
// its outcome is known; `state` when it is paused / held by a lock / running again; `end` once. Read as
// carefully as a frame: every kind has a decoder, a line that fails is corrupt and reported, never half-typed.

import { type Decoder, arr, fail, int, literal, nonNegInt, obj, oneOf, record, str, bool } from '../../protocol/decode/kit.js';
import { isPlainObject } from '../../lib/plain-object.js';
import type { TwapBound, TwapSpec } from '../../domain/algos/twap.js';
import type { TrailSpec } from '../../domain/algos/trail.js';
import type { TrailReplaceEvent } from '../../domain/algos/trail-replace.js';
import { trailSpec, trailEvent } from './trail-record.js';
import type { ChaseSpec } from '../../domain/algos/chase.js';
import type { ChaseEvent } from '../../domain/algos/chase-progress.js';
import { chaseEvent, chaseSpec } from './chase-record.js';
import type { ScaleGroup } from '../../domain/algos/scale.js';
import { type ScaleEvent, scaleEvent, scaleGroup } from './scale-record.js';

interface Base {
  /** Wall-clock ms. */
  t: number;
  /** The algo's id. */
  id: string;
}

/** What an algo runs, by kind. */
export type AlgoStart = { kind: 'twap'; spec: TwapSpec; arrivalMark: number; seed: number } | { kind: 'trail'; spec: TrailSpec }
  /** A chase limit: its start and bound prices (ticks) and deadline (wall ms), fixed when it starts. */
  | { kind: 'chase'; spec: ChaseSpec; startPrice: number; boundPrice: number; deadlineMs: number }
  /** A scaled order: written (fsynced) before its legs are sent; the runner sends nothing for it, only follows its legs. */
  | { kind: 'scale'; spec: ScaleGroup };

/** running: working; paused: by the trader; held: by a trade lock (resumes when it lifts). */
export type AlgoStatus = 'running' | 'paused' | 'held';

export type AlgoRecord =
  | (Base & { k: 'start' } & AlgoStart)
  /** Child `cid` (its order group in the order journal is `algo <cid>`), about to be sent: slice, size units, price bound. */
  | (Base & { k: 'child'; cid: string; slice: number; size: number; price: number })
  | (Base & { k: 'child-rqs'; cid: string; rqs: number[] })
  /** `spent`: whether the slice counts as sent (false: refused before the wire, or never sent). */
  | (Base & { k: 'child-done'; cid: string; filled: number; spent: boolean; result: string; message: string })
  /** A trailing stop's step (trail-replace.ts): `sent` is written and fsynced BEFORE the replace is sent. */
  | (Base & { k: 'trail'; event: TrailReplaceEvent })
  /** A chase's step (chase-progress.ts): `sent` is written and fsynced BEFORE the request is sent. */
  | (Base & { k: 'chase'; event: ChaseEvent })
  /** A scaled order's step (scale-record.ts): its legs placed; what they filled once none rests. */
  | (Base & { k: 'scale'; event: ScaleEvent })
  | (Base & { k: 'state'; status: AlgoStatus; reason: string })
  | (Base & { k: 'end'; complete: boolean; reason: string });

export type AlgoRecordInput = AlgoRecord extends infer R ? (R extends AlgoRecord ? Omit<R, 't'> : never) : never;

const base = { t: nonNegInt, id: str };

const bound = (value: unknown, path: string): TwapBound => {
  const o = obj(value, path);
  if (o.kind === 'slip') return { kind: 'slip', bps: nonNegInt(o.bps, `${path}.bps`) };
  if (o.kind === 'limit') return { kind: 'limit', price: nonNegInt(o.price, `${path}.price`) };
  return fail(`${path}.kind`, '"slip" or "limit"', o.kind);
};

const twapSpec = record<TwapSpec>({
  marketId: nonNegInt,
  side: oneOf(['long', 'short'] as const),
  size: nonNegInt,
  durationMs: nonNegInt,
  slices: nonNegInt,
  jitterBps: nonNegInt,
  bound,
  leverage: nonNegInt,
});

type StartOf<K extends AlgoStart['kind']> = Base & { k: 'start' } & Extract<AlgoStart, { kind: K }>;
const twapStart = record<StartOf<'twap'>>({ ...base, k: literal('start'), kind: literal('twap'), spec: twapSpec, arrivalMark: nonNegInt, seed: int });
const trailStart = record<StartOf<'trail'>>({ ...base, k: literal('start'), kind: literal('trail'), spec: trailSpec });
const scaleStart = record<StartOf<'scale'>>({ ...base, k: literal('start'), kind: literal('scale'), spec: scaleGroup });
const chaseStart = record<StartOf<'chase'>>({
  ...base, k: literal('start'), kind: literal('chase'), spec: chaseSpec, startPrice: nonNegInt, boundPrice: nonNegInt, deadlineMs: nonNegInt,
});

type Kind = AlgoRecord['k'];
type Of<K extends Kind> = Extract<AlgoRecord, { k: K }>;

const DECODERS: { [K in Kind]: Decoder<Of<K>> } = {
  start: (value, path) => {
    const kind = isPlainObject(value) ? value.kind : undefined;
    if (kind === 'scale') return scaleStart(value, path);
    return kind === 'trail' ? trailStart(value, path) : kind === 'chase' ? chaseStart(value, path) : twapStart(value, path);
  },
  child: record<Of<'child'>>({ ...base, k: literal('child'), cid: str, slice: nonNegInt, size: nonNegInt, price: nonNegInt }),
  'child-rqs': record<Of<'child-rqs'>>({ ...base, k: literal('child-rqs'), cid: str, rqs: arr(nonNegInt) }),
  'child-done': record<Of<'child-done'>>({ ...base, k: literal('child-done'), cid: str, filled: nonNegInt, spent: bool, result: str, message: str }),
  trail: record<Of<'trail'>>({ ...base, k: literal('trail'), event: trailEvent }),
  chase: record<Of<'chase'>>({ ...base, k: literal('chase'), event: chaseEvent }),
  scale: record<Of<'scale'>>({ ...base, k: literal('scale'), event: scaleEvent }),
  state: record<Of<'state'>>({ ...base, k: literal('state'), status: oneOf(['running', 'paused', 'held'] as const), reason: str }),
  end: record<Of<'end'>>({ ...base, k: literal('end'), complete: bool, reason: str }),
};

function isKind(k: unknown): k is Kind {
  return typeof k === 'string' && Object.prototype.hasOwnProperty.call(DECODERS, k);
}

/** One parsed algo journal line -> a typed record. Throws DecodeError naming the field that is wrong. */
export function decodeAlgoRecord(value: unknown): AlgoRecord {
  const k = isPlainObject(value) ? value.k : undefined;
  if (!isKind(k)) fail('k', `one of ${Object.keys(DECODERS).join(', ')}`, k);
  return DECODERS[k](value);
}
