// A recording ready to replay: inbound md frames in order with their time, which recorded connection
// (epoch) each came from, the recorded sid -> stream answers (mt 6), and the exchange context the UI
// needs first. Each recorded connection began with fresh snapshots, so replaying from the start of the
// epoch that holds a position rebuilds the exact state at that position. The trading side (what the
// trading socket said, the orders sent, the Journal pane's lines) is kept apart, in order: replay-trading.ts.

import { InputError } from '../protocol/errors.js';
import type { Recording, RecordingLine } from '../transport/record/index.js';
import { isPlainObject } from '../lib/plain-object.js';

export type WireFrame = Record<string, unknown>;

export interface TimelineEntry {
  /** ms since the recording started. */
  t: number;
  /** Index of the recorded md connection this frame arrived on. */
  epoch: number;
  frame: WireFrame;
}

export interface Timeline {
  chainId: number;
  /** Epoch ms of the recording's t = 0 (frame arrival = startedAt + entry.t). */
  startedAt: number;
  network: string;
  context: unknown;
  entries: TimelineEntry[];
  /** Index into entries of the first frame of each epoch. */
  epochStarts: number[];
  /** ms of the last md frame (0 when none). */
  durationMs: number;
  /** Every stream that some recorded mt 6 acknowledged, with the first sid it had. */
  streams: Map<string, number>;
  /** Recorded REST candle history by "market/resolution", merged by open time (oldest first). */
  candles: Map<string, WireFrame[]>;
  /** The trading side, in recorded order (empty for a market-data-only recording). */
  trading: TradingEvent[];
}

/** What happened on the recorded trading side, at `t` (ms since start) / `at` (epoch ms). */
export type TradingEvent =
  | { t: number; at: number; kind: 'open' }
  | { t: number; at: number; kind: 'close'; reason?: string }
  /** An inbound trading frame as recorded: parsed JSON, or the raw text when it was not JSON. */
  | { t: number; at: number; kind: 'in'; frame: unknown }
  /** An mt 22 the app sent: the lb it carried (orders do not echo it; the blocks-left column needs it). */
  | { t: number; at: number; kind: 'order'; rq: number; lb: number }
  /** A line of the Journal pane as the app showed it. */
  | { t: number; at: number; kind: 'journal'; entry: WireFrame };

const MT_SUBSCRIPTION_RESPONSE = 6;
const MT_PONG = 2;
const MT_ORDER_REQUEST = 22;

function contextFromRest(line: RecordingLine): unknown {
  if (!('dir' in line) || line.ch !== 'rest' || line.dir !== 'in' || !isPlainObject(line.frame)) return undefined;
  const f = line.frame;
  if (f.status !== 200 || typeof f.url !== 'string' || !/\/v1\/pub\/context(\?|$)/.test(f.url)) return undefined;
  return f.body;
}

const CANDLES_URL = /\/v1\/market-data\/(\d+)\/candles\/(\d+)\//;

/** A recorded REST candles answer: its "market/resolution" key and candles. */
function candlesFromRest(line: RecordingLine): { key: string; d: WireFrame[] } | undefined {
  if (!('dir' in line) || line.ch !== 'rest' || line.dir !== 'in' || !isPlainObject(line.frame)) return undefined;
  const f = line.frame;
  const m = f.status === 200 && typeof f.url === 'string' ? CANDLES_URL.exec(f.url) : null;
  if (!m || !isPlainObject(f.body) || !Array.isArray(f.body.d)) return undefined;
  return { key: `${m[1]}/${m[2]}`, d: f.body.d.filter(isPlainObject) };
}

/** Acknowledged (code 0, with a sid) entries of a recorded mt 6. */
export function acknowledgedSubs(frame: WireFrame): { stream: string; sid: number }[] {
  const subs = Array.isArray(frame.subs) ? frame.subs : [];
  const out: { stream: string; sid: number }[] = [];
  for (const s of subs) {
    if (!isPlainObject(s) || typeof s.stream !== 'string' || typeof s.sid !== 'number') continue;
    const code = isPlainObject(s.status) ? s.status.code : 0;
    if (code === 0) out.push({ stream: s.stream, sid: s.sid });
  }
  return out;
}

