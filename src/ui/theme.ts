// Colours by meaning. NO_COLOR turns every colour off; the text still carries signs and arrows.

import type { ChartTone } from './format/candle-chart.js';
import type { Tone } from './format/status.js';

export const COLOR_ENABLED = !('NO_COLOR' in process.env) || process.env.NO_COLOR === '';

function c(name: string): string | undefined {
  return COLOR_ENABLED ? name : undefined;
}

export const theme = {
  up: c('green'),
  down: c('red'),
  muted: c('gray'),
  focus: c('cyan'),
  border: c('gray'),
  cursor: c('blue'),
  title: c('white'),
} as const;

export function toneColor(tone: Tone | ChartTone): string | undefined {
  switch (tone) {
    case 'good':
    case 'up':
      return theme.up;
    case 'bad':
    case 'down':
      return theme.down;
    case 'warn':
      return c('yellow');
    case 'info':
      return c('cyan');
    case 'loud':
      return c('white');
    case 'muted':
    case 'axis':
      return theme.muted;
    case 'plain':
      return undefined;
  }
}

/** Background for badges: mainnet must be impossible to miss. */
export function toneBackground(tone: Tone): string | undefined {
  if (tone === 'loud') return c('red');
  return undefined;
}
