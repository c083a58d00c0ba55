// Small number helpers for the benchmark.

export { quantile } from '../../src/terminal/perf/perf-meter.js';

export function round(x: number, digits: number): number {
  if (!Number.isFinite(x)) return 0;
  const k = 10 ** digits;
  return Math.round(x * k) / k;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}
