// Fixed-width text for numbers. Prices and sizes arrive as scaled integers and are printed exactly
// (formatScaled), never through a float.

// Grouping lives with the exact scaled-integer formatting (protocol/scaling.ts): the client's outcome
// messages print the same figures the screen does.
export { formatScaledGrouped, groupThousands } from '../../protocol/scaling.js';

/** Right-aligns into exactly `width` cells. A number that does not fit loses its separators, then shows as '#'s: never a wrong value. */
export function fitNumber(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width) return text.padStart(width);
  const bare = text.replace(/,/g, '');
  if (bare.length <= width) return bare.padStart(width);
  return '#'.repeat(width);
}

/** Left-aligns into exactly `width` cells, cutting with an ellipsis. */
export function fitText(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width) return text.padEnd(width);
  return width === 1 ? '…' : `${text.slice(0, width - 1)}…`;
}

/** Display-only compact figure: 412300 -> "412.3K", 12345678 -> "12.35M". */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) {
      const scaled = abs / size;
      const digits = scaled >= 100 ? 1 : 2;
      return `${sign}${scaled.toFixed(digits)}${suffix}`;
    }
  }
  return `${sign}${abs.toFixed(abs >= 100 ? 0 : 2)}`;
}

/**
 * A size in base units, short: four significant figures below 1,000 (412.3, 41.23, 0.1234), compact above
 * (12.35K). Display only.
 */
export function formatSizeCompact(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1000) return formatCompact(value);
  if (abs === 0) return '0';
  const decimals = Math.min(8, Math.max(0, 3 - Math.floor(Math.log10(abs))));
  const text = value.toFixed(decimals);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * A size in at most `width` cells, right-aligned: `formatSizeCompact` when it fits, else fewer decimals
 * (0.07880 in 5 cells is 0.079), never a size shown as 0 when it is not: `<0.01` says it is under the
 * smallest figure that fits. Display only (the ladder's narrow columns).
 */
export function fitSize(value: number, width: number): string {
  const full = formatSizeCompact(value);
  if (full.length <= width) return full.padStart(width);
  if (value > 0 && value < 1000) {
    const whole = Math.floor(value).toString().length;
    for (let d = Math.max(0, width - whole - 1); d >= 0; d--) {
      const text = value.toFixed(d).replace(/\.?0+$/, '');
      if (text.length <= width && Number(text) > 0) return text.padStart(width);
    }
    const floor = width >= 3 ? `<${(10 ** -Math.max(0, width - 3)).toFixed(Math.max(0, width - 3))}` : '';
    if (floor.length > 0 && floor.length <= width && value < Number(floor.slice(1))) return floor.padStart(width);
  }
  return fitNumber(full, width);
}

/** Signed percent with a fixed number of decimals: 1.82 -> "+1.82%", 0 -> "0.00%". */
export function formatSignedPct(pct: number, digits = 2): string {
  const text = Math.abs(pct).toFixed(digits);
  if (Number(text) === 0) return `${text}%`;
  return `${pct < 0 ? '-' : '+'}${text}%`;
}

/** Countdown for timers: "12:07" under an hour, "1h02m" above; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m`;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Short duration for an interval length: 2580 s -> "43m", 3600 -> "1h", 28800 -> "8h". */
export function formatInterval(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds >= 60) return `${Math.round(seconds / 60)}m`;
  return `${seconds}s`;
}

/** Local wall-clock time of day, "HH:MM:SS". */
export function formatTimeOfDay(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}
