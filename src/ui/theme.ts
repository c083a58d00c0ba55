// Colours by meaning, from the theme in force (theme-palettes.ts). Panes read `theme` while they
// render; App applies the store's theme name before its children render and remounts them on a change.
// NO_COLOR (or a terminal without colour) turns every colour off; the text still carries signs and arrows.

import type { ChartTone } from './format/candle-chart.js';
import type { Tone } from './format/status.js';
import { detectColorDepth, resolvePalette, type ColorDepth, type Palette } from './theme-palettes.js';

let depth: ColorDepth = detectColorDepth(process.env);
let appliedName = '';

/** The palette in force. Mutated in place by applyTheme so every importer sees the change. */
export const theme: Palette = { ...resolvePalette('dark', depth) };

/** Whether any colour is drawn (false for NO_COLOR, colourless terminals and the monochrome theme). */
export function colourEnabled(): boolean {
  return Object.values(theme).some((c) => c !== undefined);
}

/** Sets the colour depth the app detected (or was told); re-applies the current theme. */
export function setColorDepth(next: ColorDepth): void {
  depth = next;
  const name = appliedName || 'dark';
  appliedName = '';
  applyTheme(name);
}

export function colorDepth(): ColorDepth {
  return depth;
}

/** Makes `name` the theme in force (idempotent). */
export function applyTheme(name: string): void {
  if (name === appliedName) return;
  appliedName = name;
  Object.assign(theme, resolvePalette(name, depth));
}

export function toneColor(tone: Tone | ChartTone): string | undefined {
  switch (tone) {
    case 'good':
    case 'up':
      return theme.up;
    case 'bad':
    case 'down':
      return theme.down;
    case 'warn':
      return theme.warn;
    case 'info':
      return theme.info;
    case 'loud':
      return theme.loud;
    case 'muted':
    case 'axis':
      return theme.muted;
    case 'plain':
      return undefined;
  }
}

/** Background for badges: mainnet must be impossible to miss. */
export function toneBackground(tone: Tone): string | undefined {
  if (tone === 'loud') return theme.loudBg;
  return undefined;
}
