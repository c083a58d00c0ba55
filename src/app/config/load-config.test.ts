import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES, loadConfig, parseConfigText, problemNotice } from './load-config.js';

afterEach(() => {
  // A failing run must not leave a polluted prototype to the other tests.
  delete (Object.prototype as Record<string, unknown>).polluted;
  delete (Object.prototype as Record<string, unknown>).theme;
});

describe('config file', () => {
  it('reads every entry from TOML', () => {
    const { config, problems } = parseConfigText(
      [
        'network = "testnet"',
        'market = "ETH"',
        'layout = "chart"',
        'fps = 15',
        'bell = false',
        'theme = "colorblind"',
        'ascii = true',
        'watchlist = ["btc", "eth"]',
        '[confirm]',
        'priceFromMarkPct = 5',
        'skipReview = true',
        '[keys]',
        'openPicker = "p"',
        'zoom = ["Z", "ctrl+z"]',
      ].join('\n'),
      'toml',
    );
    expect(problems).toEqual([]);
    expect(config).toMatchObject({ network: 'testnet', market: 'ETH', layout: 'chart', fps: 15, bell: false, theme: 'colorblind', ascii: true });
    expect(config.watchlist).toEqual(['BTC', 'ETH']);
    expect(config.confirm).toEqual({ priceFromMarkPct: 5, skipReview: true });
    expect([...config.keys]).toEqual([
      ['openPicker', ['p']],
      ['zoom', ['Z', 'C-z']],
    ]);
  });

  it('invalid-entry-falls-back: a bad entry is reported with line and key; the others still apply', () => {
    const { config, problems } = parseConfigText(['theme = "neon"', 'fps = 20', '[keys]', 'fly = "f"', 'openPicker = "hyper+p"'].join('\n'), 'toml');
    expect(config.theme).toBe('dark');
    expect(config.fps).toBe(20);
    expect(config.keys.size).toBe(0);
    expect(problems).toEqual([
      { line: 1, key: 'theme', message: 'must be one of dark, light, colorblind, mono' },
      { line: 4, key: 'keys.fly', message: 'unknown action "fly"' },
      { line: 5, key: 'keys.openPicker', message: 'unknown key "hyper+p"' },
    ]);
    expect(problemNotice('config.toml', problems)).toBe('config config.toml: 3 problems (? lists all): line 1: theme: must be one of dark, light, colorblind, mono; default used');
  });

  it('function-keys-remappable: f1 .. f11 as a config writes them bind; F12 (the perf overlay) is refused with why', () => {
    const { config, problems } = parseConfigText(['[keys]', 'zoom = "f1"', 'help = "F11"', 'openPicker = "F12"'].join('\n'), 'toml');
    expect(config.keys.get('zoom')).toEqual(['F1']);
    expect(config.keys.get('help')).toEqual(['F11']);
    expect(config.keys.has('openPicker')).toBe(false);
    expect(problems).toEqual([{ line: 4, key: 'keys.openPicker', message: 'F12 is the perf overlay\'s key (F1..F11 can be bound)' }]);
  });

  it('renamed-action-still-remaps: a config written for loadMore (r, now refreshHistory) keeps its key', () => {
    const { config, problems } = parseConfigText(['[keys]', 'loadMore = "R"'].join('\n'), 'toml');
    expect(problems).toEqual([]);
    expect(config.keys.get('refreshHistory')).toEqual(['R']);
  });

  it('remaps a trading action by name, and takes panic doubled as the help shows it', () => {
    const { config, problems } = parseConfigText(['[keys]', 'buy = "B"', 'panic = "!!"', 'cancelOrder = "d"'].join('\n'), 'toml');
    expect(problems).toEqual([]);
    expect([...config.keys]).toEqual([
      ['buy', ['B']],
      ['panic', ['!']],
      ['cancelOrder', ['d']],
    ]);
  });

  it('remap-collision-refused: a key another action already uses is reported with line and key; that action keeps its default', () => {
    const { config, problems } = parseConfigText(['fps = 20', '[keys]', 'zoom = "b"', 'openPicker = "p"', 'sell = "x"'].join('\n'), 'toml');
    expect([...config.keys]).toEqual([['openPicker', ['p']]]);
    expect(problems).toEqual([
      { line: 3, key: 'keys.zoom', message: 'key "b" is already bound to buy' },
      { line: 5, key: 'keys.sell', message: 'key "x" is already bound to closePosition' },
    ]);
    expect(problemNotice('config.toml', problems)).toBe('config config.toml: 2 problems (? lists all): line 3: keys.zoom: key "b" is already bound to buy; default used');
  });

  it('reads JSON with lines for bad keys, and survives a broken JSON file', () => {
    const good = parseConfigText('{\n  "keys": { "openPicker": "p" },\n  "fps": 99\n}', 'json');
    expect(good.config.keys.get('openPicker')).toEqual(['p']);
    expect(good.problems).toEqual([{ line: 3, key: 'fps', message: 'must be an integer from 1 to 50' }]);
    const broken = parseConfigText('{\n  "fps": 10,\n  oops\n}', 'json');
    expect(broken.config.fps).toBeUndefined();
    expect(broken.problems[0]?.message).toContain('not valid JSON');
  });

  it('finds config.toml in PERPL_HOME, and reports a missing --config file', () => {
    const home = mkdtempSync(join(tmpdir(), 'perpl-config-'));
    writeFileSync(join(home, 'config.toml'), 'theme = "light"\n');
    expect(loadConfig({ home }).config.theme).toBe('light');
    expect(loadConfig({ home: join(home, 'none') }).problems).toEqual([]);
    expect(loadConfig({ file: join(home, 'missing.toml') }).problems[0]?.message).toContain('not found');
  });
});

