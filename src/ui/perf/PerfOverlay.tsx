// The performance overlay (F12, a binding: ui/perf/bindings.ts): one line in place of the key
// hints with the frame pipeline's figures of the last second: frames/s, paint ms, tick-to-screen ms, bytes/s to the terminal, market-data
// messages/s, event-loop delay. It reads the app's meter through a PerfProbe (ui/ never imports app/):
// the meter is started when the line is shown and stopped when it goes, so with the overlay off nothing
// is measured at all; while shown it polls twice a second (one small repaint per half second).

import { Text } from 'ink';
import { useEffect, useState } from 'react';
import { fitText } from '../format/numbers.js';
import { useTheme } from '../shell/theme.js';
import { perfOverlayText, type PerfOverlayFigures } from './view.js';

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
  const text = perfOverlayText(probe !== null, figures, width);
  return (
    <Text wrap="truncate" color={theme.focus}>
      {fitText(text, width)}
    </Text>
  );
}
