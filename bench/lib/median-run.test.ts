import { describe, expect, it } from 'vitest';
import { medianRun } from './median-run.js';

describe('medianRun', () => {
  it('one-slow-probe-sets-the-cpu-row: the median run is kept, whole, with the spread beside it', () => {
    const runs = [
      { cpu_pct: 22.1, fps: 27, tick_to_screen_p99_ms: 44 },
      { cpu_pct: 32.8, fps: 26.9, tick_to_screen_p99_ms: 51 },
      { cpu_pct: 23.4, fps: 26.8, tick_to_screen_p99_ms: 43 },
    ];
    expect(medianRun(runs)).toEqual({ cpu_pct: 23.4, fps: 26.8, tick_to_screen_p99_ms: 43, cpu_pct_min: 22.1, cpu_pct_max: 32.8 });
  });

  it('an even count keeps the lower middle run, a figure measured, not a mean', () => {
    expect(medianRun([{ cpu_pct: 30 }, { cpu_pct: 20 }, { cpu_pct: 25 }, { cpu_pct: 21 }]).cpu_pct).toBe(21);
  });

  it('a run without the figure is left out; none with it is an error', () => {
    expect(medianRun([{ fps: 27 }, { cpu_pct: 24, fps: 26 }])).toEqual({ cpu_pct: 24, fps: 26, cpu_pct_min: 24, cpu_pct_max: 24 });
    expect(() => medianRun([{ fps: 27 }])).toThrow(/no run has cpu_pct/);
  });

  it('one run is its own median', () => {
    expect(medianRun([{ cpu_pct: 19.5 }])).toEqual({ cpu_pct: 19.5, cpu_pct_min: 19.5, cpu_pct_max: 19.5 });
  });
});
