// The one line editor: the market picker's search, the help filter, the `:` command line, the trading
// tabs' editors and the order entry's text fields all edit their text with it, so the same keys do the
// same thing everywhere. Pure: text and a key in, the new text out (null when the key is no edit).

export interface LineKey {
  /** Key name as the keymap spells it: `Backspace`, `C-u`, `C-w`, ... ; null for typed text. */
  name: string | null;
  /** Typed (or pasted) printable text; empty for other keys. */
  text: string;
}

export interface LineRules {
  /** Longest text kept. */
  maxLength?: number;
  /** Characters the line takes (others are dropped); default every printable one. */
  accepts?: (ch: string) => boolean;
}

const PRINTABLE = /^[^\u0000-\u001f\u007f]$/u;

/** Drops the last word and the spaces after it, as Ctrl-W does in a shell. */
function dropWord(text: string): string {
  return text.replace(/\S*\s*$/u, '');
}

/**
 * The text after `key`: printable text (a key or a pasted chunk) is appended, Backspace / Delete drop one
 * character, Ctrl-U clears the line, Ctrl-W drops the last word. Null when the key edits nothing.
 */
export function editLine(text: string, key: LineKey, rules: LineRules = {}): string | null {
  switch (key.name) {
    case 'Backspace':
    case 'Delete':
      return [...text].slice(0, -1).join('');
    case 'C-u':
      return '';
    case 'C-w':
      return dropWord(text);
  }
  if (key.text === '') return null;
  const typed = [...key.text].filter((ch) => PRINTABLE.test(ch) && (rules.accepts?.(ch) ?? true)).join('');
  if (typed === '') return text;
  const next = text + typed;
  return rules.maxLength !== undefined ? [...next].slice(0, rules.maxLength).join('') : next;
}
