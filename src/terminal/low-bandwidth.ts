// The low-bandwidth profile (UX "terminal manners"): for a terminal at the far end of a slow or metered
// link, usually SSH. The app's row-diff writer already sends only the changed cells of changed rows; on
// top of it the profile cuts, in the order of what they save (test/screen/low-bandwidth-bytes.test.ts,
// bench/low-bandwidth.ts):
//   - a 5 Hz frame-rate ceiling instead of 20: fewer frames, more of the book's churn coalesced into each;
//   - the chart and the trades tape republished at most once a second (state/slow-slices.ts): every
//     trade moves the last candle and scrolls the whole tape; the book and the header keep the rate;
//   - ASCII glyphs, applied before the diff: 1 byte a cell instead of 3, and glyphs that map to the same
//     ASCII character (braille, bar eighths) no longer count as changes.

import { DEFAULT_PUBLISH_HZ } from '../state/publisher.js';
import { toAscii } from '../ui/format/ascii-glyphs.js';

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

/** What the profile asks of mountScreen: ASCII glyphs applied before the row diff. */
export function lowBandwidthMountOptions(lowBandwidth: boolean): { frameTransform?: (frame: string) => string } {
  return lowBandwidth ? { frameTransform: toAscii } : {};
}
