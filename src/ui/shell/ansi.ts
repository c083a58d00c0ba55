// Pre-coloured strings. A chart row with a hundred colour runs as a hundred <Text> nodes costs Ink a
// hundred layout nodes per row every frame; one <Text> holding SGR-coloured text costs one.
// Colour names mean roles (green = up, red = down, dark* = depth bars), resolved through the theme in
// force (the palette passed in), so the colour-blind theme and NO_COLOR apply to pre-coloured text too.

import type { ColourSpec, Palette } from './theme-palettes.js';
import { colourEnabled } from './theme.js';

export type Colour = 'green' | 'red' | 'gray' | 'cyan' | 'yellow' | 'white' | 'blue' | 'darkGreen' | 'darkRed';

const ROLE: Record<Colour, keyof Palette> = {
  green: 'up',
  red: 'down',
  gray: 'muted',
  cyan: 'info',
  yellow: 'warn',
  white: 'title',
  blue: 'cursor',
  darkGreen: 'upBar',
  darkRed: 'downBar',
};

const NAMED: Record<string, number> = { black: 0, red: 1, green: 2, yellow: 3, blue: 4, magenta: 5, cyan: 6, white: 7 };

/** SGR parameters for a colour spec (`green`, `gray`, `ansi256(n)`, `#rrggbb`), or null. */
export function sgrFor(spec: ColourSpec, layer: 'fg' | 'bg'): string | null {
  if (!spec) return null;
  const base = layer === 'fg' ? 30 : 40;
  const named = NAMED[spec];
  if (named !== undefined) return String(base + named);
  if (spec === 'gray' || spec === 'grey') return String(base + 60);
  const ansi = /^ansi256\((\d+)\)$/.exec(spec);
  if (ansi) return `${base + 8};5;${ansi[1]}`;
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(spec);
  if (hex) return `${base + 8};2;${parseInt(hex[1] ?? '0', 16)};${parseInt(hex[2] ?? '0', 16)};${parseInt(hex[3] ?? '0', 16)}`;
  return null;
}

/** Opening and closing SGR of a (fg, bg) spec pair, worked out once per pair (paint runs hundreds of times a frame). */
const sgrPairs = new Map<string, { open: string; close: string } | null>();

function sgrPair(fgSpec: ColourSpec | undefined, bgSpec: ColourSpec | undefined): { open: string; close: string } | null {
  const key = `${fgSpec ?? ''}\u0000${bgSpec ?? ''}`;
  let pair = sgrPairs.get(key);
  if (pair === undefined) {
    const f = sgrFor(fgSpec, 'fg');
    const b = sgrFor(bgSpec, 'bg');
    const codes = [f, b].filter((c): c is string => c !== null);
    const reset = [f ? '39' : null, b ? '49' : null].filter((c): c is string => c !== null);
    pair = codes.length === 0 ? null : { open: `\u001B[${codes.join(';')}m`, close: `\u001B[${reset.join(';')}m` };
    sgrPairs.set(key, pair);
  }
  return pair;
}

/**
 * Wraps `text` in SGR codes for the roles `fg` and `bg` (nothing when colour is off or the text is
 * empty). Text whose colour equals its background switches to the bar text colour; without colour a
 * background becomes inverse video, so depth bars stay visible in monochrome.
 */
export function paint(theme: Palette, text: string, fg?: Colour, bg?: Colour): string {
  if (text === '' || (!fg && !bg)) return text;
  const bgSpec = bg ? theme[ROLE[bg]] : undefined;
  let fgSpec = fg ? theme[ROLE[fg]] : undefined;
  // No spec for either role: colour may be off altogether (the rarer question, asked only then).
  if (!fgSpec && !bgSpec) return bg && !colourEnabled(theme) ? `\u001B[7m${text}\u001B[27m` : text;
  if (bgSpec && fgSpec === bgSpec) fgSpec = theme.barText;
  const pair = sgrPair(fgSpec, bgSpec);
  return pair ? `${pair.open}${text}${pair.close}` : text;
}

/** Faint text (SGR 2), whatever the colour support: what is shown but not current (colours inside keep). */
export function dim(text: string): string {
  return text === '' ? text : `\u001B[2m${text}\u001B[22m`;
}
