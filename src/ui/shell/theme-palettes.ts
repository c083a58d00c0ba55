// The themes as data. Each has a 16-colour base (what every terminal can show) refined for 256-colour
// and truecolor terminals; the colour-blind theme carries sides in blue/orange, never red/green;
// monochrome uses no colour at all (depth bars become inverse video).

/** A colour as Ink accepts it: a name, `ansi256(n)` or `#rrggbb`; undefined = the terminal's default. */
export type ColourSpec = string | undefined;

export interface Palette {
  /** Buy / long / price up. */
  up: ColourSpec;
  /** Sell / short / price down. */
  down: ColourSpec;
  /** Background of depth bars behind bids and asks. */
  upBar: ColourSpec;
  downBar: ColourSpec;
  /** Text drawn on a bar when the side colour equals the bar colour (16-colour terminals). */
  barText: ColourSpec;
  muted: ColourSpec;
  focus: ColourSpec;
  border: ColourSpec;
  cursor: ColourSpec;
  title: ColourSpec;
  warn: ColourSpec;
  info: ColourSpec;
  /** Loud text (mainnet badge) and its background. */
  loud: ColourSpec;
  loudBg: ColourSpec;
}

export type ColorDepth = 'none' | '16' | '256' | 'truecolor';

interface ThemeTiers {
  c16: Palette;
  c256?: Partial<Palette>;
  truecolor?: Partial<Palette>;
}

const NONE: Palette = {
  up: undefined, down: undefined, upBar: undefined, downBar: undefined, barText: undefined, muted: undefined,
  focus: undefined, border: undefined, cursor: undefined, title: undefined, warn: undefined, info: undefined,
  loud: undefined, loudBg: undefined,
};

export const THEMES: Record<string, ThemeTiers> = {
  dark: {
    c16: {
      up: 'green', down: 'red', upBar: 'green', downBar: 'red', barText: 'black', muted: 'gray', focus: 'cyan',
      border: 'gray', cursor: 'blue', title: 'white', warn: 'yellow', info: 'cyan', loud: 'white', loudBg: 'red',
    },
    c256: { upBar: 'ansi256(22)', downBar: 'ansi256(52)' },
    truecolor: { up: '#3fb950', down: '#f85149', upBar: '#033a16', downBar: '#4c0b0b', focus: '#39c5cf', muted: '#8b949e' },
  },
  light: {
    c16: {
      up: 'green', down: 'red', upBar: 'green', downBar: 'red', barText: 'white', muted: 'gray', focus: 'blue',
      border: 'gray', cursor: 'blue', title: 'black', warn: 'magenta', info: 'blue', loud: 'white', loudBg: 'red',
    },
    c256: { up: 'ansi256(28)', down: 'ansi256(124)', upBar: 'ansi256(194)', downBar: 'ansi256(224)', muted: 'ansi256(244)' },
    truecolor: { up: '#1a7f37', down: '#cf222e', upBar: '#dafbe1', downBar: '#ffebe9', muted: '#6e7781', focus: '#0969da', title: '#24292f' },
  },
  colorblind: {
    // Okabe-Ito blue and orange: distinguishable with every common colour-vision deficiency.
    c16: {
      up: 'blue', down: 'yellow', upBar: 'blue', downBar: 'yellow', barText: 'black', muted: 'gray', focus: 'cyan',
      border: 'gray', cursor: 'magenta', title: 'white', warn: 'magenta', info: 'cyan', loud: 'black', loudBg: 'yellow',
    },
    c256: { up: 'ansi256(33)', down: 'ansi256(208)', upBar: 'ansi256(17)', downBar: 'ansi256(94)' },
    truecolor: { up: '#56b4e9', down: '#e69f00', upBar: '#0a2a4a', downBar: '#4a3000' },
  },
  mono: { c16: NONE },
};

export { THEME_NAMES as THEME_LIST } from '../../state/workspace-slice.js';

/** The palette of a theme for a colour depth (unknown names fall back to dark; depth none is mono). */
export function resolvePalette(name: string, depth: ColorDepth): Palette {
  const tiers = THEMES[name] ?? THEMES.dark;
  if (depth === 'none' || !tiers) return NONE;
  return {
    ...tiers.c16,
    ...(depth === '256' || depth === 'truecolor' ? tiers.c256 : {}),
    ...(depth === 'truecolor' ? tiers.truecolor : {}),
  };
}

/**
 * How many colours the terminal shows, from the environment: NO_COLOR, then FORCE_COLOR (0-3),
 * then COLORTERM (truecolor / 24bit), then TERM (*-256color, *-direct, dumb). Default 16.
 */
export function detectColorDepth(env: Readonly<Record<string, string | undefined>>): ColorDepth {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 'none';
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 'none';
    if (force === '2') return '256';
    if (force === '3') return 'truecolor';
    if (force === '1' || force === '' || force === 'true') return '16';
  }
  const colorterm = (env.COLORTERM ?? '').toLowerCase();
  if (colorterm === 'truecolor' || colorterm === '24bit') return 'truecolor';
  const term = (env.TERM ?? '').toLowerCase();
  if (term === 'dumb') return 'none';
  if (term.endsWith('-direct') || term.includes('truecolor')) return 'truecolor';
  if (term.includes('256')) return '256';
  return '16';
}
