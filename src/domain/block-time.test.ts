import { describe, expect, it } from 'vitest';
import { BlockTimeEstimator, NOMINAL_MS_PER_BLOCK, blocksWithTime, roughDuration } from './block-time.js';

describe('BlockTimeEstimator', () => {
  it('falls back to the nominal block time until enough blocks were seen', () => {
    const e = new BlockTimeEstimator(64, 8);
    e.observe(100, 0);
    e.observe(101, 400);
    expect(e.measuredMsPerBlock()).toBeNull();
    expect(e.msPerBlock()).toBe(NOMINAL_MS_PER_BLOCK);
  });

  it('measures the real block pace from arrivals, also when heartbeats were skipped', () => {
    const e = new BlockTimeEstimator(64, 8);
    for (let b = 0; b <= 40; b += 2) e.observe(1000 + b, b * 400);
    expect(e.msPerBlock()).toBe(400);
  });

  it('forgets samples outside the window so a pace change shows up', () => {
    const e = new BlockTimeEstimator(10, 5);
    for (let b = 0; b < 50; b++) e.observe(b, b * 400);
    for (let b = 50; b < 100; b++) e.observe(b, 50 * 400 + (b - 50) * 300);
    expect(e.msPerBlock()).toBe(300);
  });

  it('restarts when the block number goes backwards', () => {
    const e = new BlockTimeEstimator(64, 2);
    for (let b = 100; b < 110; b++) e.observe(b, b * 1000);
    e.observe(5, 0);
    expect(e.measuredMsPerBlock()).toBeNull();
  });
});

describe('blocks said with their time', () => {
  it('expiry-blocks-in-time: blocks beside the time they take at the measured pace', () => {
    expect(blocksWithTime(5, 300)).toBe('5 blocks ≈ 1.5 s');
    expect(blocksWithTime(1, 300)).toBe('1 block ≈ 0.3 s');
    expect(blocksWithTime(20, 412, 'blk')).toBe('20 blk ≈ 8.2 s');
    expect(roughDuration(45_000)).toBe('45 s');
    expect(roughDuration(150_000)).toBe('2.5 min');
    expect(roughDuration(40 * 60_000)).toBe('40 min');
    expect(roughDuration(72 * 60_000)).toBe('1.2 h');
  });
});
