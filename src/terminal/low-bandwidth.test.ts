import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLISH_HZ } from '../state/publisher.js';
import { parseConfigText } from '../app/config/load-config.js';
import { LOW_BANDWIDTH_MAX_HZ, LOW_BANDWIDTH_SLOW_PANE_MS, resolveLowBandwidth, screenProfile } from './low-bandwidth.js';

const SSH = { SSH_TTY: '/dev/pts/3' };
const LOCAL = {};

describe('resolveLowBandwidth', () => {
  it('auto-over-ssh: with no flag and config auto, SSH_TTY decides', () => {
    expect(resolveLowBandwidth({ config: 'auto', env: SSH })).toBe(true);
    expect(resolveLowBandwidth({ config: 'auto', env: LOCAL })).toBe(false);
    // An empty SSH_TTY (a test runner's, or `SSH_TTY= perpl`) is not an SSH session.
    expect(resolveLowBandwidth({ config: 'auto', env: { SSH_TTY: '' } })).toBe(false);
  });

  it('config-over-env: an explicit config value wins over SSH_TTY', () => {
    expect(resolveLowBandwidth({ config: false, env: SSH })).toBe(false);
    expect(resolveLowBandwidth({ config: true, env: LOCAL })).toBe(true);
  });

  it('flag-over-all: --low-bandwidth and --no-low-bandwidth win over config and env', () => {
    expect(resolveLowBandwidth({ flag: false, config: true, env: SSH })).toBe(false);
    expect(resolveLowBandwidth({ flag: true, config: false, env: LOCAL })).toBe(true);
  });
});

describe('screenProfile', () => {
  it('lowers the ceiling and slows the chart and tape only in the profile', () => {
    expect(screenProfile(true)).toEqual({ lowBandwidth: true, maxHz: LOW_BANDWIDTH_MAX_HZ, slowPaneMs: LOW_BANDWIDTH_SLOW_PANE_MS });
    expect(screenProfile(false)).toEqual({ lowBandwidth: false, maxHz: DEFAULT_PUBLISH_HZ, slowPaneMs: undefined });
    expect(LOW_BANDWIDTH_MAX_HZ).toBeLessThan(DEFAULT_PUBLISH_HZ);
  });

  it('keeps a rate chosen by --fps or the config', () => {
    expect(screenProfile(true, 12).maxHz).toBe(12);
    expect(screenProfile(false, 12).maxHz).toBe(12);
  });
});

describe('config lowBandwidth', () => {
  it('reads true, false and "auto"; defaults to auto; reports anything else with its line', () => {
    expect(parseConfigText('', 'toml').config.lowBandwidth).toBe('auto');
    expect(parseConfigText('lowBandwidth = true', 'toml').config.lowBandwidth).toBe(true);
    expect(parseConfigText('lowBandwidth = false', 'toml').config.lowBandwidth).toBe(false);
    expect(parseConfigText('{"lowBandwidth": "auto"}', 'json').config.lowBandwidth).toBe('auto');
    const bad = parseConfigText('bell = true\nlowBandwidth = "sometimes"', 'toml');
    expect(bad.config.lowBandwidth).toBe('auto');
    expect(bad.problems).toEqual([{ line: 2, key: 'lowBandwidth', message: 'must be true, false or "auto"' }]);
  });
});