/** The trading-side event of a line, if it is one. */
function tradingEvent(line: RecordingLine): TradingEvent | undefined {
  const { t, at } = line;
  if ('journal' in line) return isPlainObject(line.journal) ? { t, at, kind: 'journal', entry: line.journal } : undefined;
  if (!('ch' in line) || line.ch !== 'trading') return undefined;
  if ('event' in line) return line.event === 'open' ? { t, at, kind: 'open' } : { t, at, kind: 'close', ...(line.reason !== undefined ? { reason: line.reason } : {}) };
  if (!('dir' in line)) return undefined;
  if (line.dir === 'in') return { t, at, kind: 'in', frame: line.frame };
  const f = line.frame;
  if (!isPlainObject(f)) return undefined;
  if (f.mt === MT_ORDER_REQUEST && typeof f.rq === 'number' && typeof f.lb === 'number') return { t, at, kind: 'order', rq: f.rq, lb: f.lb };
  return undefined;
}

export function buildTimeline(rec: Recording): Timeline {
  let context: unknown = rec.header.context;
  const entries: TimelineEntry[] = [];
  const epochStarts: number[] = [];
  const streams = new Map<string, number>();
  const candleSets = new Map<string, Map<number, WireFrame>>();
  const trading: TradingEvent[] = [];
  let epoch = -1;
  for (const line of rec.lines) {
    const tradingSide = tradingEvent(line);
    if (tradingSide) {
      trading.push(tradingSide);
      continue;
    }
    const candles = candlesFromRest(line);
    if (candles) {
      const set = candleSets.get(candles.key) ?? new Map<number, WireFrame>();
      for (const c of candles.d) if (typeof c.t === 'number') set.set(c.t, c);
      candleSets.set(candles.key, set);
    }
    if ('context' in line && context === undefined) context = line.context;
    if (context === undefined) context = contextFromRest(line);
    if ('event' in line) {
      if (line.ch === 'md' && line.event === 'open') {
        epoch += 1;
        epochStarts.push(entries.length);
      }
      continue;
    }
    if (!('dir' in line) || line.ch !== 'md' || line.dir !== 'in' || !isPlainObject(line.frame)) continue;
    const frame = line.frame;
    if (frame.mt === MT_PONG) continue;
    if (epoch < 0) {
      // A recording without connection events (or frames before the first): one epoch from here.
      epoch = 0;
      epochStarts.push(entries.length);
    }
    if (frame.mt === MT_SUBSCRIPTION_RESPONSE) {
      for (const s of acknowledgedSubs(frame)) if (!streams.has(s.stream)) streams.set(s.stream, s.sid);
    }
    entries.push({ t: line.t, epoch, frame });
  }
  if (context === undefined) {
    throw new InputError('the recording holds no exchange context (GET /v1/pub/context)', {
      hint: 'it was cut before the app loaded the context; record again for a little longer',
    });
  }
  return {
    chainId: rec.header.chainId,
    startedAt: rec.header.startedAt,
    network: rec.header.network,
    context,
    entries,
    epochStarts,
    // To the last thing either side shows (a trade's updates can arrive after the last md frame); the
    // closes of quitting are not shown.
    durationMs: trading.reduce((last, e) => (e.kind === 'close' ? last : Math.max(last, e.t)), entries.length > 0 ? entries[entries.length - 1]!.t : 0),
    streams,
    candles: new Map([...candleSets].map(([k, set]) => [k, [...set.values()].sort((a, b) => (a.t as number) - (b.t as number))])),
    trading,
  };
}

/** Index of the first entry of the epoch that is current at `positionMs`. */
export function epochStartAt(tl: Timeline, positionMs: number): number {
  let start = tl.epochStarts[0] ?? 0;
  for (const s of tl.epochStarts) {
    const first = tl.entries[s];
    if (first === undefined || first.t > positionMs) break;
    start = s;
  }
  return start;
}
