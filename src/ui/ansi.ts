// Pre-coloured strings. A chart row with a hundred colour runs as a hundred <Text> nodes costs Ink a
// hundred layout nodes per row every frame; one <Text> holding SGR-coloured text costs one.

import { COLOR_ENABLED } from './theme.js';

export type Colour = 'green' | 'red' | 'gray' | 'cyan' | 'yellow' | 'white' | 'blue' | 'darkGreen' | 'darkRed';

const FG: Record<Colour, string> = {
  green: '32',
  red: '31',
  gray: '90',
  cyan: '36',
  yellow: '33',
  white: '37',
  blue: '34',
  darkGreen: '38;5;22',
  darkRed: '38;5;52',
};

const BG: Record<Colour, string> = {
  green: '42',
  red: '41',
  gray: '100',
  cyan: '46',
  yellow: '43',
  white: '47',
  blue: '44',
  darkGreen: '48;5;22',
  darkRed: '48;5;52',
};

/** Wraps `text` in foreground/background SGR codes (nothing when colour is off or the text is empty). */
export function paint(text: string, fg?: Colour, bg?: Colour): string {
  if (!COLOR_ENABLED || text === '' || (!fg && !bg)) return text;
  const codes = [fg ? FG[fg] : null, bg ? BG[bg] : null].filter((c): c is string => c !== null);
  const reset = [fg ? '39' : null, bg ? '49' : null].filter((c): c is string => c !== null);
  return `\u001B[${codes.join(';')}m${text}\u001B[${reset.join(';')}m`;
}
