// The parsed config as the schema reads it: null-prototype tables of strings, numbers, booleans and
// string lists. Both the TOML and the JSON reader pass through here, so a key that names a built-in of
// every JavaScript object (`__proto__`, `constructor`, `prototype`) is refused in one place, with its
// line, before anything can write through it.

export type TomlValue = string | number | boolean | string[] | TomlTable;
/** Always built with a null prototype: a key is only ever an own entry. */
export interface TomlTable {
  [key: string]: TomlValue;
}

/** Names that reach into every object's prototype when used as a property key. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export type ReportProblem = (key: string, message: string) => void;

function isPlainTable(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === null || proto === Object.prototype;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value instanceof Date) return 'a date';
  if (Array.isArray(value)) return 'a list holding something other than strings';
  if (typeof value === 'number') return 'a number that is not finite';
  return typeof value;
}

/**
 * Copies a parsed document into null-prototype tables, entry by entry. Reserved keys and values the
 * config never uses (dates, null, lists of non-strings, tables in lists) are reported and left out.
 */
export function toConfigTable(value: unknown, report: ReportProblem, prefix = ''): TomlTable {
  const out = Object.create(null) as TomlTable;
  if (!isPlainTable(value)) return out;
  for (const name of Object.keys(value)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (RESERVED_KEYS.has(name)) {
      report(key, 'refused: a reserved name (a built-in of every object: it could change how the program behaves)');
      continue;
    }
    const v = value[name];
    if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) out[name] = v;
    else if (Array.isArray(v) && v.every((item) => typeof item === 'string')) out[name] = [...(v as string[])];
    else if (isPlainTable(v)) out[name] = toConfigTable(v, report, key);
    else report(key, `unsupported value: ${describe(v)}`);
  }
  return out;
}
