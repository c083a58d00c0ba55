import { describe, expect, it } from 'vitest';
import { STOCK_START_ENV, startSteps, stockStartLogLine } from './start-steps.js';

const ALL_ON = { compileCache: true, contextOverPort: true, mountAtFirstBook: true, undiciAfterFirstFrame: true };

describe('the start steps and the bench switch that turns them off', () => {
  it('stock-start-only-on-exactly-1: every step is on without the bench switch, and any value but "1" (set by mistake: empty, 0, true, yes) leaves them on', () => {
    expect(startSteps({})).toEqual(ALL_ON);
    for (const value of ['', '0', 'true', 'yes', ' 1', '1 ', 'on']) expect(startSteps({ [STOCK_START_ENV]: value })).toEqual(ALL_ON);
  });

  it('stock-start-turns-every-step-off: "1" turns off the compile cache, the context over the port, the mount at the first book and undici after the first frame', () => {
    expect(startSteps({ [STOCK_START_ENV]: '1' })).toEqual({ compileCache: false, contextOverPort: false, mountAtFirstBook: false, undiciAfterFirstFrame: false });
  });

  it('stock-start-said-in-the-app-log: the log line names the switch and the steps it turned off; none without it', () => {
    expect(stockStartLogLine(startSteps({}))).toBeNull();
    expect(stockStartLogLine(startSteps({ [STOCK_START_ENV]: '1' }))).toBe(
      'PERPL_BENCH_STOCK_START=1 (a bench switch): start steps off: compileCache, contextOverPort, mountAtFirstBook, undiciAfterFirstFrame',
    );
  });
});
