// The low-bandwidth profile (UX "terminal manners"): for a terminal at the far end of a slow or metered
// link, usually SSH. What it changes, and why each cuts bytes:
//   - a 5 Hz frame-rate ceiling: fewer frames, and more of the book's churn coalesced into each;
//   - only the changed cells of changed rows are written (the row-diff writer) instead of Ink's full frame;
//   - ASCII glyphs, applied before the diff: 1 byte a cell instead of 3, and glyphs that map to the same
//     ASCII character (braille, bar eighths) no longer count as changes;
//   - the chart and the trades tape are republished at most once a second (state/slow-slices.ts): they
//     repaint the most rows per trade. The book and the header keep the frame rate.

import { DEFAULT_PUBLISH_HZ } from '../state/publisher.js';
import { toAscii } from '../ui/format/ascii-glyphs.js';
import { installRowDiffLog, type RowStream } from './perf/row-diff-log.js';

export type LowBandwidthSetting = boolean | 'auto';

export const LOW_BANDWIDTH_MAX_HZ = 5;
export const LOW_BANDWIDTH_SLOW_PANE_MS = 1_000;

export interface LowBandwidthChoice {
  /** `--low-bandwidth` (true) or `--no-low-bandwidth` (false); undefined when neither was given. */
  flag?: boolean;
  /** The config's `lowBandwidth`. */
  config: LowBandwidthSetting;
  env: Readonly<Record<string, string | undefined>>;
}

/** The flag wins, then an explicit config value; `auto` means on when the terminal is an SSH session. */
export function resolveLowBandwidth(choice: LowBandwidthChoice): boolean {
  if (choice.flag !== undefined) return choice.flag;
  if (choice.config !== 'auto') return choice.config;
  return (choice.env.SSH_TTY ?? '') !== '';
}

export interface ScreenProfile {
  lowBandwidth: boolean;
  /** Highest publish rate; the adaptive rate only lowers it. */
  maxHz: number;
  /** Chart and tape republish interval, or undefined for every frame. */
  slowPaneMs: number | undefined;
}

/** A rate chosen by `--fps` or the config is kept; otherwise the profile picks the ceiling. */
export function screenProfile(lowBandwidth: boolean, fps?: number): ScreenProfile {
  return {
    lowBandwidth,
    maxHz: fps ?? (lowBandwidth ? LOW_BANDWIDTH_MAX_HZ : DEFAULT_PUBLISH_HZ),
    slowPaneMs: lowBandwidth ? LOW_BANDWIDTH_SLOW_PANE_MS : undefined,
  };
}

/**
 * Swaps the frame writer of the Ink app mounted on `stdout` for the row-diff one with ASCII glyphs.
 * Resolves false when no Ink app is mounted there (nothing changes).
 */
export function installLowBandwidthOutput(stdout: RowStream & object): Promise<boolean> {
  return installRowDiffLog(stdout, { transform: toAscii });
}
