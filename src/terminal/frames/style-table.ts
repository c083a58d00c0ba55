// The styles and cells of the frame grid, one object each: every cell of the same character in the same
// style is the same object, and every styles array of the same codes is the same array. A line newly
// seen then costs an array of references, not an object per character (a busy book brings dozens of
// new lines a frame), and the codes between two styles are worked out once, not per row per frame.

import { ansiTokenize, type AnsiCode, type StyledCell } from './ink-port.js';

export const NO_STYLES: readonly AnsiCode[] = [];

/** Entries kept before the table starts afresh: a screen uses a few dozen styles and a few hundred characters. */
const MAX_ENTRIES = 8192;

export function sameCodes(a: readonly AnsiCode[], b: readonly AnsiCode[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]?.code !== b[i]?.code) return false;
  return true;
}

export class StyleTable {
  private byCodes = new Map<string, readonly AnsiCode[]>();
  private narrow = new Map<readonly AnsiCode[], Map<string, StyledCell>>();
  private wide = new Map<readonly AnsiCode[], Map<string, StyledCell>>();
  private openings = new Map<readonly AnsiCode[], string>();
  private transitions = new Map<readonly AnsiCode[], Map<readonly AnsiCode[], string>>();
  private entries = 0;

  /** The one array of these codes (an equal array handed in before, or this one from now on). */
  styles(codes: readonly AnsiCode[]): readonly AnsiCode[] {
    if (codes.length === 0) return NO_STYLES;
    let key = '';
    for (const c of codes) key += `${c.code}\u0000${c.endCode}\u0000`;
    const known = this.byCodes.get(key);
    if (known) return known;
    this.count();
    this.byCodes.set(key, codes);
    return codes;
  }

  /** The one cell of `value` in `styles` (styles from this table). */
  cell(value: string, fullWidth: boolean, styles: readonly AnsiCode[]): StyledCell {
    const byStyle = fullWidth ? this.wide : this.narrow;
    let cells = byStyle.get(styles);
    if (!cells) {
      cells = new Map();
      byStyle.set(styles, cells);
    }
    let cell = cells.get(value);
    if (!cell) {
      this.count();
      cell = { type: 'char', value, fullWidth, styles };
      cells.set(value, cell);
    }
    return cell;
  }

  /** The codes that start a row in `styles` (ansi-tokenize's, as Ink writes them). */
  opening(styles: readonly AnsiCode[]): string {
    let text = this.openings.get(styles);
    if (text === undefined) {
      this.count();
      text = ansiTokenize.ansiCodesToString(styles);
      this.openings.set(styles, text);
    }
    return text;
  }

  /** The codes that turn `from` into `to` (ansi-tokenize's diff, as Ink writes it). */
  transition(from: readonly AnsiCode[], to: readonly AnsiCode[]): string {
    let row = this.transitions.get(from);
    if (!row) {
      row = new Map();
      this.transitions.set(from, row);
    }
    let text = row.get(to);
    if (text === undefined) {
      this.count();
      text = ansiTokenize.ansiCodesToString(ansiTokenize.diffAnsiCodes(from, to));
      row.set(to, text);
    }
    return text;
  }

  /** Text on screen is untrusted: however many characters and styles pass, the table stays bounded. */
  private count(): void {
    this.entries += 1;
    if (this.entries <= MAX_ENTRIES) return;
    this.entries = 0;
    this.byCodes = new Map();
    this.narrow = new Map();
    this.wide = new Map();
    this.openings = new Map();
    this.transitions = new Map();
  }
}
