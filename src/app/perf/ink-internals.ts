// Ink 6.8 modules its package does not export: loaded by file from Ink's own directory, which gives the
// very module instances Ink uses (Node keys ES modules by URL). Loaded once, at import, so the writers
// and caches that build on them can be installed synchronously right after mounting.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const inkEntry = createRequire(import.meta.url).resolve('ink');
const inkDir = dirname(inkEntry);

/** One cell of Ink's output grid (@alcalzone/ansi-tokenize's StyledChar). */
export interface StyledCell {
  type: 'char';
  value: string;
  fullWidth: boolean;
  styles: readonly AnsiCode[];
}

export interface AnsiCode {
  type: 'ansi';
  code: string;
  endCode: string;
}

export interface AnsiTokenize {
  styledCharsFromTokens(tokens: unknown[]): StyledCell[];
  tokenize(text: string): unknown[];
  styledCharsToString(chars: readonly StyledCell[]): string;
  diffAnsiCodes(from: readonly AnsiCode[], to: readonly AnsiCode[]): AnsiCode[];
  ansiCodesToString(codes: readonly AnsiCode[]): string;
  reduceAnsiCodesIncremental(codes: readonly AnsiCode[], newCodes: readonly AnsiCode[]): AnsiCode[];
}

async function load<T>(url: string): Promise<T> {
  return (await import(url)) as T;
}

/** Ink's map from stdout to its mounted instance. */
export const inkInstances = (await load<{ default: WeakMap<object, unknown> }>(pathToFileURL(join(inkDir, 'instances.js')).href)).default;

/** Ink's Output class (the grid every frame is drawn into). */
export const InkOutput = (await load<{ default: { prototype: object } }>(pathToFileURL(join(inkDir, 'output.js')).href)).default;

type ExportsField = string | { import?: string; default?: string } | { '.': string | { import?: string; default?: string } };

/** The ESM entry of a package Ink depends on, resolved from Ink (so the copy Ink uses). */
function inkDependencyEntry(name: string): string {
  // Found the way Node would look it up from Ink (package.json need not be exported).
  const dirs = createRequire(inkEntry).resolve.paths(name) ?? [];
  const manifest = dirs.map((dir) => join(dir, name, 'package.json')).find((file) => existsSync(file));
  if (!manifest) throw new Error(`${name}: not installed where Ink can import it`);
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: ExportsField };
  const root = typeof exports === 'object' && '.' in exports ? exports['.'] : exports;
  const entry = typeof root === 'string' ? root : (root.import ?? root.default);
  if (!entry) throw new Error(`${name}: no ES module entry in its package.json`);
  return pathToFileURL(join(dirname(manifest), entry)).href;
}

/** The ANSI tokenizer Ink's Output uses. */
export const ansiTokenize = await load<AnsiTokenize>(inkDependencyEntry('@alcalzone/ansi-tokenize'));

/** The ANSI-aware slicing Ink's Output clips with. */
export const sliceAnsi = (await load<{ default: (text: string, start: number, end?: number) => string }>(inkDependencyEntry('slice-ansi'))).default;
