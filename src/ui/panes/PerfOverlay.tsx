// The performance overlay (F12): one line in place of the key hints with the frame pipeline's figures
// of the last second: frames/s, paint ms, tick-to-screen ms, bytes/s to the terminal, market-data
// messages/s, event-loop delay. It reads a meter through a function (ui/ never imports app/) and polls
// it twice a second, so it adds one small repaint per half second, not one per frame.

import { Text, useStdin } from 'ink';
import { useEffect, useState } from 'react';
import { fitText } from '../format/numbers.js';
import { theme } from '../theme.js';

/** Structurally the app's PerfFigures (app/perf/perf-meter.ts). */
export interface PerfOverlayFigures {
  fps: number;
  paintMsP50: number;
  paintMsP99: number;
  tickToScreenMsP50: number;
  tickToScreenMsP99: number;
  bytesPerSec: number;
  msgsPerSec: number;
  eventLoopMsP99: number;
}

export type PerfReader = () => PerfOverlayFigures | null;

const F12 = '\u001B[24~';
const POLL_MS = 500;

/**
 * True while the overlay is toggled on by F12. Ink's useInput reports function keys as empty input
 * with no flag, so the raw sequence is read from Ink's input events.
 */
export function usePerfOverlayToggle(): boolean {
  const [on, setOn] = useState(false);
  const stdin = useStdin() as ReturnType<typeof useStdin> & { internal_eventEmitter?: NodeJS.EventEmitter };
  const events = stdin.internal_eventEmitter;
  const { setRawMode, isRawModeSupported } = stdin;
  useEffect(() => {
    if (!events || !isRawModeSupported) return;
    // Ink reads the keyboard only while someone holds raw mode (counted, like useInput does).
    setRawMode(true);
    const onInput = (data: string | Buffer): void => {
      if (String(data) === F12) setOn((v) => !v);
    };
    events.on('input', onInput);
    return () => {
      events.off('input', onInput);
      setRawMode(false);
    };
  }, [events, setRawMode, isRawModeSupported]);
  return on;
}

function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

export function formatPerfLine(f: PerfOverlayFigures): string {
  return (
    ` perf  ${f.fps.toFixed(1)} fps` +
    `  paint ${f.paintMsP50.toFixed(1)}/${f.paintMsP99.toFixed(1)} ms` +
    `  tick→screen ${f.tickToScreenMsP50.toFixed(0)}/${f.tickToScreenMsP99.toFixed(0)} ms` +
    `  ${kb(f.bytesPerSec)}/s out` +
    `  ${Math.round(f.msgsPerSec).toLocaleString('en-US')} msg/s` +
    `  loop p99 ${f.eventLoopMsP99.toFixed(1)} ms` +
    '  (p50/p99, last second; F12 hides)'
  );
}

export function PerfOverlay({ width, read }: { width: number; read: PerfReader }) {
  const [figures, setFigures] = useState<PerfOverlayFigures | null>(() => read());
  useEffect(() => {
    const timer = setInterval(() => setFigures(read()), POLL_MS);
    return () => clearInterval(timer);
  }, [read]);
  const text = figures ? formatPerfLine(figures) : ' perf  no meter';
  return (
    <Text wrap="truncate" color={theme.focus}>
      {fitText(text, width)}
    </Text>
  );
}
