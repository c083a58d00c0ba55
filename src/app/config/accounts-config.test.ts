import { describe, expect, it } from 'vitest';
import { parseConfigText } from './load-config.js';
import { problemLine } from './load-config.js';

describe('[accounts] config', () => {
  it('reads each [accounts.NAME] table with its key file, network and label, in order', () => {
    const text = ['[accounts.main]', 'keyFile = "main.json"', 'network = "Local"', 'label = "desk"', '', '[accounts.hedge]', 'keyFile = "/keys/hedge.json"', 'network = "testnet"'].join('\n');
    const { config, problems } = parseConfigText(text, 'toml');
    expect(problems).toEqual([]);
    expect(config.accounts).toEqual([
      { name: 'main', keyFile: 'main.json', network: 'local', label: 'desk' },
      { name: 'hedge', keyFile: '/keys/hedge.json', network: 'testnet' },
    ]);
  });

  it('bad-account-crashes-the-config: each bad account is said with its line and left out, the good one kept', () => {
    const text = [
      '[accounts.nokey]', // 1
      'network = "local"', // 2
      '[accounts.good]', // 3
      'keyFile = "g.json"', // 4
      'network = "local"', // 5
      'colour = "red"', // 6
      '[accounts.numeric]', // 7
      'keyFile = 7', // 8
      'network = "local"', // 9
      '["accounts"."has space"]', // 10
      'keyFile = "x.json"', // 11
      'network = "local"', // 12
    ].join('\n');
    const { config, problems } = parseConfigText(text, 'toml');
    expect(config.accounts.map((a) => a.name)).toEqual(['good']);
    expect(problems.map((p) => [p.line, p.key])).toEqual([
      [1, 'accounts.nokey'],
      [6, 'accounts.good.colour'],
      [8, 'accounts.numeric.keyFile'],
      [10, 'accounts.has space'],
    ]);
    expect(problemLine(problems[0]!)).toBe('line 1: accounts.nokey: needs keyFile; using no account by that name');
    expect(problemLine(problems[1]!)).toContain('using ignored');
  });

  it('accounts-not-a-table: `accounts = "main"` is said with its line; no accounts', () => {
    const { config, problems } = parseConfigText('accounts = "main"\n', 'toml');
    expect(config.accounts).toEqual([]);
    expect(problems.map((p) => [p.line, p.key])).toEqual([[1, 'accounts']]);
  });

  it('account-guards-of-their-own: [accounts.hedge.guards] is read as [guards] is, for hedge only; a bad entry said with its line', () => {
    const text = [
      '[guards]', // 1
      'maxOrderNotional = "1000"', // 2
      '[accounts.main]', // 3
      'keyFile = "main.json"', // 4
      'network = "local"', // 5
      '[accounts.hedge]', // 6
      'keyFile = "hedge.json"', // 7
      'network = "local"', // 8
      '[accounts.hedge.guards]', // 9
      'maxOrderNotional = "50000"', // 10
      'maxDailyLoss = "-3"', // 11
    ].join('\n');
    const { config, problems } = parseConfigText(text, 'toml');
    expect(config.guards.maxOrderNotional).toBe(1_000_000_000n);
    expect(config.accounts[0]?.guards).toBeUndefined();
    expect(config.accounts[1]?.guards?.maxOrderNotional).toBe(50_000_000_000n);
    expect(config.accounts[1]?.guards?.maxDailyLoss).toBeNull();
    expect(problems.map((p) => [p.line, p.key])).toEqual([[11, 'accounts.hedge.guards.maxDailyLoss']]);
  });
});
