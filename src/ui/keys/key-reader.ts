// The keys of the keyboard, read by read. Ink hands one read over as several input events (an escape
// sequence is an event of its own, a run of text another), and a long paste spans several reads, so what
// is open at the end of an event stays open for the next:
// - a bracketed paste (`ESC[200~` ... `ESC[201~`, asked for by terminal/manners.ts) is text for the
//   focused line, never keys: it comes out as Paste presses with every control character removed (ESC,
//   CR/LF, Tab: a pasted newline never runs a line), capped at PASTE_MAX_CHARS;
// - a terminal string (OSC `ESC ]`, DCS `ESC P`, APC `ESC _`, PM `ESC ^`) is one null key up to its BEL or
//   ST (`ESC \`), or to the end of the read when it has none: `ESC ]!!y` is never Esc, `]`, `!`, `!`, `y`.

import { isUnsafeChar } from '../../protocol/sanitize-text.js';
import { decodeAt, PASTE, type KeyPress } from './key-press.js';

export const PASTE_START = '\u001b[200~';
export const PASTE_END = '\u001b[201~';
/** Longest paste kept (every line is shorter; the rest is read and dropped, so a huge paste costs no more). */
export const PASTE_MAX_CHARS = 4096;
/**
 * A paste whose next read has not come this long after the last is over (its end mark was lost, or the
 * start mark came in text pasted unbracketed): what comes next are keys again, not text.
 */
export const PASTE_STALL_MS = 2_000;

/** Pasted text as a line takes it: no control character (C0, DEL, C1), no bidi control. */
export function pastedText(raw: string): string {
  let out = '';
  for (const ch of raw) if (!isUnsafeChar(ch)) out += ch;
  return out;
}

/** How many characters at the end of `text` begin `mark` (a mark cut by the end of a read). */
function partialMarkAtEnd(text: string, mark: string): number {
  for (let n = Math.min(mark.length - 1, text.length); n > 0; n--) if (mark.startsWith(text.slice(-n))) return n;
  return 0;
}

export class KeyReader {
  /** An open paste: characters kept so far, and when its last piece came. */
  private paste: { kept: number; lastAtMs: number } | null = null;
  /** Pasted text of this read not yet handed over. */
  private pasted = '';
  /** Inside a terminal string that has not ended yet in this read. */
  private inString = false;
  /** The start of a mark (paste end, ST) cut by the end of an event, joined to the next. */
  private carry = '';

  /** The keys of one input event of the current read (`nowMs`: monotonic, for a paste that stalled). */
  push(raw: string, nowMs = 0): KeyPress[] {
    if (this.paste && nowMs - this.paste.lastAtMs > PASTE_STALL_MS) this.paste = null;
    const out: KeyPress[] = [];
    const text = this.carry + raw;
    this.carry = '';
    let i = 0;
    while (i < text.length) {
      if (this.paste) {
        this.paste.lastAtMs = nowMs;
        const end = text.indexOf(PASTE_END, i);
        if (end === -1) {
          const cut = partialMarkAtEnd(text, PASTE_END);
          this.keepPasted(text.slice(i, text.length - cut));
          this.carry = text.slice(text.length - cut);
          break;
        }
        this.keepPasted(text.slice(i, end));
        this.paste = null;
        out.push(...this.handOverPasted());
        i = end + PASTE_END.length;
        continue;
      }
      if (this.inString) {
        const st = /\u0007|\u009c|\u001b\\/.exec(text.slice(i));
        if (!st) {
          this.carry = text.endsWith('\u001b') ? '\u001b' : '';
          break;
        }
        this.inString = false;
        i += st.index + st[0].length;
        continue;
      }
      if (text.startsWith(PASTE_START, i)) {
        this.paste = { kept: 0, lastAtMs: nowMs };
        i += PASTE_START.length;
        continue;
      }
      const decoded = decodeAt(text, i);
      if (decoded.kind === 'string') {
        this.inString = true;
        out.push({ name: null, text: '' });
      } else out.push(decoded.press);
      i = decoded.next;
    }
    return out;
  }

  /** The read is over: a string without its end ends here; a paste goes on, its text so far handed over. */
  endRead(): KeyPress[] {
    this.inString = false;
    if (!this.paste) this.carry = '';
    return this.handOverPasted();
  }

  private keepPasted(raw: string): void {
    const paste = this.paste!;
    const room = PASTE_MAX_CHARS - paste.kept;
    if (room <= 0 || raw === '') return;
    let piece = raw.length > room ? raw.slice(0, room) : raw;
    // Never half a surrogate pair at the cut.
    if (piece.length < raw.length && /[\ud800-\udbff]$/.test(piece)) piece = piece.slice(0, -1);
    paste.kept += piece.length;
    this.pasted += piece;
  }

  private handOverPasted(): KeyPress[] {
    if (this.pasted === '') return [];
    const text = pastedText(this.pasted);
    this.pasted = '';
    // Only controls (a lone newline): nothing to type, and nothing to say.
    return text === '' ? [] : [{ name: PASTE, text }];
  }
}

/** Every key in one read, in order (a paste in it as one Paste). */
export function decodeKeys(raw: string): KeyPress[] {
  const reader = new KeyReader();
  return [...reader.push(raw), ...reader.endRead()];
}
