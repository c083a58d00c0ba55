import { describe, expect, it } from 'vitest';
import { parseToml } from './toml.js';

describe('toml subset reader', () => {
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
  });

  it('reports each bad line with its key and keeps reading the rest', () => {
    const { table, problems } = parseToml(['theme = light', 'fps = 20', 'name = "open', 'fps = 30', 'just words', '[bad header'].join('\n'));
    expect(table).toEqual({ fps: 20 });
    expect(problems).toEqual([
      { line: 1, key: 'theme', message: 'not a value: light (strings need quotes)' },
      { line: 3, key: 'name', message: 'unterminated or malformed string' },
      { line: 4, key: 'fps', message: 'key set twice' },
      { line: 5, key: '', message: 'expected key = value, got just words' },
      { line: 6, key: '', message: 'malformed table header [bad header' },
    ]);
  });

  it('refuses arrays of anything but strings', () => {
    expect(parseToml('a = [1, 2]').problems[0]).toMatchObject({ line: 1, key: 'a' });
  });
});
