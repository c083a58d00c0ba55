// The meter attributes each market-data frame to the first terminal write that can show it.

import { describe, expect, it } from 'vitest';
import { PerfMeter, quantile } from './perf-meter.js';

async function microtasks(): Promise<void> {
  await Promise.resolve();
}

describe('perf meter', () => {
  it('tick-to-screen-counts-from-arrival-to-the-write-after-the-publish: frames not yet published wait for the next paint', async () => {
    let t = 0;
    const meter = new PerfMeter({ keepSamples: true, now: () => t });
    meter.frameArrived(); // t=0
    t = 10;
    meter.frameArrived(); // t=10
    t = 20;
    meter.publishing(); // both frames are in the store
    t = 25;
    meter.frameArrived(); // after the publish: not in this paint
    t = 40;
    meter.paintRendered(5); // paint started at 35
    t = 42;
    meter.wrote(1000);
    await microtasks();
    expect(meter.samples.tickToScreenMs).toEqual([42, 32]);
    expect(meter.samples.paintMs).toEqual([7]);
    expect(meter.samples.frames).toBe(1);
    meter.publishing();
    t = 90;
    meter.paintRendered(1);
    t = 91;
    meter.wrote(10);
    await microtasks();
    expect(meter.samples.tickToScreenMs).toEqual([42, 32, 66]);
    meter.stop();
  });

  it('paint-without-write-is-no-frame: Ink found nothing new, nothing shown', async () => {
    let t = 0;
    const meter = new PerfMeter({ keepSamples: true, now: () => t });
    meter.frameArrived();
    meter.publishing();
    t = 5;
    meter.paintRendered(2);
    await microtasks();
    expect(meter.samples.frames).toBe(0);
    expect(meter.samples.tickToScreenMs).toEqual([]);
    meter.stop();
  });

  it('quantile-is-nearest-rank', () => {
    expect(quantile([], 0.99)).toBe(0);
    expect(quantile([3, 1, 2], 0.5)).toBe(2);
    expect(quantile(Array.from({ length: 100 }, (_, i) => i + 1), 0.99)).toBe(99);
  });
});
