// Candle resolutions the timeframe keys and `:tf` step through (interface.md 4.1 allowed values).

export const TIMEFRAMES: readonly { seconds: number; label: string }[] = [
  { seconds: 60, label: '1m' },
  { seconds: 300, label: '5m' },
  { seconds: 900, label: '15m' },
  { seconds: 3600, label: '1h' },
  { seconds: 14400, label: '4h' },
  { seconds: 86400, label: '1d' },
];

export function timeframeLabel(seconds: number): string {
  return TIMEFRAMES.find((t) => t.seconds === seconds)?.label ?? `${seconds}s`;
}

/** The next timeframe in `direction`, clamped at both ends. */
export function stepTimeframe(seconds: number, direction: 1 | -1): number {
  const index = TIMEFRAMES.findIndex((t) => t.seconds === seconds);
  const from = index < 0 ? 0 : index;
  const next = Math.max(0, Math.min(TIMEFRAMES.length - 1, from + direction));
  return TIMEFRAMES[next]?.seconds ?? seconds;
}
