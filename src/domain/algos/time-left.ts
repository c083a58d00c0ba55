// Time left to an algo's deadline said short, for a table cell: "42s" under two minutes, "12m" under two
// hours, then "3h" (rounded up: never says less time than is left).

export function timeLeftText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 120) return `${s}s`;
  const min = Math.ceil(s / 60);
  return min < 120 ? `${min}m` : `${Math.ceil(min / 60)}h`;
}
