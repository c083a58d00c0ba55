// The one line editor: the market picker's search, the help filter, the `:` command line, the trading
// tabs' editors and the order entry's text fields all edit their text with it, so the same keys do the
// same thing everywhere. Pure: a line and a key in, the new line out (null when the key is no edit).

export interface LineKey {
  /** Key name as the keymap spells it: `Backspace`, `C-u`, `C-w`, `Left`, ... ; null for typed text. */
  name: string | null;
  /** Typed (or pasted) printable text; empty for other keys. */
  text: string;
}

/** A line's text, and whether all of it is selected. */
export interface Line {
  text: string;
  /**
   * The whole text is selected, as a prefilled value is when its prompt opens: the first text typed or
   * pasted replaces it (a prefill is never appended to). Backspace edits it (drops its last character),
   * an arrow keeps it as it is; either ends the selection, so what is typed next appends.
   */
  selected?: boolean;
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

/** A line with the selection ended (`selected` absent, as it is on a line that never had one). */
function edited(text: string): Line {
  return { text };
}

/**
 * The line after `key`. Printable text (a key or a pasted chunk) replaces a selected text, else is appended;
 * Backspace / Delete drop one character, Ctrl-U clears the line, Ctrl-W drops the last word, Left / Right
 * end a selection and keep the text. Every edit ends the selection. Null when the key edits nothing.
 */
export function editLine(line: Line, key: LineKey, rules: LineRules = {}): Line | null {
  const { text } = line;
  switch (key.name) {
    case 'Backspace':
    case 'Delete':
      return edited([...text].slice(0, -1).join(''));
    case 'C-u':
      return edited('');
    case 'C-w':
      return edited(dropWord(text));
    case 'Left':
    case 'Right':
      return line.selected ? edited(text) : null;
  }
  if (key.text === '') return null;
  const typed = [...key.text].filter((ch) => PRINTABLE.test(ch) && (rules.accepts?.(ch) ?? true)).join('');
  // Nothing the line takes: the line stays as it was, its selection too.
  if (typed === '') return line;
  const next = (line.selected ? '' : text) + typed;
  return edited(rules.maxLength !== undefined ? [...next].slice(0, rules.maxLength).join('') : next);
}
