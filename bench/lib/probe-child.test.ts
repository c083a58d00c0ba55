import { describe, expect, it } from 'vitest';
import { LAUNCHER_MALLOC_ENV, LAUNCHER_NODE_ARGS } from '../../test/helpers/build-flags.js';
import { probeEnvironment, probeNodeArgs } from './probe-child.js';

const cfg = { mode: 'optimized', home: '/tmp/perpl-bench-home' } as const;

describe("the probe's environment", () => {
  it("soak-measures-a-process-perpl-never-starts: the optimized probe gets every malloc setting of `perpl`'s launcher line", () => {
    const env = probeEnvironment(cfg, { PATH: '/usr/bin' });
    for (const [name, value] of Object.entries(LAUNCHER_MALLOC_ENV)) expect(env[name], name).toBe(value);
    expect(Object.keys(LAUNCHER_MALLOC_ENV)).toContain('MALLOC_TRIM_THRESHOLD_');
  });

  it("soak-measures-node-options-perpl-never-starts-with: the optimized probe gets the launcher's node options (the platform's pool size, Maglev off), the baseline and BENCH_NODE_DEFAULTS=1 Node's own", () => {
    expect(probeNodeArgs(cfg, {})).toEqual(LAUNCHER_NODE_ARGS);
    expect(LAUNCHER_NODE_ARGS).toContain('--v8-pool-size=2');
    expect(LAUNCHER_NODE_ARGS).toContain('--no-maglev');
    expect(probeNodeArgs({ mode: 'baseline' }, {})).toEqual([]);
    expect(probeNodeArgs(cfg, { BENCH_NODE_DEFAULTS: '1' })).toEqual([]);
  });

  it("probe-overrides-the-bench-users-malloc-setting: a value already set is kept, as the launcher keeps a user's", () => {
    expect(probeEnvironment(cfg, { MALLOC_TRIM_THRESHOLD_: '262144' }).MALLOC_TRIM_THRESHOLD_).toBe('262144');
  });

  it('baseline-probe-gets-the-apps-malloc-settings: the stock baseline and BENCH_MALLOC_DEFAULTS=1 run with glibc\'s own', () => {
    const baseline = probeEnvironment({ ...cfg, mode: 'baseline' }, {});
    const defaults = probeEnvironment(cfg, { BENCH_MALLOC_DEFAULTS: '1' });
    for (const name of Object.keys(LAUNCHER_MALLOC_ENV)) {
      expect(baseline[name], name).toBeUndefined();
      expect(defaults[name], name).toBeUndefined();
    }
  });

  it('baseline-key-to-wire-measured-with-the-key-thread: the stock baseline reads its keys on the screen thread; the optimized run keeps the user\'s setting', () => {
    expect(probeEnvironment({ ...cfg, mode: 'baseline' }, {}).PERPL_KEY_THREAD).toBe('0');
    expect(probeEnvironment(cfg, {}).PERPL_KEY_THREAD).toBeUndefined();
    expect(probeEnvironment(cfg, { PERPL_KEY_THREAD: '0' }).PERPL_KEY_THREAD).toBe('0');
  });
});
