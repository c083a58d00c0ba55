// The one NDJSON reader: a recording (`--record`, replay) and the order journal are files of one JSON
// value a line, appended as things happen, so the last line may be torn when the writer was killed.
// Each line is parsed and handed to `decode` (which may throw: a line that fails either way is reported,
// never thrown, with its 1-based number); blank lines are skipped. Imports no layer; every layer may import it.

export type NdjsonLine<T> =
  | { ok: true; line: number; raw: string; value: T }
  | {
      ok: false;
      line: number;
      raw: string;
      error: unknown;
      /** The text's last line, with no newline after it: a write cut short rather than a bad record. */
      torn: boolean;
    };

export interface Ndjson<T> {
  lines: NdjsonLine<T>[];
  /** The text ends without a newline (a line appended now would be glued to its last one). */
  unterminated: boolean;
}

/** Every non-blank line of `text`, parsed and decoded (see the file comment). */
export function readNdjson<T = unknown>(text: string, decode: (value: unknown) => T = (v) => v as T): Ndjson<T> {
  const rows = text.split('\n');
  const unterminated = text.length > 0 && !text.endsWith('\n');
  const lines: NdjsonLine<T>[] = [];
  for (let i = 0; i < rows.length; i++) {
    const raw = rows[i]!;
    if (raw.trim() === '') continue;
    try {
      lines.push({ ok: true, line: i + 1, raw, value: decode(JSON.parse(raw)) });
    } catch (error) {
      lines.push({ ok: false, line: i + 1, raw, error, torn: unterminated && i === rows.length - 1 });
    }
  }
  return { lines, unterminated };
}
