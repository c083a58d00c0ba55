import { afterEach, describe, expect, it } from 'vitest';
import { parseToml } from './toml.js';

afterEach(() => {
  // A failing run (the hand-written reader this replaced) must not leave the pollution to other tests.
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe('config toml reader', () => {
  it('reads strings, numbers, booleans, string arrays, sections and comments, with their lines', () => {
    const { table, lines, problems } = parseToml(
      [
        '# perpl config',
        'network = "local"  # the default',
        "market = 'BTC'",
        'fps = 25',
        'ratio = -1.5e2',
        'bell = false',
        'watchlist = ["BTC", "ETH # not a comment"]',
        '',
        '[keys]',
        'openPicker = "p"',
        'quit = [',
        '  "q",',
        '  "ctrl+q",',
        ']',
        '[confirm.extra]',
        '"quoted key" = "a\\"b\\u0041"',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(table).toEqual({
      network: 'local',
      market: 'BTC',
      fps: 25,
      ratio: -150,
      bell: false,
      watchlist: ['BTC', 'ETH # not a comment'],
      keys: { openPicker: 'p', quit: ['q', 'ctrl+q'] },
      confirm: { extra: { 'quoted key': 'a"bA' } },
    });
    expect(lines.get('keys.openPicker')).toBe(10);
    expect(lines.get('fps')).toBe(4);
    expect(lines.get('confirm.extra.quoted key')).toBe(16);
  });

  it('reads the TOML the hand-written reader refused: inline tables, dotted keys, multi-line strings, CRLF', () => {
    const { table, problems, lines } = parseToml(['confirm = { skipReview = true }', 'keys.buy = "B"', 'note = """', 'x = 1', '"""', 'fps = 1_0'].join('\r\n'));
    expect(problems).toEqual([]);
    expect(table).toEqual({ confirm: { skipReview: true }, keys: { buy: 'B' }, note: 'x = 1\n', fps: 10 });
    expect(lines.get('keys.buy')).toBe(2);
    expect(lines.get('fps')).toBe(6);
    expect(lines.has('x')).toBe(false); // a line inside a multi-line string is not a key
  });

  it('reports each bad line with its key and keeps reading the rest', () => {
    const { table, problems } = parseToml(['theme = light', 'fps = 20', 'name = "open', 'fps = 30', 'just words', 'bell = false', '[bad header', 'buy = "B"', '[keys]', 'zoom = "Z"'].join('\n'));
    expect(table).toEqual({ fps: 20, bell: false, keys: { zoom: 'Z' } });
    expect(problems).toEqual([
      { line: 1, key: 'theme', message: 'not a value: light (strings need quotes)' },
      { line: 3, key: 'name', message: 'unterminated string' },
      { line: 4, key: 'fps', message: 'key set twice' },
      { line: 5, key: '', message: 'expected key = value' },
      // the entries under a broken header are left out with it, never put in the table above
      { line: 7, key: '', message: 'malformed table header' },
    ]);
  });

  it('refuses values the config never uses, with their line', () => {
    const { table, problems } = parseToml(['a = [1, 2]', 'b = 1979-05-27', 'c = inf', '[[d]]', 'e = "x"', 'f = "ok"'].join('\n'));
    expect(problems).toEqual([
      { line: 1, key: 'a', message: 'unsupported value: a list holding something other than strings' },
      { line: 2, key: 'b', message: 'unsupported value: a date' },
      { line: 3, key: 'c', message: 'unsupported value: a number that is not finite' },
      { line: 4, key: 'd', message: 'unsupported value: a list holding something other than strings' },
    ]);
    expect(table).toEqual({});
  });

  it('prototype-keys-are-refused-with-their-line: [__proto__], dotted and quoted, constructor and prototype', () => {
    const { table, problems } = parseToml(
      ['[__proto__]', 'polluted = "yes"', '[keys]', 'constructor = "c"', 'a."__proto__".polluted = "yes"', '[confirm]', 'prototype = { polluted = "yes" }', 'skipReview = true'].join('\n'),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(problems.map((p) => [p.line, p.key])).toEqual([
      [1, '__proto__'],
      [4, 'keys.constructor'],
      [5, 'keys.a.__proto__'],
      [7, 'confirm.prototype'],
    ]);
    expect(problems[0]?.message).toBe('refused: a reserved name (a built-in of every object: it could change how the program behaves)');
    expect(JSON.stringify(table)).toBe('{"keys":{"a":{}},"confirm":{"skipReview":true}}');
    expect(Object.getPrototypeOf(table)).toBeNull();
    expect(Object.getPrototypeOf(table.keys)).toBeNull();
  });

  it('gives up after many bad lines: every entry keeps its default', () => {
    const text = Array.from({ length: 40 }, (_, i) => `k${i} = bad`).join('\n');
    const { table, problems } = parseToml(`${text}\nfps = 20`);
    expect(problems).toHaveLength(20);
    expect(table).toEqual({});
  });
});
