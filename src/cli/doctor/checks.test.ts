import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../app/config/load-config.js';
import { doctorExitCode, formatResult, runChecks, type CheckResult } from './checks.js';
import type { DoctorFacts } from './facts.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const DAY = 86_400_000;

function healthy(): DoctorFacts {
  return {
    now: NOW,
    home: { path: '/h', exists: true },
    network: { ok: true, name: 'testnet', chainId: 10143, restBase: 'https://t/api', wsBase: 'wss://t', appUrl: 'https://t', isMainnet: false },
    key: { ok: true, source: '/h/keys/k.json', mode: 0o100600, chainId: 10143, scopeMask: 3, expiresAt: 0, publicKeyHex: '0xab' },
    rest: { ok: true, latencyMs: 40, localMidMs: NOW, serverDateMs: NOW - 500, marketCount: 3 },
    marketWs: { ok: true, latencyMs: 30 },
    signedRest: { ok: true, latencyMs: 20, status: 200 },
    tradingWs: { ok: true, latencyMs: 50, accounts: [{ id: 7, fw: true, balance: '2500000' }] },
  };
}

function find(results: CheckResult[], check: string): CheckResult {
  const c = results.find((r) => r.check === check);
  if (!c) throw new Error(`no ${check} line in ${results.map(formatResult).join('\n')}`);
  return c;
}

