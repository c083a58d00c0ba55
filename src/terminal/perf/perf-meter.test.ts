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

  it('frame-written-in-a-later-turn-is-counted: a paint whose write waits a turn (keys first) is a frame, its time the render plus the write', async () => {
    let t = 0;
    const meter = new PerfMeter({ keepSamples: true, now: () => t });
    meter.frameArrived();
    meter.publishing();
    t = 10;
    meter.paintRendered(3); // rendered from 7 to 10
    await microtasks();
    t = 25; // a key and its order ran in between
    meter.writing();
    t = 26;
    meter.wrote(500);
    await microtasks();
    expect(meter.samples.frames).toBe(1);
    expect(meter.samples.paintMs).toEqual([4]);
    expect(meter.samples.tickToScreenMs).toEqual([26]);
    meter.stop();
  });

  it('backlog-beyond-the-ring-keeps-arrival-order: a backlog larger than the ring grows it, oldest first', async () => {
    let t = 0;
    const meter = new PerfMeter({ keepSamples: true, now: () => t });
    for (t = 0; t < 3000; t++) meter.frameArrived();
    meter.publishing();
    t = 5000;
    meter.paintRendered(0);
    meter.wrote(10);
    await microtasks();
    const t2s = meter.samples.tickToScreenMs;
    expect(t2s).toHaveLength(3000);
    expect(t2s[0]).toBe(5000);
    expect(t2s[1024]).toBe(5000 - 1024);
    expect(t2s[2999]).toBe(2001);
    meter.stop();
  });

  it('steady-state-is-allocation-free: frames shown as they come never grow the ring or keep samples', async () => {
    let t = 0;
    const meter = new PerfMeter({ now: () => t });
    const ring = () => (meter as unknown as { ring: Float64Array }).ring;
    const first = ring();
    for (let i = 0; i < 100_000; i++) {
      t += 0.2;
      meter.frameArrived();
      if (i % 250 === 249) {
        meter.publishing();
        meter.paintRendered(1);
        meter.wrote(100);
        await microtasks();
      }
    }
    expect(ring()).toBe(first);
    expect(meter.samples.tickToScreenMs).toEqual([]); // kept only for the benchmark
    expect(meter.samples.msgs).toBe(100_000);
    meter.stop();
  });

  it('overlay-figures-per-second: rates, paint and tick-to-screen quantiles of the last complete second', async () => {
    let t = 0;
    const meter = new PerfMeter({ now: () => t });
    expect(meter.windows).toBe(0);
    // One second: 200 frames (every 5 ms), a paint every 50 ms showing what was published 10 ms earlier.
    for (let step = 0; step < 200; step++) {
      t = step * 5;
      meter.frameArrived();
      if (step % 10 === 7) meter.publishing(); // at 35 ms, 85 ms, ...: frames up to then
      if (step % 10 === 9) {
        meter.paintRendered(2); // at 45 ms: paint started at 43
        t += 1;
        meter.wrote(1000); // written at 46: frames that arrived by 35 ms
        await microtasks();
      }
    }
    t = 1000;
    const f = meter.figures();
    expect(meter.windows).toBe(1);
    expect(f.msgsPerSec).toBe(200);
    expect(f.fps).toBe(20);
    expect(f.bytesPerSec).toBe(20_000);
    expect(f.paintMsP50).toBe(3);
    // Each paint shows 10 frames (the first one 8), aged 11..56 ms: p50 about 31 ms, p99 about 56 ms (1 ms buckets).
    expect(f.tickToScreenMsP50).toBeGreaterThanOrEqual(25);
    expect(f.tickToScreenMsP50).toBeLessThanOrEqual(35);
    expect(f.tickToScreenMsP99).toBeGreaterThanOrEqual(50);
    expect(f.tickToScreenMsP99).toBeLessThanOrEqual(57);
    // The next window starts empty.
    t = 2100;
    expect(meter.figures()).toMatchObject({ msgsPerSec: 0, fps: 0, tickToScreenMsP99: 0 });
    meter.stop();
  });

  it('quantile-is-nearest-rank', () => {
    expect(quantile([], 0.99)).toBe(0);
    expect(quantile([3, 1, 2], 0.5)).toBe(2);
    expect(quantile(Array.from({ length: 100 }, (_, i) => i + 1), 0.99)).toBe(99);
  });
});
