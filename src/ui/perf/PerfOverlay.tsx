// The performance overlay (F12, a binding: perf/bindings.ts): one line in place of the key
// hints with the frame pipeline's figures of the last second: frames/s, paint ms, tick-to-screen ms, bytes/s to the terminal, market-data
// messages/s, event-loop delay. It reads the app's meter through a PerfProbe (ui/ never imports app/):
// the meter is started when the line is shown and stopped when it goes, so with the overlay off nothing
// is measured at all; while shown it polls twice a second (one small repaint per half second).

import { Text } from 'ink';
import { useEffect, useState } from 'react';
import { fitText } from '../format/numbers.js';
import { useTheme } from '../shell/theme.js';
import type { PerfFigures } from '../../domain/perf-figures.js';

export type PerfOverlayFigures = PerfFigures;

export type PerfReader = () => PerfOverlayFigures | null;

/** The app's meter as the overlay drives it (terminal/perf/attach.ts createAppPerf). */
export interface PerfProbe {
  /** Starts measuring (the overlay was shown). */
  start(): void;
  /** Stops measuring and takes every hook off (the overlay was hidden). */
  stop(): void;
  /** The last complete second's figures; null before the first one. */
  read: PerfReader;
}

const POLL_MS = 500;

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

/** The perf line; `probe` null when the app has no meter (ui tests). */
export function PerfOverlay({ width, probe }: { width: number; probe: PerfProbe | null }) {
  const theme = useTheme();
  const [figures, setFigures] = useState<PerfOverlayFigures | null>(null);
  useEffect(() => {
    if (!probe) return;
    probe.start();
    const timer = setInterval(() => setFigures(probe.read()), POLL_MS);
    return () => {
      clearInterval(timer);
      probe.stop();
    };
  }, [probe]);
  const text = !probe ? ' perf  no meter in this screen  (F12 hides)' : figures ? formatPerfLine(figures, width) : ' perf  measuring…  (F12 hides)';
  return (
    <Text wrap="truncate" color={theme.focus}>
      {fitText(text, width)}
    </Text>
  );
}
