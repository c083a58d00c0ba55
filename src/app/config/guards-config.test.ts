import { describe, expect, it } from 'vitest';
import { parseConfigText, problemLine } from './load-config.js';

const TOML = `network = "local"

[guards]
maxOrderNotional = "10000"
maxPositionNotional = "25,000.50"
maxDailyLoss = 500
onDailyLoss = "flatten"
dayStart = "22:00 UTC"
`;

describe('[guards] config', () => {
  it('reads every guard exactly', () => {
    const { config, problems } = parseConfigText(TOML, 'toml');
    expect(problems).toEqual([]);
    expect(config.guards).toEqual({
      maxOrderNotional: 10_000_000_000n,
      maxPositionNotional: 25_000_500_000n,
      maxDailyLoss: 500_000_000n,
      onDailyLoss: 'flatten',
      dayStart: { minutes: 1320, zone: 'UTC' },
    });
  });

  it('bad-guard-value-reported-with-its-line-not-a-crash', () => {
    const text = `[guards]\nmaxOrderNotional = "10k"\nmaxDailyLoss = 2500.5\ndayStart = "25:00"\nonDailyLoss = "sell everything"\nmaxPositionNotional = "1000"\n`;
    const { config, problems } = parseConfigText(text, 'toml');
    expect(problems.map((p) => problemLine(p))).toEqual([
      'line 2: guards.maxOrderNotional: amount "10k" is not a number; using no maxOrderNotional guard',
      'line 3: guards.maxDailyLoss: write an amount with decimals as a string ("2500.50"), so it is read exactly; using no maxDailyLoss guard',
      'line 4: guards.dayStart: must be "HH:MM" (24 h), optionally followed by a time zone, e.g. "22:00" or "22:00 UTC"; using 00:00 local',
      'line 5: guards.onDailyLoss: must be "refuse" or "flatten"; using "refuse"',
    ]);
    // The good entry still applies.
    expect(config.guards.maxPositionNotional).toBe(1_000_000_000n);
    expect(config.guards.maxOrderNotional).toBeNull();
  });

  it('flatten-without-a-daily-loss-limit-is-said', () => {
    const { problems } = parseConfigText(`[guards]\nonDailyLoss = "flatten"\n`, 'toml');
    expect(problems.map((p) => problemLine(p))).toEqual(['line 2: guards.onDailyLoss: needs maxDailyLoss: nothing to flatten on; using "refuse"']);
  });

  it('guards in JSON too', () => {
    const { config, problems } = parseConfigText(JSON.stringify({ guards: { maxDailyLoss: '750.25' } }), 'json');
    expect(problems).toEqual([]);
    expect(config.guards.maxDailyLoss).toBe(750_250_000n);
  });
});