describe('a hostile or broken config file', () => {
  it('config-prototype-pollution-refused: [__proto__] is reported with line and reason, and nothing reaches Object.prototype', () => {
    const { config, problems } = parseConfigText(['[__proto__]', 'polluted = "yes"', 'theme = "light"'].join('\n'), 'toml');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(problems).toEqual([{ line: 1, key: '__proto__', message: expect.stringMatching(/^refused: a reserved name/) as unknown }]);
    expect(config.theme).toBe('dark'); // theme sat in the refused table
    expect(problemNotice('config.toml', problems)).toMatch(/^config config\.toml: line 1: __proto__: refused: a reserved name/);
  });

  it('config-prototype-pollution-refused in JSON too: the key is refused with its line', () => {
    const { config, problems } = parseConfigText('{\n  "fps": 12,\n  "__proto__": { "polluted": "yes", "theme": "light" }\n}', 'json');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(config.fps).toBe(12);
    expect(config.theme).toBe('dark');
    expect(problems).toEqual([{ line: 3, key: '__proto__', message: expect.stringMatching(/^refused: a reserved name/) as unknown }]);
  });

  it('config-fifo-refused: a config that is a FIFO is refused at once, not waited on (start-up hung on it)', () => {
    const home = mkdtempSync(join(tmpdir(), 'perpl-config-fifo-'));
    const fifo = join(home, 'config.toml');
    execFileSync('mkfifo', [fifo]);
    // In a child process: a read that blocks on the FIFO would block this worker for good.
    const script = `import { loadConfig } from ${JSON.stringify(new URL('./load-config.ts', import.meta.url).href)};
      process.stdout.write(JSON.stringify(loadConfig({ home: ${JSON.stringify(home)} }).problems));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 20_000, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([{ line: null, key: '', message: `${fifo} is a FIFO, not a regular file: not read` }]);
  });

  it('a folder or a huge file in the config\'s place is refused with a clear message', () => {
    const home = mkdtempSync(join(tmpdir(), 'perpl-config-odd-'));
    mkdirSync(join(home, 'config.toml'));
    expect(loadConfig({ home }).problems[0]?.message).toBe(`${join(home, 'config.toml')} is a folder, not a regular file: not read`);
    const big = join(home, 'big.toml');
    writeFileSync(big, `# ${'x'.repeat(MAX_CONFIG_BYTES)}\ntheme = "light"\n`);
    const loaded = loadConfig({ file: big });
    expect(loaded.problems[0]?.message).toBe(`${big} is larger than 1 MiB: not read`);
    expect(loaded.config.theme).toBe('dark');
  });
});

describe('config text on the screen', () => {
  const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

  it('config-problem-text-inert: quoted keys and values with escapes reach the footer and doctor as visible escapes', () => {
    const toml = ['"evil\\u001b]0;PWNED\\u0007" = 1', 'theme = "x\\u001b]52;c;eA==\\u0007"', '[keys]', 'quit = "\\u009b2J\\u202e"'].join('\n');
    const { problems } = parseConfigText(toml, 'toml');
    expect(problems.map((p) => p.line)).toEqual([1, 2, 4]);
    for (const p of problems) {
      expect(p.key).not.toMatch(UNSAFE);
      expect(p.message).not.toMatch(UNSAFE);
    }
    expect(problems[0]?.key).toBe('evil\\x1b]0;PWNED\\x07');
    expect(problems[2]?.message).toContain('\\x9b2J\\u202e');
    const notice = problemNotice('config.toml', problems);
    expect(notice).not.toMatch(UNSAFE);
    expect(notice).toBe('config config.toml: 3 problems (? lists all): line 1: evil\\x1b]0;PWNED\\x07: unknown entry; default used');
    const json = parseConfigText('{ "evil\\u001b]0;PWNED\\u0007": 1 }', 'json');
    expect(json.problems.map((p) => p.key)).toEqual(['evil\\x1b]0;PWNED\\x07']);
  });
});

describe('the example config', () => {
  it('example-config-is-valid: every entry of the shipped example reads without a problem', () => {
    const text = readFileSync(new URL('./example-config.toml', import.meta.url), 'utf8');
    const { config, problems } = parseConfigText(text, 'toml');
    expect(problems).toEqual([]);
    expect(config.keys.get('zoom')).toEqual(['z', 'C-z']);
    expect(config.keys.get('panic')).toEqual(['!']);
    expect(config.keys.get('closePosition')).toEqual(['x']);
    expect(config.confirm.leverageAbove).toBe(10);
  });
});
