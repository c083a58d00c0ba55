// `--ascii`: every box-drawing, block, braille, arrow and bullet glyph replaced by one ASCII character
// of the same width, for fonts and multiplexers that break them. Applied to the whole frame on its way
// to the terminal, so every pane (and Ink's own borders) follows without knowing about it.

const SPECIFIC: Record<string, string> = {
  '█': '#', '▓': '#', '▒': '%', '░': '.', '▀': '"', '▁': '_', '▂': '_', '▃': '_', '▄': '=', '▅': '=', '▆': '=', '▇': '#',
  '▏': '|', '▕': '|', '▌': '|', '▐': '|', '‖': '|',
  '▲': '^', '△': '^', '▼': 'v', '▽': 'v', '▸': '>', '▶': '>', '◂': '<', '◀': '<', '›': '>', '‹': '<', '»': '>', '«': '<',
  '↑': '^', '↓': 'v', '←': '<', '→': '>', '↕': '|', '↔': '-',
  '●': '*', '○': 'o', '◌': 'o', '◆': '*', '◇': 'o', '■': '#', '□': 'o', '•': '*', '·': '.', '✕': 'x', '✓': 'v', '✔': 'v', '✗': 'x',
  '…': '.', '–': '-', '—': '-', '−': '-', '‘': "'", '’': "'", '“': '"', '”': '"',
};

const HORIZONTAL = new Set(['─', '━', '═', '╌', '╍', '┄', '┅', '┈', '┉', '╴', '╶', '╸', '╺']);
const VERTICAL = new Set(['│', '┃', '║', '╎', '╏', '┆', '┇', '┊', '┋', '╵', '╷', '╹', '╻']);

function mapChar(ch: string): string {
  const specific = SPECIFIC[ch];
  if (specific !== undefined) return specific;
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 0x2500 && code <= 0x257f) return HORIZONTAL.has(ch) ? '-' : VERTICAL.has(ch) ? '|' : '+';
  if (code >= 0x2580 && code <= 0x259f) return '#';
  if (code === 0x2800) return ' ';
  if (code >= 0x2801 && code <= 0x28ff) return ':';
  if (code >= 0x25a0 && code <= 0x25ff) return '*';
  if (code >= 0x2190 && code <= 0x21ff) return '>';
  return ch;
}

// The ranges touched above, plus the specific glyphs; everything else passes through untouched.
// Escaped, not literal: esbuild copies a regular expression as written, and one non-ASCII character makes V8
// hold the whole bundled chunk as two bytes a character (test/cli/package.test.ts). The glyphs: ●○◌◆◇■□•·✕✓✔✗…–—−‘’“”›‹»«
const GLYPHS = /[\u2500-\u259f\u2800-\u28ff\u25a0-\u25ff\u2190-\u21ff\u25cf\u25cb\u25cc\u25c6\u25c7\u25a0\u25a1\u2022\u00b7\u2715\u2713\u2714\u2717\u2026\u2013\u2014\u2212\u2018\u2019\u201c\u201d\u203a\u2039\u00bb\u00ab]/gu;

export function toAscii(text: string): string {
  return text.replace(GLYPHS, mapChar);
}

/** True when `text` holds a glyph ASCII mode replaces (tests). */
export function hasNonAsciiGlyph(text: string): boolean {
  GLYPHS.lastIndex = 0;
  const found = GLYPHS.test(text);
  GLYPHS.lastIndex = 0;
  return found;
}
