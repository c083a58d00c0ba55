import { describe, expect, it } from 'vitest';
import { parseConfigText } from './load-config.js';
import { readFileSync } from 'node:fs';
import { NOTIFY_KINDS } from '../../domain/notify/notify-event.js';
import { defaultNotifyConfig } from './notify-config.js';

describe('[notify] config', () => {
  it('event-without-a-setting: every event the notifier knows turns off on its own, and the example config lists it', () => {
    const example = readFileSync(new URL('./example-config.toml', import.meta.url), 'utf8');
    for (const kind of NOTIFY_KINDS) {
      const { config, problems } = parseConfigText(`[notify]\n${kind} = false\n`, 'toml');
      expect(problems).toEqual([]);
      expect(Object.entries(config.notify.events).filter(([, on]) => !on).map(([k]) => k)).toEqual([kind]);
      expect(example).toMatch(new RegExp(`^${kind} = true`, 'm'));
    }
  });

  it('off unless asked; every key read', () => {
    expect(parseConfigText('', 'toml').config.notify).toEqual(defaultNotifyConfig());
    expect(defaultNotifyConfig().method).toBe('off');
    const text = ['[notify]', 'method = "osc777"', 'fill = false', 'liquidationDistancePct = 2.5', 'tradingDownSec = 60', 'command = ["notify-send", "perpl"]'].join('\n');
    const { config, problems } = parseConfigText(text, 'toml');
    expect(problems).toEqual([]);
    expect(config.notify).toMatchObject({ method: 'osc777', liquidationDistancePct: 2.5, tradingDownSec: 60, command: ['notify-send', 'perpl'] });
    expect(config.notify.events).toMatchObject({ fill: false, trigger: true, guard: true });
  });

  it('notify-command-as-shell-string-refused: a command must be a list (no shell), a bad entry keeps its default with its line', () => {
    const text = ['[notify]', 'command = "notify-send perpl; rm -rf ~"', 'method = "popup"', 'tradingDownSec = 0', 'algo = "yes"'].join('\n');
    const { config, problems } = parseConfigText(text, 'toml');
    expect(config.notify).toEqual(defaultNotifyConfig());
    expect(problems.map((p) => [p.line, p.key])).toEqual([[2, 'notify.command'], [3, 'notify.method'], [4, 'notify.tradingDownSec'], [5, 'notify.algo']]);
  });
});
