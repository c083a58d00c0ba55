// The `:` line's trailing stop and chase limit (issue 31): `trail` and `chase`, their shape only, each bad
// word named. Numbers stay text: the flows (ui/algos/trail-flow.ts, chase-flow.ts) make them exact with the
// market's decimals and check the values against the market, the position and the book.

import { NUMBER, numberProblem, parseDuration } from './parse-words.js';
import { parseSizeWord } from '../../domain/trading/size-words.js';

/** A distance as typed: `1%` (a share of the price), `20t` (price ticks) or `500` (a price difference). */
export type TypedDistance = { unit: 'pct'; value: string } | { unit: 'ticks'; value: string } | { unit: 'price'; value: string };

/** `trail [SYMBOL] 1%|500 [last|mark] [step PRICE]`: a trailing stop on a position (numbers as typed). */
export interface TypedTrail {
  kind: 'trail';
  /** The market typed; '' for the market on screen. */
  symbol: string;
  distance: TypedDistance;
  /** Which price fires the stop and is trailed (absent: the mark). */
  on?: 'mark' | 'last';
  /** The least a move tightens the stop by, a price as typed. */
  step?: string;
}

/** `chase buy|sell SIZE ...` or `chase close [SIZE] ...` on the market on screen (numbers as typed). */
export interface TypedChase {
  kind: 'chase';
  /** buy / sell; absent for `chase close` (the side that closes the position on screen). */
  side?: 'long' | 'short';
  /** As typed; absent for `chase close` without a size (the whole position). */
  size?: string;
  /** `chase close`: reduce-only, it only closes the position on screen. */
  close?: boolean;
  max?: TypedDistance;
  durationMs?: number;
  atBound?: 'leave' | 'cancel';
  leverage?: string;
}

type Refused = { kind: 'error'; message: string };

export const TRAIL_USAGE = 'trail [SYMBOL] DISTANCE(1%|PRICE) [last|mark] [step PRICE]';
export const CHASE_USAGE = 'chase buy|sell SIZE|$QUOTE|PCT% | chase close [SIZE], then [max 20t|0.5%|PRICE] [for 60s] [leave|cancel] [lev X]';

const error = (message: string): Refused => ({ kind: 'error', message });

/** `1%`, `20t` or `500`: a distance as typed, or null when it is none of them. */
function typedDistance(text: string): TypedDistance | null {
  if (text.endsWith('%')) return NUMBER.test(text.slice(0, -1)) ? { unit: 'pct', value: text.slice(0, -1) } : null;
  if (/t$/i.test(text)) return /^\d+t$/i.test(text) ? { unit: 'ticks', value: text.slice(0, -1) } : null;
  return NUMBER.test(text) ? { unit: 'price', value: text } : null;
}

/** `trail [SYMBOL] 1%|500 [last|mark] [step PRICE]`. */
export function parseTrail(args: readonly string[]): TypedTrail | Refused {
  const rest = [...args];
  const first = rest[0];
  if (first === undefined) return error(`trail: missing distance (${TRAIL_USAGE})`);
  // A symbol never starts with a digit or a dot; a distance always does.
  const symbol = /^[0-9.]/.test(first) ? '' : rest.shift()!;
  const distanceWord = rest.shift();
  if (distanceWord === undefined) return error(`trail: missing distance (${TRAIL_USAGE})`);
  const distance = typedDistance(distanceWord);
  if (distance === null) return error(`trail: distance "${distanceWord}" is not a distance (1%, 20t or a price such as 500)`);
  const trail: TypedTrail = { kind: 'trail', symbol, distance };
  while (rest.length > 0) {
    const word = rest.shift()!;
    const t = word.toLowerCase();
    if (t === 'last' || t === 'mark') {
      if (trail.on !== undefined && trail.on !== t) return error('trail: say "last" or "mark", not both');
      trail.on = t;
    } else if (t === 'step' && trail.step === undefined) {
      const v = rest.shift();
      const problem = numberProblem(v, 'step', 'trail', TRAIL_USAGE);
      if (problem || v === undefined) return error(problem ?? 'trail: missing step');
      trail.step = v;
    } else {
      return error(`trail: unexpected "${word}" (${TRAIL_USAGE})`);
    }
  }
  return trail;
}

/** The value after `max`, `for` or `lev` set on `chase`, or the refusal naming it. */
function chaseValue(chase: TypedChase, word: 'max' | 'for' | 'lev', value: string | undefined): Refused | null {
  if (value === undefined) return error(`chase: missing value after "${word}" (${CHASE_USAGE})`);
  if (word === 'max') {
    const max = typedDistance(value);
    if (max === null) return error(`chase: max "${value}" is not a distance (20t, 0.5% or a price)`);
    chase.max = max;
  } else if (word === 'for') {
    const ms = parseDuration(value);
    if (ms === null) return error(`chase: for "${value}" is not a duration (30s, 10m, 1h30m)`);
    chase.durationMs = ms;
  } else {
    const leverage = value.replace(/x$/i, '');
    const problem = numberProblem(leverage, 'leverage', 'chase', CHASE_USAGE);
    if (problem) return error(problem);
    chase.leverage = leverage;
  }
  return null;
}

/** `0.5`, `$500` or `10%` (resolved when the confirm opens, ui/algos/algo-words.ts); the problem named. */
function chaseSizeProblem(size: string | undefined): string | null {
  if (size === undefined) return numberProblem(size, 'size', 'chase', CHASE_USAGE);
  const read = parseSizeWord(size);
  if ('error' in read) return `chase: ${read.error}`;
  if (read.kind === 'fraction') return `chase: size "${size}" is a fraction of the position: chase buy|sell takes a size, $QUOTE or PCT% (chase close takes the position)`;
  return null;
}

/** `chase buy|sell SIZE [max 20t|0.5%|PRICE] [for 60s] [leave|cancel] [lev X]`, `chase close [SIZE] ...`. */
export function parseChase(args: readonly string[]): TypedChase | Refused {
  const [sideWord, ...rest] = args;
  const side = sideWord?.toLowerCase();
  if (side !== 'buy' && side !== 'sell' && side !== 'close') return error(`chase: say buy, sell or close${sideWord ? `, not "${sideWord}"` : ''} (${CHASE_USAGE})`);
  const chase: TypedChase = { kind: 'chase' };
  if (side === 'close') {
    chase.close = true;
    if (rest[0] !== undefined && NUMBER.test(rest[0])) chase.size = rest.shift()!;
  } else {
    chase.side = side === 'buy' ? 'long' : 'short';
    const size = rest.shift();
    const bad = chaseSizeProblem(size);
    if (bad || size === undefined) return error(bad ?? 'chase: missing size');
    chase.size = size;
  }
  const given = new Set<string>();
  while (rest.length > 0) {
    const word = rest.shift()!;
    const t = word.toLowerCase();
    const key = t === 'cancel' ? 'leave' : t;
    if (given.has(key)) return error(key === 'leave' ? 'chase: say "leave" or "cancel", once' : `chase: "${t}" given twice`);
    given.add(key);
    if (t === 'leave' || t === 'cancel') chase.atBound = t;
    else if (t === 'max' || t === 'for' || t === 'lev') {
      const refused = chaseValue(chase, t, rest.shift());
      if (refused) return refused;
    } else return error(`chase: unexpected "${word}" (${CHASE_USAGE})`);
  }
  if (chase.close && chase.leverage !== undefined) return error('chase: a close takes no "lev"');
  return chase;
}
