// Reads the config's TOML with smol-toml (maintained, complete TOML 1.0, builds null-prototype
// objects), and adds what the terminal needs on top: every problem with its line and key, and the rest
// of the file still read when one line is bad (the bad line is left out and the text parsed again).

import { parse, TomlError } from 'smol-toml';
import { toConfigTable, type TomlTable } from './config-table.js';
import { keyLines } from './key-lines.js';

export type { TomlTable } from './config-table.js';

export interface TomlProblem {
  /** 1-based; null when the key's line cannot be told. */
  line: number | null;
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

/** Past this many bad lines the file is not worth reading further: every entry keeps its default. */
const MAX_SYNTAX_ERRORS = 20;

/** smol-toml's message without its prefix and code block, said plainly for the usual slips. */
function syntaxMessage(error: TomlError, sourceLine: string): string {
  const message = error.message.replace(/^Invalid TOML document: /, '').split('\n')[0] ?? 'not valid TOML';
  const line = sourceLine.trim();
  const word = /=\s*([A-Za-z][\w-]*)\s*(#.*)?$/.exec(line)?.[1];
  if (message === 'invalid value' && word !== undefined && word !== 'true' && word !== 'false') return `not a value: ${word} (strings need quotes)`;
  if (message === 'trying to redefine an already defined table or value') return 'key set twice';
  if (message.startsWith('control characters') && (line.match(/(?<!\\)"/g)?.length ?? 0) % 2 === 1) return 'unterminated string';
  if (line.startsWith('[') && !/\]\s*(#.*)?$/.test(line)) return 'malformed table header';
  if (!line.startsWith('[') && !line.includes('=')) return 'expected key = value';
  return message;
}

/**
 * Leaves the bad line out; a bad table header takes the lines below it along (up to the next header),
 * so its entries never land in the table above.
 */
function dropLine(source: string[], index: number): boolean {
  if ((source[index] ?? '').trim() === '') return false;
  const header = (source[index] ?? '').trim().startsWith('[');
  source[index] = '';
  for (let i = index + 1; header && i < source.length && !(source[i] ?? '').trim().startsWith('['); i++) source[i] = '';
  return true;
}

export function parseToml(text: string): TomlResult {
  const { lineOf: lines, keyOn } = keyLines(text);
  const problems: TomlProblem[] = [];
  const source = text.split(/\r?\n/);
  let parsed: unknown = null;
  while (parsed === null) {
    try {
      // Unsafe keys are kept (as own entries of null-prototype objects) so toConfigTable refuses them with their line.
      parsed = parse(source.join('\n'), { unsafeKeyBehaviour: 'keep' });
    } catch (error) {
      if (!(error instanceof TomlError)) throw error;
      const index = error.line - 1;
      problems.push({ line: error.line, key: keyOn.get(error.line) ?? '', message: syntaxMessage(error, source[index] ?? '') });
      if (problems.length >= MAX_SYNTAX_ERRORS || !dropLine(source, index)) parsed = {};
    }
  }
  const table = toConfigTable(parsed, (key, message) => problems.push({ line: lines.get(key) ?? null, key, message }));
  return { table, lines, problems: problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity)) };
}