describe('doctor checks', () => {
  it('passes a healthy setup with exit code 0 and prints the balance from atoms', () => {
    const results = runChecks(healthy());
    expect(results.filter((r) => r.level !== 'OK')).toEqual([]);
    expect(doctorExitCode(results)).toBe(0);
    expect(find(results, 'balance').detail).toBe('2.500000 collateral');
  });

  it('warns when the key expires within 7 days and fails once it has expired', () => {
    const soon = healthy();
    soon.key = { ...(soon.key as { ok: true; source: string }), expiresAt: NOW + 3 * DAY };
    const warn = find(runChecks(soon), 'expiry');
    expect(warn.level).toBe('WARN');
    expect(warn.detail).toContain('expires in 3d 0h');
    expect(doctorExitCode(runChecks(soon))).toBe(0);
    const later = healthy();
    later.key = { ...(later.key as { ok: true; source: string }), expiresAt: NOW + 8 * DAY };
    expect(find(runChecks(later), 'expiry').level).toBe('OK');
    const gone = healthy();
    gone.key = { ...(gone.key as { ok: true; source: string }), expiresAt: NOW - 1000 };
    expect(find(runChecks(gone), 'expiry').level).toBe('FAIL');
    expect(doctorExitCode(runChecks(gone))).toBe(1);
  });

  it('warns above 5 s of clock skew and fails above 25 s (Date has 1 s resolution)', () => {
    const at = (serverDateMs: number) => {
      const f = healthy();
      f.rest = { ok: true, latencyMs: 1, localMidMs: NOW, serverDateMs };
      return find(runChecks(f), 'clock');
    };
    expect(at(NOW + 4_000).level).toBe('OK');
    expect(at(NOW + 6_000).level).toBe('WARN');
    expect(at(NOW - 7_000).detail).toContain('ahead of the server');
    expect(at(NOW + 26_000).level).toBe('FAIL');
    expect(at(NOW + 26_000).fix).toContain('sync the system clock');
  });

  it('fails when order forwarding is off, naming sr 34 and the fix', () => {
    const f = healthy();
    f.tradingWs = { ok: true, latencyMs: 1, accounts: [{ id: 7, fw: false, balance: '1' }] };
    const line = formatResult(find(runChecks(f), 'order forwarding'));
    expect(line).toMatch(/^FAIL order forwarding: off/);
    expect(line).toContain('sr 34');
    expect(line).toContain('(fix: enable One-Click Trading in the web app (https://t)');
  });

  it('fails without an exchange account and warns on a zero balance', () => {
    const none = healthy();
    none.tradingWs = { ok: true, latencyMs: 1, accounts: [] };
    expect(find(runChecks(none), 'account').level).toBe('FAIL');
    const broke = healthy();
    broke.tradingWs = { ok: true, latencyMs: 1, accounts: [{ id: 7, fw: true, balance: '0' }] };
    expect(find(runChecks(broke), 'balance').level).toBe('WARN');
  });

  it('warns on a read-only key and fails on a key for another chain', () => {
    const f = healthy();
    f.key = { ok: true, source: 'environment', scopeMask: 1, chainId: 143 };
    const results = runChecks(f);
    expect(find(results, 'scope').level).toBe('WARN');
    expect(find(results, 'key chain').detail).toContain('enrolled on chain 143, the network is chain 10143');
    delete f.tradingWs;
    expect(find(runChecks(f), 'trading ws')).toMatchObject({ level: 'SKIP', detail: 'the key belongs to another chain' });
    expect(doctorExitCode(results)).toBe(1);
  });

  it('fails a key file readable by others and tells how to fix it', () => {
    const f = healthy();
    f.key = { ok: true, source: '/h/keys/k.json', mode: 0o100644 };
    expect(formatResult(find(runChecks(f), 'key file'))).toBe('FAIL key file: /h/keys/k.json has mode 0644 (fix: chmod 600 /h/keys/k.json)');
  });

  it('names a refused REST signature and only warns on 404 (no account yet)', () => {
    const refused = healthy();
    refused.signedRest = { ok: true, latencyMs: 1, status: 401 };
    expect(find(runChecks(refused), 'signed rest')).toMatchObject({ level: 'FAIL', detail: expect.stringContaining('401: signature refused') });
    const noAccount = healthy();
    noAccount.signedRest = { ok: true, latencyMs: 1, status: 404 };
    expect(find(runChecks(noAccount), 'signed rest').level).toBe('WARN');
  });

  it('only warns when no key is configured, and skips the trading socket', () => {
    const f = healthy();
    delete f.key;
    delete f.tradingWs;
    const results = runChecks(f);
    expect(find(results, 'key').level).toBe('WARN');
    expect(find(results, 'trading ws').level).toBe('SKIP');
    expect(doctorExitCode(results)).toBe(0);
  });

  it('fails unreachable endpoints and an unresolvable network', () => {
    const f = healthy();
    f.rest = { ok: false, error: 'GET x failed: ECONNREFUSED' };
    f.marketWs = { ok: false, error: 'ws: ECONNREFUSED' };
    f.tradingWs = { ok: false, error: 'sign-in refused (close 3401)' };
    const results = runChecks(f);
    expect(['rest', 'market-data ws', 'trading ws'].map((c) => find(results, c).level)).toEqual(['FAIL', 'FAIL', 'FAIL']);
    expect(results.some((r) => r.check === 'clock')).toBe(false);
    const n = healthy();
    n.network = { ok: false, error: 'unknown network "moon"' };
    expect(find(runChecks(n), 'network').level).toBe('FAIL');
  });

  it('reports config problems instead of "OK config": entries warn with line and key, a file not read fails', () => {
    const f = healthy();
    f.config = {
      file: '/h/config.toml',
      problems: [
        { line: 1, key: '__proto__', message: 'refused: a reserved name' },
        { line: 4, key: 'theme', message: 'must be one of dark, light' },
      ],
    };
    expect(runChecks(f).filter((c) => c.check === 'config').map(formatResult)).toEqual([
      'WARN config: /h/config.toml: 2 problems (fix: edit those entries; each keeps its default until then)',
      'WARN config: line 1: __proto__: refused: a reserved name; using ignored',
      'WARN config: line 4: theme: must be one of dark, light; using dark',
    ]);
    f.config = { file: '/h/config.toml', problems: [{ line: null, key: '', message: '/h/config.toml is a FIFO, not a regular file: not read' }] };
    expect(find(runChecks(f), 'config')).toMatchObject({ level: 'FAIL', detail: '/h/config.toml is a FIFO, not a regular file: not read' });
    f.config = { file: '/h/config.toml', problems: [] };
    expect(formatResult(find(runChecks(f), 'config'))).toBe('OK   config: /h/config.toml');
  });

  it('doctor-lists-every-config-problem: a config with 7 bad entries (an unknown watchlist market among them) gives 7 lines with line, key, reason and fallback', () => {
    const text = ['theme = "neon"', 'fps = 99', 'layout = "sideways"', 'bell = "loud"', 'colour = "red"', 'watchlist = ["BTC", "NOPE"]', '[keys]', 'fly = "f"'].join('\n');
    const parsed = parseConfigText(text, 'toml');
    const f = healthy();
    f.rest = { ok: true, latencyMs: 40, localMidMs: NOW, serverDateMs: NOW - 500, marketCount: 3, marketSymbols: ['BTC', 'ETH', 'SOL'] };
    f.config = { file: '/h/config.toml', problems: parsed.problems, watchlist: parsed.config.watchlist, watchlistLine: parsed.watchlistLine };
    const lines = runChecks(f).filter((c) => c.check === 'config').map(formatResult);
    expect(lines[0]).toBe('WARN config: /h/config.toml: 7 problems (fix: edit those entries; each keeps its default until then)');
    expect(lines.slice(1)).toEqual([
      'WARN config: line 1: theme: must be one of dark, light, colorblind, mono; using dark',
      'WARN config: line 2: fps: must be an integer from 1 to 50; using the built-in frame rate',
      'WARN config: line 3: layout: must be one of normal, book, chart, trades, trading; using normal',
      'WARN config: line 4: bell: must be true or false; using true',
      'WARN config: line 5: colour: unknown entry; using ignored',
      'WARN config: line 8: keys.fly: unknown action "fly"; using ignored',
      'WARN config: line 6: watchlist: unknown market "NOPE" (the exchange does not list it); using left out of the watchlist',
    ]);
    expect(lines.join('\n')).not.toContain('more');
  });

  it('warns about a keys folder other users may write to', () => {
    const f = healthy();
    f.keysFolder = { what: 'keys folder', path: '/h/keys', mode: 0o777, writers: 'group and others' };
    expect(formatResult(find(runChecks(f), 'keys folder'))).toBe(
      'WARN keys folder: /h/keys is writable by group and others (mode 0777): another user could plant or swap a key file (fix: chmod 700 /h/keys)',
    );
    f.keysFolder = null;
    expect(runChecks(f).some((r) => r.check === 'keys folder')).toBe(false);
  });

  it('doctor-line-inert: a server\'s words or a config key with escape sequences print as visible escapes', () => {
    const f = healthy();
    f.rest = { ok: false, error: 'GET x answered: \u001b]0;PWNED\u0007', hint: 'ask \u009b2J' };
    f.config = { file: '/h/config.toml', problems: [{ line: 2, key: 'evil\u001b]52;c;eA==\u0007', message: 'unknown key' }] };
    const lines = runChecks(f).map(formatResult);
    expect(lines.join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(lines).toContain('FAIL rest: GET x answered: \\x1b]0;PWNED\\x07 (fix: ask \\x9b2J)');
    expect(lines).toContain('WARN config: line 2: evil\\x1b]52;c;eA==\\x07: unknown key; using ignored');
  });

  it('doctor-lists-presets: each working preset on a line (key, line, review), a refused one as its config problem', () => {
    const { config, problems } = parseConfigText('[presets]\nF1 = "buy 0.01 @ 67000 post"\nalt-s = { do = "sell 0.01 mkt", confirm = false }\nb = "buy 1 mkt"\n', 'toml');
    const facts = { ...healthy(), config: { file: '/h/config.toml', problems, presets: config.presets } };
    const lines = runChecks(facts).filter((r) => r.check === 'preset' || r.check === 'config').map(formatResult);
    expect(lines).toEqual([
      'WARN config: /h/config.toml: 1 problem (fix: edit those entries; each keeps its default until then)',
      'WARN config: line 4: presets.b: key "b" is already bound to buy; using no preset on that key',
      'OK   preset: F1 = "buy 0.01 @ 67000 post" (review)',
      'OK   preset: Alt-s = "sell 0.01 mkt" (no review unless smart confirm asks)',
    ]);
  });
});
