// The perf line's view model: the text it shows for the meter's figures at a width (a compact form that
// keeps every figure when the full one does not fit), or why there are none.

import type { PerfFigures } from '../../domain/perf-figures.js';

export type PerfOverlayFigures = PerfFigures;

function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** The perf line; when `width` is given and the full line does not fit, a compact form (fits 80 columns). */
export function formatPerfLine(f: PerfOverlayFigures, width = Infinity): string {
  const msgs = Math.round(f.msgsPerSec).toLocaleString('en-US');
  const full =
    ` perf  ${f.fps.toFixed(1)} fps` +
    `  paint ${f.paintMsP50.toFixed(1)}/${f.paintMsP99.toFixed(1)} ms` +
    `  tick→screen ${f.tickToScreenMsP50.toFixed(0)}/${f.tickToScreenMsP99.toFixed(0)} ms` +
    `  ${kb(f.bytesPerSec)}/s out` +
    `  ${msgs} msg/s` +
    `  loop p99 ${f.eventLoopMsP99.toFixed(1)} ms` +
    '  (p50/p99, last second; F12 hides)';
  if (full.length <= width) return full;
  return (
    ` perf ${f.fps.toFixed(1)} fps` +
    ` paint ${f.paintMsP50.toFixed(1)}/${f.paintMsP99.toFixed(1)}ms` +
    ` t→s ${f.tickToScreenMsP50.toFixed(0)}/${f.tickToScreenMsP99.toFixed(0)}ms` +
    ` ${kb(f.bytesPerSec).replace(' ', '')}/s` +
    ` ${msgs} msg/s` +
    ` loop ${f.eventLoopMsP99.toFixed(1)}ms`
  );
}

/** What the line says: the figures, "measuring…" before the first second, or that this screen has no meter. */
export function perfOverlayText(hasProbe: boolean, figures: PerfOverlayFigures | null, width: number): string {
  if (!hasProbe) return ' perf  no meter in this screen  (F12 hides)';
  return figures ? formatPerfLine(figures, width) : ' perf  measuring…  (F12 hides)';
}
