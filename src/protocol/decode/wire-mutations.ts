// Systematic malformations of a valid JSON value, for decoder tests and the fuzzer: every field can be
// deleted, nulled or replaced with a value of the wrong type, each mutation naming the path it broke.

import { isPlainObject } from '../../lib/plain-object.js';
import { fieldPath, itemPath } from './kit.js';

type Segment = string | number;

export interface FieldSite {
  /** Path in the decoders' notation: `d[3].p`, map keys as `d.16`. */
  path: string;
  segments: Segment[];
  value: unknown;
}

/** Every field and array item below the root, depth first, parents before children. */
export function fieldSites(root: unknown, skip: (path: string) => boolean = () => false): FieldSite[] {
  const sites: FieldSite[] = [];
  const walk = (value: unknown, path: string, segments: Segment[]): void => {
    if (segments.length > 0) {
      if (skip(path)) return;
      sites.push({ path, segments, value });
    }
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, itemPath(path, i), [...segments, i]));
    } else if (isPlainObject(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, fieldPath(path, k), [...segments, k]);
    }
  };
  walk(root, '', []);
  return sites;
}

/** Marker for "remove this field" (an array item is spliced out). */
export const DELETE = Symbol('delete');

/** A deep copy of `root` with the value at `segments` replaced (or removed). */
export function replaceAt(root: unknown, segments: Segment[], replacement: unknown): unknown {
  // A JSON round trip, not structuredClone: examples share sub-objects, and a mutation must hit one place.
  const copy: unknown = JSON.parse(JSON.stringify(root));
  let parent: unknown = copy;
  for (const seg of segments.slice(0, -1)) parent = (parent as Record<Segment, unknown>)[seg];
  const last = segments[segments.length - 1];
  if (last === undefined) return replacement;
  if (Array.isArray(parent) && typeof last === 'number') {
    if (replacement === DELETE) parent.splice(last, 1);
    else parent[last] = replacement;
  } else if (isPlainObject(parent)) {
    if (replacement === DELETE) delete parent[String(last)];
    else parent[String(last)] = replacement;
  }
  return copy;
}

/** Replacements that no reader may accept for a value of this kind (wrong JSON type or a fraction). */
export function wrongTypeReplacements(value: unknown): unknown[] {
  if (typeof value === 'number') return ['x', 1.5, true, {}];
  if (typeof value === 'string') return [1.5, true, {}];
  if (typeof value === 'boolean') return ['true', 1];
  // Objects and arrays.
  return ['x', 7];
}
