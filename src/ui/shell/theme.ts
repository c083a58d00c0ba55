// Colours by meaning, from the theme in force (theme-palettes.ts). The palette is worked out from the
// store's theme name and the detected colour depth and handed down through ThemeContext: nothing global
// changes while the screen renders. NO_COLOR (or a terminal without colour) turns every colour off; the
// text still carries signs and arrows.

import { createContext, useContext } from 'react';
import type { ChartTone } from '../chart/candle-chart.js';
import type { Tone } from '../status/status.js';
import { resolvePalette, type ColorDepth, type Palette } from './theme-palettes.js';

/** The palette of theme `name` at colour depth `depth`. */
export function themePalette(name: string, depth: ColorDepth): Palette {
  return resolvePalette(name, depth);
}

export const ThemeContext = createContext<Palette>(resolvePalette('dark', 'truecolor'));

/** The palette in force for this screen. */
export function useTheme(): Palette {
  return useContext(ThemeContext);
}

/** Whether any colour is drawn (false for NO_COLOR, colourless terminals and the monochrome theme). */
export function colourEnabled(theme: Palette): boolean {
  return Object.values(theme).some((c) => c !== undefined);
}

export function toneColor(theme: Palette, tone: Tone | ChartTone): string | undefined {
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
export function toneBackground(theme: Palette, tone: Tone): string | undefined {
  if (tone === 'loud') return theme.loudBg;
  return undefined;
}
