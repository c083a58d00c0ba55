// A small hand-written validation kit: readers that check one JSON value and return a typed copy.
// Every failure is a DecodeError naming the path (`d[3].p`) and what was expected.
// Policy: unknown extra fields are DROPPED (the decoded value is a fresh object holding only known
// fields), because the live service adds fields often and nothing downstream may depend on them.
// Optional fields accept `null` as "absent" (Go-style servers emit null for empty pointers).
// Strings come out inert: every string reader passes the value through sanitizeText (controls and bidi
// controls shown as visible escapes, length capped), so no decoded string can drive a terminal.

import { DecodeError } from '../errors.js';
import { MAX_WIRE_TEXT_CHARS, sanitizeText } from '../sanitize-text.js';
import { isPlainObject } from '../../lib/plain-object.js';

/** Reads one value at a path. */
export type Reader<T> = (value: unknown, path: string) => T;
/** A public decoder: the path defaults to the root. */
export type Decoder<T> = (value: unknown, path?: string) => T;

// Paths are only read when a value is bad, yet building one per field of every book level was a
// third of the validation cost. So a root decode runs first without them (every path stays the
// root's), and only a value that fails is decoded a second time, with paths, for the error.
let buildPaths = true;

/** Path of a child field. */
export function fieldPath(path: string, key: string): string {
  if (!buildPaths) return path;
  return path === '' ? key : `${path}.${key}`;
}
/** Path of an array item. */
export function itemPath(path: string, index: number): string {
  if (!buildPaths) return path;
  return `${path}[${index}]`;
}

/** Runs a root decode without paths; if it fails, runs it again with paths so the error names the field. */
function withPathsOnFailure<T>(read: Reader<T>, value: unknown): T {
  if (!buildPaths) return read(value, ''); // nested: the outermost call owns the retry
  buildPaths = false;
  try {
    return read(value, '');
  } catch (fast) {
    if (!(fast instanceof DecodeError)) throw fast;
    buildPaths = true;
    read(value, ''); // decoders are pure, so this throws the same failure, now with its path
    throw fast;
  } finally {
    buildPaths = true;
  }
}

/** A short, secret-free description of a value: strings are never echoed (they may be tokens). */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing (field missing)';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'a non-finite number';
  if (typeof value === 'string') return `a string of length ${value.length}`;
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

export function fail(path: string, expected: string, value: unknown): never {
  throw new DecodeError(`${path === '' ? 'value' : path}: expected ${expected}, got ${describeValue(value)}`, path);
}

export function obj(value: unknown, path: string): Record<string, unknown> {
  if (!isPlainObject(value)) fail(path, 'an object', value);
  return value;
}

/** A JSON number holding a safe integer (no fraction, no precision loss). */
export function int(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(path, 'an integer', value);
  return value;
}

export function nonNegInt(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    fail(path, 'a non-negative integer', value);
  }
  // Normalise -0 so it never leaks into keys or formatting.
  return value === 0 ? 0 : value;
}

/** A string, sanitized (sanitize-text.ts) and capped at MAX_WIRE_TEXT_CHARS. */
export function str(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'a string', value);
  return sanitizeText(value, MAX_WIRE_TEXT_CHARS);
}

/** A string for a narrow place on screen (a symbol, a name), sanitized and capped at `maxChars`. */
export function text(maxChars: number): Reader<string> {
  return (value, path) => {
    if (typeof value !== 'string') fail(path, 'a string', value);
    return sanitizeText(value, maxChars);
  };
}

export function bool(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'a boolean', value);
  return value;
}

const INTEGER_STRING = /^-?\d{1,80}$/;

/**
 * An Amount: decimal integer string (live wire) or a JSON safe integer (interface.md "raw integer"),
 * normalised to a canonical decimal string ("007" -> "7", "-0" -> "0").
 */
export function amount(value: unknown, path: string): string {
  if (typeof value === 'string' && INTEGER_STRING.test(value)) return BigInt(value).toString();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value).toString();
  return fail(path, 'an integer amount (decimal string)', value);
}

/** A non-negative decimal integer string (e.g. a millisecond timestamp sent as a string). */
export function decimalString(value: unknown, path: string): string {
  const s = amount(value, path);
  if (s.startsWith('-')) fail(path, 'a non-negative integer string', value);
  return s;
}

/** Exactly one literal value (used for `mt`). */
export function literal<const T extends number | string>(expected: T): Reader<T> {
  return (value, path) => {
    if (value !== expected) fail(path, JSON.stringify(expected), value);
    return expected;
  };
}

/** One of a few literal values. */
export function oneOf<const T extends readonly (number | string)[]>(allowed: T): Reader<T[number]> {
  return (value, path) => {
    const hit = allowed.find((a) => a === value);
    if (hit === undefined) fail(path, `one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`, value);
    return hit;
  };
}

/** Absent or null -> undefined; otherwise the inner reader decides. */
export function opt<T>(inner: Reader<T>): Reader<T | undefined> {
  return (value, path) => (value === undefined || value === null ? undefined : inner(value, path));
}

/** Absent or null -> a default; otherwise the inner reader decides. */
export function withDefault<T>(inner: Reader<T>, fallback: () => T): Reader<T> {
  return (value, path) => (value === undefined || value === null ? fallback() : inner(value, path));
}

/** An array whose items are read one by one with paths `path[i]`. */
export function arr<T>(item: Reader<T>): Reader<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) fail(path, 'an array', value);
    return value.map((v, i) => item(v, itemPath(path, i)));
  };
}

/** An object used as a map; keys must match `keyPattern` (guards against `__proto__` and junk keys). */
export function mapOf<T>(item: Reader<T>, keyPattern: RegExp, keyWhat: string): Reader<Record<string, T>> {
  return (value, path) => {
    const o = obj(value, path);
    const entries = Object.keys(o).map((key): [string, T] => {
      if (!keyPattern.test(key)) {
        // The refused key goes into the error's path, which reaches the log: inert and short there too.
        throw new DecodeError(`${path === '' ? 'value' : path}: key must be ${keyWhat}`, fieldPath(path, sanitizeText(key, 40)));
      }
      return [key, item(o[key], fieldPath(path, key))];
    });
    return Object.fromEntries(entries);
  };
}

const MARKET_ID_KEY = /^\d{1,15}$/;
/** A map keyed by market id (decimal string), as in mt 8/9/10 and the ticker. */
export function marketMap<T>(item: Reader<T>): Reader<Record<string, T>> {
  return mapOf(item, MARKET_ID_KEY, 'a market id');
}

/** Keys of T whose property is optional. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/** One reader per field; optional fields may use readers that return undefined. */
export type Shape<T> = {
  [K in keyof T]-?: K extends OptionalKeys<T> ? Reader<T[K] | undefined> : Reader<T[K]>;
};

/**
 * Builds a decoder for a record type from one reader per field. The result is a fresh object with
 * only the known fields; fields whose reader returns undefined are left out (not set to undefined).
 */
export function record<T extends object>(shape: Shape<T>): Decoder<T> {
  const keys = Object.keys(shape) as (keyof T & string)[];
  const read = (value: unknown, path: string): T => {
    const o = obj(value, path);
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const reader = shape[key] as Reader<unknown>;
      const v = reader(o[key], fieldPath(path, key));
      if (v !== undefined) out[key] = v;
    }
    return out as T;
  };
  // Called with no path it is a root decode (a frame, a REST body); with one it is a field of another.
  return (value, path) => (path === undefined ? withPathsOnFailure(read, value) : read(value, path));
}
