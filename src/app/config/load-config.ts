// Finds and reads the config: `--config FILE`, else $PERPL_HOME/config.toml, else config.json. Never
// throws and never prints: problems come back with line and key for the screen to show.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseToml, type TomlTable } from './toml.js';
import { defaultConfig, validateConfig, type ConfigProblem, type TerminalConfig } from './schema.js';

export interface LoadedConfig {
  /** The file read, null when there was none. */
  file: string | null;
  config: TerminalConfig;
  problems: ConfigProblem[];
}

/** 1-based line of the first `"name":` in JSON text (a good enough pointer for a hand-edited file). */
function jsonLineOf(text: string, dotted: string): number | null {
  const name = dotted.split('.').at(-1) ?? dotted;
  const at = text.search(new RegExp(`"${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:`));
  return at < 0 ? null : text.slice(0, at).split('\n').length;
}

function jsonToTable(value: unknown): TomlTable | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: TomlTable = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = v as string[];
    else if (typeof v === 'object' && v !== null && !Array.isArray(v)) out[k] = jsonToTable(v) ?? {};
    // null and mixed arrays are left out: validation then reports nothing for them, so say it here.
    else out[k] = `\u0000invalid`;
  }
  return out;
}

export function parseConfigText(text: string, format: 'toml' | 'json'): { config: TerminalConfig; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  let table: TomlTable;
  let lineOf: (key: string) => number | null;
  if (format === 'toml') {
    const parsed = parseToml(text);
    problems.push(...parsed.problems);
    table = parsed.table;
    lineOf = (key) => parsed.lines.get(key) ?? null;
  } else {
    try {
      const parsed = jsonToTable(JSON.parse(text) as unknown);
      if (!parsed) return { config: defaultConfig(), problems: [{ line: 1, key: '', message: 'the file must hold a JSON object' }] };
      table = parsed;
    } catch (error) {
      const position = /position (\d+)/.exec(error instanceof Error ? error.message : '');
      const line = position ? text.slice(0, Number(position[1])).split('\n').length : null;
      return { config: defaultConfig(), problems: [{ line, key: '', message: 'not valid JSON; using the defaults' }] };
    }
    lineOf = (key) => jsonLineOf(text, key);
  }
  const config = validateConfig(table, (key, message) => problems.push({ line: lineOf(key), key, message }));
  return { config, problems };
}

export function loadConfig(opts: { file?: string; home?: string }): LoadedConfig {
  const candidates = opts.file ? [opts.file] : opts.home ? [join(opts.home, 'config.toml'), join(opts.home, 'config.json')] : [];
  const file = candidates.find((f) => existsSync(f)) ?? null;
  if (!file) {
    const problems: ConfigProblem[] = opts.file ? [{ line: null, key: '', message: `config file not found: ${opts.file}` }] : [];
    return { file: null, config: defaultConfig(), problems };
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    return { file, config: defaultConfig(), problems: [{ line: null, key: '', message: `cannot read ${file} (${reason})` }] };
  }
  return { file, ...parseConfigText(text, file.endsWith('.json') ? 'json' : 'toml') };
}

/** One line for the footer: the first problem with its line and key, and how many more there are. */
export function problemNotice(file: string | null, problems: readonly ConfigProblem[]): string | null {
  const first = problems[0];
  if (!first) return null;
  const where = [file ? file.split('/').at(-1) : 'config', first.line !== null ? `line ${first.line}` : null, first.key || null]
    .filter(Boolean)
    .join(': ');
  const more = problems.length > 1 ? ` (+${problems.length - 1} more)` : '';
  return `config ${where}: ${first.message}; default used${more}`;
}
