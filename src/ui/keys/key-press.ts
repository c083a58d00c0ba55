// Keys out of what the terminal sends. One read can hold several keys: a held key over a slow SSH link, a
// fast typist in tmux, a paste ("Pt", "!!", four Backspaces, two Tabs, Esc Esc). Ink splits escape
// sequences from text but hands a run of text and control characters over whole; here every key of it
// comes out on its own, named as the keymap spells keys.

export interface KeyPress {
  /**
   * `q`, `?`, ` `, `Tab`, `S-Tab`, `Enter`, `Esc`, `Backspace`, `Delete`, `Up`, `Down`, `Left`, `Right`,
   * `PgUp`, `PgDn`, `Home`, `End`, `C-x` (Ctrl), `F12`; null for a sequence nothing binds.
   */
  name: string | null;
  /** The printable character typed, else empty. */
  text: string;
}

const CSI_FINAL: Record<string, string> = { A: 'Up', B: 'Down', C: 'Right', D: 'Left', H: 'Home', F: 'End', Z: 'S-Tab' };
const CSI_TILDE: Record<string, string> = { '1': 'Home', '2': 'Insert', '3': 'Delete', '4': 'End', '5': 'PgUp', '6': 'PgDn', '7': 'Home', '8': 'End', '24': 'F12' };

const key = (name: string | null, text = ''): KeyPress => ({ name, text });

/** A CSI (`ESC [`) or SS3 (`ESC O`) sequence starting at `i` (the ESC): the key and where the next begins. */
function escapeSequence(raw: string, i: number): { press: KeyPress; next: number } | null {
  const kind = raw[i + 1];
  if (kind !== '[' && kind !== 'O') return null;
  let j = i + 2;
  while (j < raw.length && /[0-9;[]/.test(raw[j]!)) j++;
  if (j >= raw.length) return { press: key(null), next: raw.length };
  const final = raw[j]!;
  const params = raw.slice(i + 2, j).replace(/^\[/, '');
  const name = final === '~' ? (CSI_TILDE[params.split(';')[0] ?? ''] ?? null) : (CSI_FINAL[final] ?? null);
  return { press: key(name), next: j + 1 };
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

/** Every key in one read, in order. */
export function decodeKeys(raw: string): KeyPress[] {
  const out: KeyPress[] = [];
  // Index into the string (escape sequences are ASCII; printable text is taken by code point).
  let i = 0;
  while (i < raw.length) {
    const ch = raw[i]!;
    if (ch === '\u001b') {
      const seq = escapeSequence(raw, i);
      if (seq) {
        out.push(seq.press);
        i = seq.next;
        continue;
      }
      // ESC then a key in one read is Esc, then that key (a quick Esc and `/` over SSH): no binding uses Alt,
      // and reading it as Alt would drop both. ESC ESC is two Escs.
      out.push(key('Esc'));
      i += 1;
      continue;
    }
    if (ch === '\r' && raw[i + 1] === '\n') {
      out.push(key('Enter'));
      i += 2;
      continue;
    }
    const code = raw.codePointAt(i)!;
    if (code < 0x20 || code === 0x7f) {
      out.push(controlKey(ch));
      i += 1;
      continue;
    }
    const text = String.fromCodePoint(code);
    out.push(key(text, text));
    i += text.length;
  }
  return out;
}
