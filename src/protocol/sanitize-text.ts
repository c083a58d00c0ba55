// Text from the network (and from files written by it, like recordings) is inert: every string that
// reaches the screen, a toast, the Journal, the app log or a replay passes here first. A terminal acts on
// control characters (ESC starts OSC 0/2 titles, OSC 52 clipboard writes and cursor moves; C1 0x9b is a
// one-byte CSI) and on bidi controls (text that reads differently from what it is), so each one is
// replaced with a visible escape: ESC becomes the four characters `\x1b`, U+202E becomes `\u202e`.
// Replaced:
// - C0 controls U+0000-001F (newline and tab too: a market name or an error is one line), DEL U+007F
//   and C1 controls U+0080-009F (Unicode category Cc);
// - every bidi control (the Unicode Bidi_Control set): the embeddings and overrides U+202A-202E, the
//   isolates U+2066-2069, and the marks U+200E, U+200F and U+061C: invisible, no use in a symbol or a
//   server message, and enough to reorder the neutral characters next to them;
// - the line and paragraph separators U+2028/2029 (a line break in disguise).
// - the invisible format characters: soft hyphen U+00AD, U+180E, the zero-width space, non-joiner and
//   joiner U+200B-200D, the word joiner and invisible operators U+2060-206F, U+FEFF, and the tag
//   characters U+E0000-E007F: they print as nothing, so `BTC` and `B\u200bTC` would look alike.
// Everything else printable, including non-ASCII letters, wide characters and emoji, passes unchanged
// (an emoji joined by U+200D shows its parts and the escape between them).
// Escapes are ASCII, so the result never holds a control and never gets wider than its visible length.
// The result is also capped in length (an ellipsis marks the cut), so one string cannot flood a line or
// the log. Sanitizing twice changes nothing: an escape is printable text.

/** Longest text kept from one network string (a market name, an error message, a close reason). */
export const MAX_WIRE_TEXT_CHARS = 1024;

/** Marks where a capped string was cut. */
export const CUT_MARK = '…';

// The replaced set as regex classes: C0 (with and without the newline), then DEL, C1, the bidi controls,
// the two separators and the invisible format characters, which JSON.stringify leaves as they are.
const C0 = '\\u0000-\\u001f';
const C0_BUT_NEWLINE = '\\u0000-\\u0009\\u000b-\\u001f';
const ABOVE_C0 = '\\u007f-\\u009f\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\ufeff';
/** The tag characters U+E0000-E007F, each a surrogate pair (the classes above hold single UTF-16 units). */
const TAG = '\\udb40[\\udc00-\\udc7f]';
const UNSAFE = new RegExp(`[${C0}${ABOVE_C0}]|${TAG}`);
const UNSAFE_ALL = new RegExp(`[${C0}${ABOVE_C0}]|${TAG}`, 'g');
const UNSAFE_BUT_NEWLINE = new RegExp(`[${C0_BUT_NEWLINE}${ABOVE_C0}]|${TAG}`);
const UNSAFE_BUT_NEWLINE_ALL = new RegExp(`[${C0_BUT_NEWLINE}${ABOVE_C0}]|${TAG}`, 'g');
const ABOVE_C0_ALL = new RegExp(`[${ABOVE_C0}]|${TAG}`, 'g');

/** True for a character (one code point) the sanitizer replaces (tests, and callers that only need to know). */
export function isUnsafeChar(ch: string): boolean {
  return [...ch].length === 1 && UNSAFE.test(ch);
}

/** `\x1b` for a code point below 0x100, `\u202e` up to 0xffff, `\u{e0041}` above. */
function visibleEscape(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
  return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
}

/** Cuts to at most `maxChars` UTF-16 units, the last one the cut mark, never inside a surrogate pair. */
function cap(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= CUT_MARK.length) return CUT_MARK.slice(0, Math.max(0, maxChars));
  let end = maxChars - CUT_MARK.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // a high surrogate whose pair would be cut off
  return `${text.slice(0, end)}${CUT_MARK}`;
}

/**
 * One line of text from the network, safe to print: controls, DEL, C1 and bidi controls replaced with
 * visible escapes, at most `maxChars` long. Text without any of them and within the cap comes back as is.
 */
export function sanitizeText(raw: string, maxChars: number = MAX_WIRE_TEXT_CHARS): string {
  if (raw.length <= maxChars && !UNSAFE.test(raw)) return raw; // the common case: nothing to do
  return cap(raw.replace(UNSAFE_ALL, visibleEscape), maxChars);
}

/**
 * Multi-line text safe to print (the app log, so `tail -f` on it is safe): the same escapes as
 * sanitizeText except that newlines stay; no length cap (the caller bounds what it writes).
 */
export function sanitizeLines(raw: string): string {
  return UNSAFE_BUT_NEWLINE.test(raw) ? raw.replace(UNSAFE_BUT_NEWLINE_ALL, visibleEscape) : raw;
}

/**
 * Every string (and object key) in a parsed JSON value, sanitized: for values read from a file the
 * network wrote (a recording), before anything looks at them. Returns a fresh value; numbers, booleans
 * and null pass as they are. Keys keep their own name when safe; `__proto__` stays an own property.
 */
export function sanitizeJsonStrings(value: unknown, maxChars: number = MAX_WIRE_TEXT_CHARS): unknown {
  if (typeof value === 'string') return sanitizeText(value, maxChars);
  if (Array.isArray(value)) return value.map((v) => sanitizeJsonStrings(v, maxChars));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, sanitizeText(k, maxChars), { value: sanitizeJsonStrings(v, maxChars), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/**
 * JSON text for a terminal (`perpl api` prints answers): JSON.stringify already escapes C0, and inside
 * a JSON string `\u009b` means the same character as the raw one, so escaping DEL, C1, bidi controls and
 * the separators there keeps the JSON identical in meaning while nothing in it can drive the terminal.
 */
export function terminalSafeJson(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent);
  if (text === undefined) return 'null';
  // Outside strings JSON.stringify writes ASCII only, so every such character is inside a string.
  // A tag character is a surrogate pair: each half is escaped, which JSON reads back as the same character.
  return text.replace(ABOVE_C0_ALL, (ch) => [...Array(ch.length).keys()].map((i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''));
}
