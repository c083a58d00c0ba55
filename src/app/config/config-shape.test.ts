import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_KEY_CHARS, MAX_CONFIG_KEY_DEPTH, configShapeProblem } from './config-shape.js';
import { parseConfigText } from './load-config.js';
import { defaultConfig } from './schema.js';

const dotted = (parts: number): string => Array.from({ length: parts }, (_, i) => `k${i % 10}`).join('.');

describe('config shape, before the parser', () => {
  it('config-key-4000-parts-overflowed-the-stack: one problem with its line, and every default', () => {
    // 4,000 dotted parts (about 12 KB): "Maximum call stack size exceeded" stopped the terminal and doctor.
    const { config, problems } = parseConfigText(['theme = "light"', '', `${dotted(4_000)} = 1`, 'fps = 10'].join('\n'), 'toml');
    expect(problems).toEqual([{ line: 3, key: '', message: `a key nested more than ${MAX_CONFIG_KEY_DEPTH} deep: not read; using the defaults` }]);
    expect(config).toEqual(defaultConfig());
  });

  it('config-key-50000-parts-ran-out-of-memory: refused on one pass, long before any parser', () => {
    const text = `[keys]\nbuy = "b"\n${dotted(50_000)} = 1\n`;
    const started = performance.now();
    expect(parseConfigText(text, 'toml').problems).toEqual([{ line: 3, key: '', message: expect.stringContaining('nested more than') }]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('config-json-nested-5000-deep: refused with its line, every default', () => {
    const json = `{"bell": false,\n"a": ${'{"a": '.repeat(5_000)}1${'}'.repeat(5_000)}}`;
    const { config, problems } = parseConfigText(json, 'json');
    expect(problems).toEqual([{ line: 2, key: '', message: expect.stringContaining('nested more than') }]);
    expect(config.bell).toBe(true);
  });

  it('the limits are where they say: 8 deep and 128 characters pass, one more is refused', () => {
    expect(configShapeProblem(`${dotted(MAX_CONFIG_KEY_DEPTH)} = 1`, 'toml')).toBeNull();
    expect(configShapeProblem(`${dotted(MAX_CONFIG_KEY_DEPTH + 1)} = 1`, 'toml')?.line).toBe(1);
    // A header's parts count, and the keys under it add theirs; inline tables and lists add one each.
    expect(configShapeProblem(`[${dotted(6)}]\na.b = 1`, 'toml')).toBeNull();
    expect(configShapeProblem(`[${dotted(6)}]\na.b.c = 1`, 'toml')?.line).toBe(2);
    expect(configShapeProblem(`[[${dotted(7)}]]\nx = 1`, 'toml')?.line).toBe(2);
    expect(configShapeProblem('x = {a = {b = {c = {d = {e = {f = {g = 1}}}}}}}', 'toml')).toBeNull();
    expect(configShapeProblem('x = {a = {b = {c = {d = {e = {f = {g = {h = 1}}}}}}}}', 'toml')?.line).toBe(1);
    expect(configShapeProblem(`x = ${'['.repeat(8)}${']'.repeat(8)}`, 'toml')).toBeNull();
    expect(configShapeProblem(`x = ${'['.repeat(9)}${']'.repeat(9)}`, 'toml')?.line).toBe(1);
    expect(configShapeProblem(`${'k'.repeat(MAX_CONFIG_KEY_CHARS)} = 1`, 'toml')).toBeNull();
    expect(configShapeProblem(`${'k'.repeat(MAX_CONFIG_KEY_CHARS + 1)} = 1`, 'toml')?.message).toContain(`longer than ${MAX_CONFIG_KEY_CHARS}`);
    expect(configShapeProblem(`{"${'k'.repeat(MAX_CONFIG_KEY_CHARS + 1)}": 1}`, 'json')?.message).toContain(`longer than ${MAX_CONFIG_KEY_CHARS}`);
    expect(configShapeProblem(`{"k": "${'v'.repeat(1_000)}"}`, 'json')).toBeNull();
    expect(configShapeProblem(`${'['.repeat(8)}${']'.repeat(8)}`, 'json')).toBeNull();
    expect(configShapeProblem(`${'['.repeat(9)}${']'.repeat(9)}`, 'json')).not.toBeNull();
  });

  it('dots, brackets and equals signs inside strings and comments are not keys', () => {
    const text = [
      `a = "${'.'.repeat(500)}"`,
      `b = '${'['.repeat(50)}'`,
      `c = """`,
      `${dotted(20)} = 1`,
      `"""`,
      `# ${dotted(20)} = 1`,
      `"${dotted(20)}" = 2`,
      `d = [`,
      `  1.5, 2.5, # [[[[[[[[[[`,
      `]`,
      `[e]`,
      `f = 1`,
    ].join('\n');
    expect(configShapeProblem(text, 'toml')).toBeNull();
  });

  it('the example config and every real shape pass untouched', () => {
    const example = readFileSync(join(import.meta.dirname, 'example-config.toml'), 'utf8');
    expect(configShapeProblem(example, 'toml')).toBeNull();
    expect(parseConfigText(example, 'toml').problems).toEqual([]);
    expect(configShapeProblem('{"keys": {"zoom": ["z", "ctrl+z"]}, "confirm": {"leverageAbove": 10}}', 'json')).toBeNull();
  });
});
