// Finds and reads the config: `--config FILE`, else $PERPL_HOME/config.toml, else config.json. Never
// throws and never prints: problems come back with line and key for the screen to show. Only a regular
// file is read (a FIFO or a device would hang or flood start-up). A problem quotes the file's own text
// (a key, a value, which TOML and JSON escapes can fill with ESC), so each one comes back sanitized.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { toConfigTable, type TomlTable } from './config-table.js';
import { configShapeProblem } from './config-shape.js';
import { FileRefusal, readCheckedFile } from '../../lib/checked-file.js';
import { sanitizeText } from '../../protocol/sanitize-text.js';
import { parseToml } from './toml.js';
import { defaultConfig, fallbackFor, validateConfig, type ConfigProblem, type TerminalConfig } from './schema.js';

export interface LoadedConfig {
  /** The file read, null when there was none. */
  file: string | null;
  config: TerminalConfig;
  problems: ConfigProblem[];
  /** Line of the `watchlist` entry, for a market the exchange does not list (known only once connected). */
  watchlistLine?: number | null;
}

/** 1-based line of the first `"name":` in JSON text (a good enough pointer for a hand-edited file). */
function jsonLineOf(text: string, dotted: string): number | null {
  const name = dotted.split('.').at(-1) ?? dotted;
  const at = text.search(new RegExp(`"${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:`));
  return at < 0 ? null : text.slice(0, at).split('\n').length;
}

/** Longest config key kept in a problem (a real one is a few dozen characters). */
const MAX_PROBLEM_KEY_CHARS = 120;

/** A problem safe to show in the footer or print in doctor's report: key and message sanitized. */
function inert(p: ConfigProblem): ConfigProblem {
  return { ...p, key: sanitizeText(p.key, MAX_PROBLEM_KEY_CHARS), message: sanitizeText(p.message) };
}

export function parseConfigText(text: string, format: 'toml' | 'json'): { config: TerminalConfig; problems: ConfigProblem[]; watchlistLine: number | null } {
  const { config, problems, watchlistLine } = parseConfigTextRaw(text, format);
  return { config, problems: problems.map(inert), watchlistLine };
}

function parseConfigTextRaw(text: string, format: 'toml' | 'json'): { config: TerminalConfig; problems: ConfigProblem[]; watchlistLine: number | null } {
  // Before any parser: a key thousands of parts deep overflowed the stack behind it.
  const shape = configShapeProblem(text, format);
  if (shape) return { config: defaultConfig(), problems: [{ line: shape.line, key: '', message: shape.message }], watchlistLine: null };
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
      const parsed = JSON.parse(text) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        return { config: defaultConfig(), problems: [{ line: 1, key: '', message: 'the file must hold a JSON object' }], watchlistLine: null };
      }
      table = toConfigTable(parsed, (key, message) => problems.push({ line: jsonLineOf(text, key), key, message }));
    } catch (error) {
      const position = /position (\d+)/.exec(error instanceof Error ? error.message : '');
      const line = position ? text.slice(0, Number(position[1])).split('\n').length : null;
      return { config: defaultConfig(), problems: [{ line, key: '', message: 'not valid JSON; using the defaults' }], watchlistLine: null };
    }
    lineOf = (key) => jsonLineOf(text, key);
  }
  const config = validateConfig(table, (key, message) => problems.push({ line: lineOf(key), key, message }));
  return { config, problems: problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity)), watchlistLine: lineOf('watchlist') };
}

/** Larger than any hand-written config: refused rather than read into memory. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** The file's text, or why it is not read (lib/checked-file: a regular file within the size, judged as opened); null: gone. */
function readConfigFile(file: string): { text: string } | { problem: string } | null {
  try {
    const bytes = readCheckedFile(file, { maxBytes: MAX_CONFIG_BYTES });
    return bytes === null ? null : { text: bytes.toString('utf8') };
  } catch (error) {
    if (error instanceof FileRefusal) return { problem: `${file} ${error.reason}: not read` };
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    return { problem: `cannot read ${file} (${reason})` };
  }
}

export function loadConfig(opts: { file?: string; home?: string }): LoadedConfig {
  const candidates = opts.file ? [opts.file] : opts.home ? [join(opts.home, 'config.toml'), join(opts.home, 'config.json')] : [];
  const file = candidates.find((f) => existsSync(f)) ?? null;
  const read = file === null ? null : readConfigFile(file);
  if (file === null || read === null) {
    const problems: ConfigProblem[] = opts.file ? [inert({ line: null, key: '', message: `config file not found: ${opts.file}` })] : [];
    return { file: null, config: defaultConfig(), problems };
  }
  if ('problem' in read) return { file, config: defaultConfig(), problems: [inert({ line: null, key: '', message: read.problem })] };
  return { file, ...parseConfigText(read.text, file.endsWith('.json') ? 'json' : 'toml') };
}

/** One line for the footer: how many problems (first, so a cut line still says it) and the first with its line and key. */
export function problemNotice(file: string | null, problems: readonly ConfigProblem[]): string | null {
  const first = problems[0];
  if (!first) return null;
  const name = file ? file.split('/').at(-1) : 'config';
  const where = [first.line !== null ? `line ${first.line}` : null, first.key || null].filter(Boolean).join(': ');
  const count = problems.length > 1 ? `${problems.length} problems (? lists all): ` : '';
  // The file's name is the user's, but a name can hold controls too.
  return sanitizeText(`config ${name}: ${count}${where ? `${where}: ` : ''}${first.message}; default used`);
}

/** One problem as a line of its own: where, what is wrong, and what is used instead. */
export function problemLine(p: ConfigProblem): string {
  const where = [p.line !== null ? `line ${p.line}` : null, p.key || null].filter(Boolean).join(': ');
  const fallback = p.fallback ?? fallbackFor(p.key, p.message);
  return sanitizeText(`${where ? `${where}: ` : ''}${p.message}; using ${fallback}`);
}

/** Watchlist symbols the exchange does not list (`BTC` and `BTC-PERP` name the same market). */
export function unknownWatchlistSymbols(watchlist: readonly string[], marketSymbols: readonly string[]): string[] {
  const base = (s: string): string => s.trim().toUpperCase().replace(/-PERP$/, '');
  const known = new Set(marketSymbols.map(base));
  return watchlist.filter((w) => !known.has(base(w)));
}

/** The same, as problems of the `watchlist` entry. */
export function unknownWatchlistProblems(watchlist: readonly string[], marketSymbols: readonly string[], line: number | null): ConfigProblem[] {
  return unknownWatchlistSymbols(watchlist, marketSymbols).map((w) =>
    inert({ line, key: 'watchlist', message: `unknown market "${w}" (the exchange does not list it)`, fallback: 'left out of the watchlist' }),
  );
}
