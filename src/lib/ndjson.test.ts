import { describe, expect, it } from 'vitest';
import { readNdjson } from './ndjson.js';

describe('the one ndjson reader', () => {
  it('lines-numbered-blank-skipped: each line is parsed with its 1-based number; blank lines are passed over', () => {
    const { lines, unterminated } = readNdjson('{"a":1}\n\n  \n[2]\n');
    expect(unterminated).toBe(false);
    expect(lines).toEqual([
      { ok: true, line: 1, raw: '{"a":1}', value: { a: 1 } },
      { ok: true, line: 4, raw: '[2]', value: [2] },
    ]);
  });

  it('torn-tail-apart-from-corrupt: a bad line mid-file is corrupt, the unterminated last one torn, and reading goes on past both', () => {
    const { lines, unterminated } = readNdjson('{"a":1}\nnot json\n{"b":2}\n{"c":');
    expect(unterminated).toBe(true);
    expect(lines.map((l) => (l.ok ? 'ok' : l.torn ? 'torn' : 'corrupt'))).toEqual(['ok', 'corrupt', 'ok', 'torn']);
    expect(lines[1]).toMatchObject({ ok: false, line: 2, raw: 'not json' });
    expect(lines[3]).toMatchObject({ ok: false, line: 4, raw: '{"c":' });
  });

  it('decode-failures-reported-not-thrown: what the decoder refuses is reported with its error', () => {
    const refuse = (v: unknown): number => {
      if (typeof v !== 'number') throw new TypeError('not a number');
      return v;
    };
    const { lines } = readNdjson('1\n"x"\n3\n', refuse);
    expect(lines.map((l) => (l.ok ? l.value : (l.error as Error).message))).toEqual([1, 'not a number', 3]);
    expect(lines[1]).toMatchObject({ torn: false });
  });

  it('empty-text: nothing read, and an empty file is not unterminated', () => {
    expect(readNdjson('')).toEqual({ lines: [], unterminated: false });
  });
});
