// A reader for the TOML subset the config file needs: `key = value` with strings, integers, floats,
// booleans and arrays of strings; [section] and [a.b] tables; # comments. Every value remembers its
// line, so a bad entry is reported where the user wrote it. Anything else is an error on that line.

export type TomlValue = string | number | boolean | string[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

export interface TomlProblem {
  line: number;
  /** Dotted key path when the problem belongs to an entry, '' for syntax outside one. */
  key: string;
  message: string;
}

export interface TomlResult {
  table: TomlTable;
  /** Line of every key path that was set (`keys.openPicker` -> 7). */
  lines: Map<string, number>;
  problems: TomlProblem[];
}

const BARE_KEY = /^[A-Za-z0-9_-]+$/;

/** Splits `a.b."c d"` into parts; null when malformed. */
function keyPath(text: string): string[] | null {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > 0) {
    let part: string;
    if (rest.startsWith('"')) {
      const end = rest.indexOf('"', 1);
      if (end < 0) return null;
      part = rest.slice(1, end);
      rest = rest.slice(end + 1).trim();
    } else {
      const dot = rest.indexOf('.');
      part = (dot < 0 ? rest : rest.slice(0, dot)).trim();
      if (!BARE_KEY.test(part)) return null;
      rest = dot < 0 ? '' : rest.slice(dot);
    }
    parts.push(part);
    if (rest.startsWith('.')) rest = rest.slice(1).trim();
    else if (rest.length > 0) return null;
  }
  return parts.length > 0 ? parts : null;
}

/** Reads one string token at the start of `text`; returns the value and what follows. */
function readString(text: string): { value: string; rest: string } | null {
  const quote = text[0];
  if (quote === "'") {
    const end = text.indexOf("'", 1);
    return end < 0 ? null : { value: text.slice(1, end), rest: text.slice(end + 1) };
  }
  if (quote !== '"') return null;
  let value = '';
  for (let i = 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') return { value, rest: text.slice(i + 1) };
    if (ch !== '\\') {
      value += ch;
      continue;
    }
    const esc = text[++i];
    const simple: Record<string, string> = { '"': '"', '\\': '\\', n: '\n', t: '\t', r: '\r' };
    if (esc !== undefined && simple[esc] !== undefined) value += simple[esc];
    else if (esc === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) {
      value += String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16));
      i += 4;
    } else return null;
  }
  return null;
}

/** Removes a trailing # comment that is not inside a string. */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === '\\' && quote === '"') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') return line.slice(0, i);
  }
  return line;
}

function parseValue(text: string): TomlValue | { error: string } {
  const t = text.trim();
  if (t === '') return { error: 'missing value' };
  if (t === 'true' || t === 'false') return t === 'true';
  if (t.startsWith('"') || t.startsWith("'")) {
    const s = readString(t);
    if (!s) return { error: 'unterminated or malformed string' };
    if (s.rest.trim() !== '') return { error: `unexpected text after the string: ${s.rest.trim()}` };
    return s.value;
  }
  if (t.startsWith('[')) {
    const items: string[] = [];
    let rest = t.slice(1).trim();
    while (!rest.startsWith(']')) {
      const s = readString(rest);
      if (!s) return { error: 'arrays may hold only quoted strings' };
      items.push(s.value);
      rest = s.rest.trim();
      if (rest.startsWith(',')) rest = rest.slice(1).trim();
      else if (!rest.startsWith(']')) return { error: 'expected , or ] in the array' };
    }
    if (rest.slice(1).trim() !== '') return { error: 'unexpected text after the array' };
    return items;
  }
  const number = t.replace(/_/g, '');
  if (/^[+-]?(\d+)(\.\d+)?([eE][+-]?\d+)?$/.test(number)) return Number(number);
  return { error: `not a value: ${t} (strings need quotes)` };
}

function tableAt(root: TomlTable, path: readonly string[]): TomlTable | null {
  let table = root;
  for (const part of path) {
    const next = table[part];
    if (next === undefined) table[part] = {};
    else if (typeof next !== 'object' || Array.isArray(next)) return null;
    table = table[part] as TomlTable;
  }
  return table;
}

export function parseToml(text: string): TomlResult {
  const table: TomlTable = {};
  const lines = new Map<string, number>();
  const problems: TomlProblem[] = [];
  let section: string[] = [];
  const source = text.split(/\r?\n/);
  for (let i = 0; i < source.length; i++) {
    const lineNo = i + 1;
    let line = stripComment(source[i] ?? '').trim();
    if (line === '') continue;
    if (line.startsWith('[') && !line.includes('=')) {
      const path = line.endsWith(']') ? keyPath(line.slice(1, -1)) : null;
      if (!path) problems.push({ line: lineNo, key: '', message: `malformed table header ${line}` });
      else section = path;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) {
      problems.push({ line: lineNo, key: '', message: `expected key = value, got ${line}` });
      continue;
    }
    // A multi-line array: keep reading until its closing bracket.
    while (line.slice(eq + 1).trim().startsWith('[') && !line.trimEnd().endsWith(']') && i + 1 < source.length) {
      line += ' ' + stripComment(source[++i] ?? '').trim();
    }
    const path = keyPath(line.slice(0, eq));
    if (!path) {
      problems.push({ line: lineNo, key: line.slice(0, eq).trim(), message: 'malformed key' });
      continue;
    }
    const full = [...section, ...path];
    const dotted = full.join('.');
    const value = parseValue(line.slice(eq + 1));
    if (typeof value === 'object' && !Array.isArray(value) && 'error' in value) {
      problems.push({ line: lineNo, key: dotted, message: String(value.error) });
      continue;
    }
    const parent = tableAt(table, full.slice(0, -1));
    const leaf = full.at(-1) ?? '';
    if (!parent || lines.has(dotted)) {
      problems.push({ line: lineNo, key: dotted, message: parent ? 'key set twice' : 'key is not a table' });
      continue;
    }
    parent[leaf] = value;
    lines.set(dotted, lineNo);
  }
  return { table, lines, problems };
}
