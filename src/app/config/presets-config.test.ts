import { describe, expect, it } from 'vitest';
import { parseConfigText, problemLine } from './load-config.js';

const lines = (text: string) => {
  const { config, problems } = parseConfigText(text, 'toml');
  return { presets: config.presets, said: problems.map((p) => problemLine(p)) };
};

describe('[presets] config', () => {
  it('reads a line, a table, function keys, Alt keys and an unbound key', () => {
    const text = `[presets]
F1 = "buy 10% mkt"
F11 = { do = "sell 0.01 @ 67000 post", confirm = false }
alt-b = "close 25%"
M-2 = { do = "cancel all" }
w = "tf 5m"
`;
    const { presets, said } = lines(text);
    expect(said).toEqual([]);
    expect(presets).toEqual([
      { key: 'F1', text: 'buy 10% mkt', confirm: true },
      { key: 'F11', text: 'sell 0.01 @ 67000 post', confirm: false },
      { key: 'M-b', text: 'close 25%', confirm: true },
      { key: 'M-2', text: 'cancel all', confirm: true },
      { key: 'w', text: 'tf 5m', confirm: true },
    ]);
  });

  it('preset-on-a-bound-key-is-refused-with-its-line: a key of the panes, Esc, or one [keys] gave an action; the rest work', () => {
    const text = `[keys]
zoom = "f2"

[presets]
b = "buy 0.01 mkt"
Esc = "sell 0.01 mkt"
F2 = "sell 0.01 mkt"
F3 = "buy 0.01 mkt"
f3 = "sell 0.01 mkt"
F4 = "sell 0.01 mkt"
`;
    const { presets, said } = lines(text);
    expect(said).toEqual([
      'line 5: presets.b: key "b" is already bound to buy; using no preset on that key',
      'line 6: presets.Esc: key "Esc" is already bound to back; using no preset on that key',
      'line 7: presets.F2: key "F2" is already bound to zoom; using no preset on that key',
      'line 9: presets.f3: key "F3" is already a preset (buy 0.01 mkt); using no preset on that key',
    ]);
    expect(presets.map((p) => p.key)).toEqual(['F3', 'F4']);
  });

  it('unparseable-preset-is-a-config-error-with-its-line: the parser\'s own words, the preset off, the next one on', () => {
    const text = `[presets]
F1 = "buy 0.01 @"
F2 = "bye 0.01 mkt"
F3 = { do = "sell abc mkt" }
F4 = "buy 0.01 mkt"
`;
    const { presets, said } = lines(text);
    expect(said).toHaveLength(3);
    expect(said[0]).toMatch(/^line 2: presets\.F1: the line does not parse: .+; using no preset on that key$/);
    expect(said[1]).toMatch(/^line 3: presets\.F2: the line does not parse: unknown command "bye" .*; using no preset on that key$/);
    expect(said[2]).toMatch(/^line 4: presets\.F3: the line does not parse: sell: size "abc" is not a number .*; using no preset on that key$/);
    expect(presets).toEqual([{ key: 'F4', text: 'buy 0.01 mkt', confirm: true }]);
  });

  it('bad-preset-key-names-are-refused-with-their-line: F12, F13, Alt with a capital or a sign, a word', () => {
    const text = `[presets]
F12 = "buy 0.01 mkt"
F13 = "buy 0.01 mkt"
alt-B = "buy 0.01 mkt"
"alt-!" = "buy 0.01 mkt"
hyper-x = "buy 0.01 mkt"
F5 = "buy 0.01 mkt"
`;
    const { presets, said } = lines(text);
    expect(said).toEqual([
      "line 2: presets.F12: F12 is the perf overlay's key (F1..F11 can be bound); using no preset on that key",
      'line 3: presets.F13: unknown key "F13" (F1..F11, alt-b, or a key the panes do not bind); using no preset on that key',
      'line 4: presets.alt-B: unknown key "alt-B" (F1..F11, alt-b, or a key the panes do not bind); using no preset on that key',
      'line 5: presets.alt-!: unknown key "alt-!" (F1..F11, alt-b, or a key the panes do not bind); using no preset on that key',
      'line 6: presets.hyper-x: unknown key "hyper-x" (F1..F11, alt-b, or a key the panes do not bind); using no preset on that key',
    ]);
    expect(presets.map((p) => p.key)).toEqual(['F5']);
  });

  it('bad-preset-values-are-refused-with-their-line: not a line, no do, a wrong confirm, control characters, too long', () => {
    const text = `[presets]
F1 = 5
F2 = { confirm = false }
F3 = { do = "buy 0.01 mkt", confirm = "no" }
F4 = "buy 0.01 mkt\\u001b[2J"
F5 = "buy 0.01 mkt${' '.repeat(40)}slip 50${' '.repeat(80)}x"
F6 = { do = "buy 0.01 mkt", confrim = false }
`;
    const { presets, said } = lines(text);
    expect(said).toEqual([
      'line 2: presets.F1: must be a `:` line ("buy 0.01 mkt") or a table { do = "...", confirm = false }; using no preset on that key',
      'line 3: presets.F2: needs `do`, the `:` line it runs; using no preset on that key',
      'line 4: presets.F3: `confirm` must be true or false; using no preset on that key',
      'line 5: presets.F4: the line does not parse: the line holds a control character; using no preset on that key',
      'line 6: presets.F5: the line does not parse: the line is longer than the 120 characters the `:` line holds; using no preset on that key',
      'line 7: presets.F6: unknown entry "confrim" (a preset takes do and confirm); using ignored',
    ]);
    // A misspelt confirm keeps the review: the safe side.
    expect(presets).toEqual([{ key: 'F6', text: 'buy 0.01 mkt', confirm: true }]);
  });

  it('presets-not-a-table-is-a-problem-not-a-crash', () => {
    const { presets, said } = lines('presets = "F1 buy"\n');
    expect(said).toEqual(['line 1: presets: must be a table of key = ":" line; using no presets']);
    expect(presets).toEqual([]);
  });
});
