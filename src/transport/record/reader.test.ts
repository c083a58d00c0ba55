import { describe, expect, it } from 'vitest';
import { parseRecording } from './reader.js';

const HOSTILE = 'x\u001b]0;PWNED\u0007\u001b]52;c;ZXZpbA==\u0007\u009b2J\u202e';
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

describe('reading a recording', () => {
  it('recording-text-is-inert: journal lines, close reasons, frames and the header come back sanitized', () => {
    const rows = [
      { recording: 1, network: `local${HOSTILE}`, chainId: 1, startedAt: 0, markets: [HOSTILE] },
      { t: 1, at: 1, journal: { timeMs: 1, kind: 'ack', requestKey: HOSTILE, rq: 1, text: `order ${HOSTILE}` } },
      { t: 2, at: 2, ch: 'trading', event: 'close', code: 3401, reason: HOSTILE },
      { t: 3, at: 3, dir: 'in', ch: 'md', frame: { mt: 6, subs: [{ stream: HOSTILE, status: { code: 1, error: HOSTILE } }] } },
      { t: 4, at: 4, [HOSTILE]: HOSTILE },
    ];
    const rec = parseRecording(rows.map((r) => JSON.stringify(r)).join('\n'));
    const all = JSON.stringify(rec, (_k, v: unknown) => v);
    // Serialized, a raw control would show as \u00XX; a raw C1 or bidi control as itself.
    expect(all).not.toMatch(/\\u00[01][0-9a-f]|[\u007f-\u009f\u202a-\u202e]/);
    const strings: string[] = [];
    JSON.stringify(rec, (k, v: unknown) => (strings.push(k), typeof v === 'string' && strings.push(v), v));
    for (const s of strings) expect(s).not.toMatch(UNSAFE);
    expect(rec.header.network).toBe('localx\\x1b]0;PWNED\\x07\\x1b]52;c;ZXZpbA==\\x07\\x9b2J\\u202e');
    expect(rec.lines).toHaveLength(4);
  });

  it('a line nested too deep to walk is skipped, not a crash', () => {
    const deep = `{"t":1,"at":1,"dir":"in","ch":"md","frame":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const rec = parseRecording(`${JSON.stringify({ recording: 1, network: 'local', chainId: 1, startedAt: 0 })}\n${deep}`);
    expect(rec.skipped).toBe(1);
  });
});
