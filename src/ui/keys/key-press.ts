// Keys out of what the terminal sends. One read can hold several keys: a held key over a slow SSH link, a
// fast typist in tmux, a paste ("Pt", "!!", four Backspaces, two Tabs, Esc Esc). Ink splits escape
// sequences from text but hands a run of text and control characters over whole; here every key of it
// comes out on its own, named as the keymap spells keys. What is no key at all comes out as one null key
// (a terminal's reply string) or as one Paste (key-reader.ts: a bracketed paste is text, never keys).

export interface KeyPress {
  /**
   * `q`, `?`, ` `, `Tab`, `S-Tab`, `Enter`, `Esc`, `Backspace`, `Delete`, `Up`, `Down`, `Left`, `Right`,
   * `PgUp`, `PgDn`, `Home`, `End`, `C-x` (Ctrl), `M-x` (Alt: a-z, 0-9), `F1`..`F12`; `Paste` for pasted text (never in a keymap);
   * null for a sequence nothing binds.
   */
  name: string | null;
  /** The printable character typed (or the text pasted), else empty. */
  text: string;
}

/** The name of a paste: its text is for the focused line, never looked up as a key. */
export const PASTE = 'Paste';

const CSI_FINAL: Record<string, string> = { A: 'Up', B: 'Down', C: 'Right', D: 'Left', H: 'Home', F: 'End', Z: 'S-Tab', P: 'F1', Q: 'F2', R: 'F3', S: 'F4' };
const CSI_TILDE: Record<string, string> = {
  '1': 'Home', '2': 'Insert', '3': 'Delete', '4': 'End', '5': 'PgUp', '6': 'PgDn', '7': 'Home', '8': 'End',
  // rxvt and the VT220 numbering of the function keys (16 and 22 are gaps in it).
  '11': 'F1', '12': 'F2', '13': 'F3', '14': 'F4', '15': 'F5', '17': 'F6', '18': 'F7', '19': 'F8', '20': 'F9', '21': 'F10', '23': 'F11', '24': 'F12',
};
/** The Linux console's F1..F5: `ESC [ [ A` .. `ESC [ [ E`. */
const LINUX_CONSOLE_F: Record<string, string> = { A: 'F1', B: 'F2', C: 'F3', D: 'F4', E: 'F5' };

/** ESC then one of these starts a string (OSC, DCS, APC, PM) that runs to BEL or ST: terminals send them, keyboards never do. */
const STRING_STARTS = new Set([']', 'P', '_', '^']);

const key = (name: string | null, text = ''): KeyPress => ({ name, text });

const isFunctionKey = (name: string | null): boolean => name !== null && /^F\d+$/.test(name);

/** A CSI (`ESC [`) or SS3 (`ESC O`) sequence starting at `i` (the ESC): the key and where the next begins. */
function escapeSequence(raw: string, i: number): { press: KeyPress; next: number } | null {
  const kind = raw[i + 1];
  if (kind !== '[' && kind !== 'O') return null;
  const linux = kind === '[' && raw[i + 2] === '[';
  let j = i + (linux ? 3 : 2);
  // Parameter and intermediate bytes (0x20-0x3f: digits, `;`, `?`, `<` ...), then one final byte.
  while (j < raw.length && raw.charCodeAt(j) >= 0x20 && raw.charCodeAt(j) <= 0x3f) j++;
  if (j >= raw.length) return { press: key(null), next: raw.length };
  const final = raw[j]!;
  if (linux) return { press: key(LINUX_CONSOLE_F[final] ?? null), next: j + 1 };
  const [first = '', modifier] = raw.slice(i + 2, j).split(';');
  const name = final === '~' ? (CSI_TILDE[first] ?? null) : (CSI_FINAL[final] ?? null);
  // Shift-F5 and the like are other keys (F17 to xterm): never F5's binding. Arrows keep theirs, as before.
  const modified = modifier !== undefined && modifier !== '1';
  return { press: key(modified && isFunctionKey(name) ? null : name), next: j + 1 };
}

function controlKey(ch: string): KeyPress {
  switch (ch) {
    case '\r':
    case '\n':
      return key('Enter');
    case '\t':
      return key('Tab');
    case '\u007f':
    case '\b':
      return key('Backspace');
  }
  const code = ch.charCodeAt(0);
  return code >= 1 && code <= 26 ? key(`C-${String.fromCharCode(code + 96)}`) : key(null);
}

/** What starts at `i` of a read outside a paste or a string. */
export type Decoded =
  | { kind: 'key'; press: KeyPress; next: number }
  /** A string (OSC, DCS, APC, PM) opens at `i`; its body starts at `next`. */
  | { kind: 'string'; next: number };

/** The key (or the start of a terminal string) at `i` of `raw`. */
export function decodeAt(raw: string, i: number): Decoded {
  const ch = raw[i]!;
  if (ch === '\u001b') {
    const seq = escapeSequence(raw, i);
    if (seq) return { kind: 'key', ...seq };
    if (STRING_STARTS.has(raw[i + 1] ?? '')) return { kind: 'string', next: i + 2 };
    // ESC then a lower-case letter or a digit in one read is Alt with it (what a terminal sends for Alt-b);
    // where nothing binds that Alt key the dispatcher reads it as before, Esc then the key (a quick Esc and
    // `b` over SSH). ESC then anything else is Esc, then that key; ESC ESC is two Escs.
    const next = raw[i + 1];
    if (next !== undefined && /^[a-z0-9]$/.test(next)) return { kind: 'key', press: key(`M-${next}`), next: i + 2 };
    return { kind: 'key', press: key('Esc'), next: i + 1 };
  }
  if (ch === '\r' && raw[i + 1] === '\n') return { kind: 'key', press: key('Enter'), next: i + 2 };
  const code = raw.codePointAt(i)!;
  if (code < 0x20 || code === 0x7f) return { kind: 'key', press: controlKey(ch), next: i + 1 };
  // C1 controls (0x80-0x9f, e.g. a one-byte CSI) are no key.
  if (code >= 0x80 && code <= 0x9f) return { kind: 'key', press: key(null), next: i + 1 };
  const text = String.fromCodePoint(code);
  return { kind: 'key', press: key(text, text), next: i + text.length };
}
