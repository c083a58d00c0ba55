// The config's shape, checked on its text before any parser sees it: how deep a key goes (dotted
// parts, its table header, the inline tables and lists around it) and how long one is. A key 4,000
// parts deep (22 KB) overflowed the stack of the readers behind the parser, and 50,000 parts ran
// `perpl doctor` out of memory; a real config is 2 deep (`keys.buy`). One linear pass, no recursion,
// nothing kept per key: the first key past a limit is reported with its line, and the file is not read.

/** Deepest key path read: a header's parts, plus a key's, plus each inline table or list around it. */
export const MAX_CONFIG_KEY_DEPTH = 8;
/** Longest key (or table header) read, quotes included. */
export const MAX_CONFIG_KEY_CHARS = 128;

export interface ShapeProblem {
  line: number;
  message: string;
}

const tooDeep = (line: number): ShapeProblem => ({ line, message: `a key nested more than ${MAX_CONFIG_KEY_DEPTH} deep: not read; using the defaults` });
const tooLong = (line: number): ShapeProblem => ({ line, message: `a key longer than ${MAX_CONFIG_KEY_CHARS} characters: not read; using the defaults` });

/** The first key of the text past a limit, or null when every key is within them. */
export function configShapeProblem(text: string, format: 'toml' | 'json'): ShapeProblem | null {
  return format === 'toml' ? tomlShape(text) : jsonShape(text);
}

/** Index just past the string that opens at `at` (a TOML one may open with a triple quote), or the end of its line when it never closes. */
function stringEnd(text: string, at: number, toml: boolean): number {
  const quote = text[at]!;
  const triple = toml && text.startsWith(quote.repeat(3), at);
  const close = triple ? quote.repeat(3) : quote;
  let i = at + close.length;
  while (i < text.length) {
    if (quote === '"' && text[i] === '\\') i += 2;
    else if (text.startsWith(close, i)) {
      // A closing triple quote may carry up to two more quotes of the content before it.
      let end = i + close.length;
      while (triple && text[end] === quote && end - i < 5) end++;
      return end;
    } else if (!triple && text[i] === '\n') return i;
    else i++;
  }
  return text.length;
}

/** Length of text[start, end) without the spaces around it. */
function trimmedLength(text: string, start: number, end: number): number {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from]!)) from++;
  while (to > from && /\s/.test(text[to - 1]!)) to--;
  return to - from;
}

function countLines(text: string, from: number, to: number, line: number): number {
  let n = line;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/**
 * TOML: a "run" is the text since the last `{`, `,`, `[` or line start; one that ends at `=` is a key
 * (its parts are the dots outside quotes, plus one), one that ends at a line-start `]` a table header.
 * `depths` holds the depth of each open inline table or list, the header's parts at its bottom.
 */
function tomlShape(text: string): ShapeProblem | null {
  const depths: number[] = [0];
  let line = 1;
  let runStart = 0;
  let runDots = 0;
  let header: 'none' | 'table' | 'array' = 'none';
  /** Depth of the key whose value starts next (an inline table or list there opens at its depth). */
  let valueDepth: number | null = null;
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      const end = stringEnd(text, i, true);
      line = countLines(text, i, end, line);
      i = end - 1;
      lineStart = false;
      valueDepth = null;
      continue;
    }
    if (ch === '#') {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
      continue;
    }
    if (ch === '\n') {
      line++;
      lineStart = true;
      runStart = i + 1;
      runDots = 0;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') continue;
    const top = depths[depths.length - 1]!;
    if (ch === '[' && lineStart && depths.length === 1) {
      header = text[i + 1] === '[' ? 'array' : 'table';
      if (header === 'array') i++;
      runStart = i + 1;
      runDots = 0;
    } else if (ch === ']' && header !== 'none') {
      depths[0] = runDots + 1 + (header === 'array' ? 1 : 0);
      if (depths[0] > MAX_CONFIG_KEY_DEPTH) return tooDeep(line);
      if (trimmedLength(text, runStart, i) > MAX_CONFIG_KEY_CHARS) return tooLong(line);
      if (header === 'array' && text[i + 1] === ']') i++;
      header = 'none';
    } else if (ch === '=' && header === 'none') {
      valueDepth = top + runDots + 1;
      if (valueDepth > MAX_CONFIG_KEY_DEPTH) return tooDeep(line);
      if (trimmedLength(text, runStart, i) > MAX_CONFIG_KEY_CHARS) return tooLong(line);
      lineStart = false;
      continue; // the value starts after this
    } else if (ch === '{' || ch === '[') {
      // An inline table or list is at its key's depth; one inside a list is an item, one deeper.
      const depth = valueDepth ?? top + 1;
      if (depth > MAX_CONFIG_KEY_DEPTH) return tooDeep(line);
      depths.push(depth);
      runStart = i + 1;
      runDots = 0;
    } else if ((ch === '}' || ch === ']') && depths.length > 1) {
      depths.pop();
    } else if (ch === ',') {
      runStart = i + 1;
      runDots = 0;
    } else if (ch === '.') {
      runDots++;
    }
    valueDepth = null;
    lineStart = false;
  }
  return null;
}

/** JSON: the nesting of objects and lists, and every object key's length. */
function jsonShape(text: string): ShapeProblem | null {
  let depth = 0;
  let line = 1;
  let lastStringChars = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') {
      const end = stringEnd(text, i, false);
      lastStringChars = end - i;
      line = countLines(text, i, end, line);
      i = end - 1;
      continue;
    }
    if (ch === '\n') line++;
    else if (ch === '{' || ch === '[') {
      if (++depth > MAX_CONFIG_KEY_DEPTH) return tooDeep(line);
    } else if (ch === '}' || ch === ']') depth--;
    else if (ch === ':' && lastStringChars > MAX_CONFIG_KEY_CHARS) return tooLong(line);
    if (ch !== ' ' && ch !== '\t' && ch !== '\r' && ch !== '\n') lastStringChars = -1;
  }
  return null;
}
