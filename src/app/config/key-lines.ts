// Where each key of a TOML text was written, so a problem found after parsing (a bad value, a refused
// key) can name its line. It only points: the values come from the parser (toml.ts), never from here.

/** Splits `a."b c".'d'` into its parts; null when it is not a key path. */
export function keyPathParts(text: string): string[] | null {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > 0) {
    let part: string;
    const quote = rest[0];
    if (quote === '"' || quote === "'") {
      let end = 1;
      while (end < rest.length && rest[end] !== quote) end += quote === '"' && rest[end] === '\\' ? 2 : 1;
      if (end >= rest.length) return null;
      part = quote === '"' ? unescapeBasic(rest.slice(1, end)) : rest.slice(1, end);
      rest = rest.slice(end + 1).trim();
    } else {
      const bare = /^[A-Za-z0-9_-]+/.exec(rest);
      if (!bare) return null;
      part = bare[0];
      rest = rest.slice(part.length).trim();
    }
    parts.push(part);
    if (rest.startsWith('.')) rest = rest.slice(1).trim();
    else if (rest.length > 0) return null;
  }
  return parts.length > 0 ? parts : null;
}

function unescapeBasic(text: string): string {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}

/** The key part of `key = value` (up to the first `=` outside quotes); null when the line has none. */
function keyBeforeEquals(line: string): string | null {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === '\\' && quote === '"') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '=') return line.slice(0, i);
    else if (ch === '#') return null;
  }
  return null;
}

/** Lines inside a multi-line string look like keys but are not: track whether one is open. */
function togglesMultiline(line: string, open: string | null): string | null {
  let state = open;
  for (let i = 0; i < line.length; i++) {
    const three = line.slice(i, i + 3);
    if (state === null && (three === '"""' || three === "'''")) {
      state = three;
      i += 2;
    } else if (state !== null && three === state) {
      state = null;
      i += 2;
    }
  }
  return state;
}

export interface KeyLines {
  /** 1-based line of every table header and `key =` by dotted path (the first one, when written twice). */
  lineOf: Map<string, number>;
  /** The dotted key written on each line. */
  keyOn: Map<number, string>;
}

export function keyLines(text: string): KeyLines {
  const lineOf = new Map<string, number>();
  const keyOn = new Map<number, string>();
  const set = (path: readonly string[], line: number): void => {
    // `a.b.c = 1` also writes tables a and a.b: a problem with either points here when not written before.
    for (let i = 1; i <= path.length; i++) {
      const prefix = path.slice(0, i).join('.');
      if (!lineOf.has(prefix)) lineOf.set(prefix, line);
    }
    keyOn.set(line, path.join('.'));
  };
  let table: string[] = [];
  let multiline: string | null = null;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const inString = multiline !== null;
    multiline = togglesMultiline(raw, multiline);
    if (inString || line === '' || line.startsWith('#')) return;
    const header = /^\[\[?([^\]]*)\]?\]/.exec(line);
    if (header) {
      const path = keyPathParts(header[1] ?? '');
      if (path) {
        table = path;
        set(table, index + 1);
      }
      return;
    }
    const key = keyBeforeEquals(line);
    const path = key === null ? null : keyPathParts(key);
    if (path) set([...table, ...path], index + 1);
  });
  return { lineOf, keyOn };
}
