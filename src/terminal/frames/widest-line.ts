// Ink's `widest-line`, which the bundle puts in its place (the alias in `npm run build`, build-flags.ts):
// Ink measures every text node of every frame with it (render-node-to-output.js, measure-text.js), and
// string-width segments graphemes and tests each one against the emoji set as soon as a line holds a
// box-drawing or arrow glyph: a fifth of a busy book's CPU. Same widths: a text made of characters that
// stand alone and colour codes is counted in one pass, each glyph by its East Asian Width; any other
// text is measured as widest-line measures it.

import stringWidth from 'string-width';
import { glyphWidth } from './glyph-width.js';
import { sgrEnd } from './sgr.js';
import { keptWhole } from './stand-alone.js';

const ESC = 0x1b;
const NEWLINE = 0x0a;
/** The widest line's width, or -1 when the text holds anything but standalone characters, colour codes and newlines. */
function plainWidestLine(text: string): number {
  let widest = 0;
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e) width += 1;
    else if (c === NEWLINE) {
      if (width > widest) widest = width;
      width = 0;
    } else if (c === ESC) {
      // ESC [ params m (strip-ansi removes it: no width); any other escape is measured by string-width.
      const j = sgrEnd(text, i);
      if (j < 0) return -1;
      i = j;
    } else if (keptWhole(c)) width += glyphWidth(c);
    else return -1;
  }
  return width > widest ? width : widest;
}

export default function widestLine(text: string): number {
  const plain = plainWidestLine(text);
  if (plain >= 0) return plain;
  let widest = 0;
  for (const line of text.split('\n')) widest = Math.max(widest, stringWidth(line));
  return widest;
}
