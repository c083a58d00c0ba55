import { describe, expect, it } from 'vitest';
import { DecodeError } from '../errors.js';
import { decodeInbound } from './inbound.js';
import { DEFAULT_MAX_FRAME_BYTES, parseJson } from './json.js';
import { thrownBy } from '../thrown.fixtures.js';

const heartbeat = '{"mt":100,"sn":7,"h":7}';

const rejects = (run: () => unknown): DecodeError => thrownBy(run, DecodeError);

describe('raw input guard', () => {
  it('a binary frame holding UTF-8 JSON decodes like text', () => {
    expect(decodeInbound(Buffer.from(heartbeat, 'utf8'))).toEqual({ mt: 100, sn: 7, h: 7 });
    expect(decodeInbound(new TextEncoder().encode(heartbeat))).toEqual({ mt: 100, sn: 7, h: 7 });
  });
  it('an ArrayBuffer or a list of fragments (as ws delivers them) decodes like text', () => {
    const bytes = new TextEncoder().encode(heartbeat);
    expect(decodeInbound(bytes.buffer.slice(0))).toEqual({ mt: 100, sn: 7, h: 7 });
    expect(decodeInbound([Buffer.from(heartbeat.slice(0, 5)), Buffer.from(heartbeat.slice(5))])).toEqual({ mt: 100, sn: 7, h: 7 });
    rejects(() => decodeInbound([Buffer.from(heartbeat), Buffer.from(heartbeat)], { maxBytes: heartbeat.length + 1 }));
  });
  it('binary garbage that is not UTF-8 is refused', () => {
    for (const bytes of [[0xff, 0xfe, 0xfd], [0x7b, 0xc3, 0x28, 0x7d], [0x80]]) {
      expect(rejects(() => decodeInbound(Buffer.from(bytes))).shortMessage).toContain('UTF-8');
    }
  });
  it('non-JSON and empty text are refused', () => {
    for (const text of ['hello', '', '   ', '{mt:100}', "{'mt':100}", '{"mt":100,}', 'NaN', '{"mt":100}{"mt":100}']) {
      rejects(() => decodeInbound(text));
    }
  });
  it('input over the default 1 MiB limit is refused before parsing', () => {
    const big = `{"mt":18,"d":[],"pad":"${'x'.repeat(DEFAULT_MAX_FRAME_BYTES)}"}`;
    expect(rejects(() => decodeInbound(big)).shortMessage).toContain('too large');
    expect(rejects(() => decodeInbound(Buffer.from(big))).shortMessage).toContain('too large');
  });
  it('the limit is configurable and counts UTF-8 bytes, not UTF-16 units', () => {
    expect(decodeInbound(heartbeat, { maxBytes: heartbeat.length })).toEqual({ mt: 100, sn: 7, h: 7 });
    rejects(() => decodeInbound(heartbeat, { maxBytes: heartbeat.length - 1 }));
    // 4 x "é" is 4 UTF-16 units but 8 UTF-8 bytes.
    const text = '"éééé"';
    expect(parseJson(text, { maxBytes: 10 })).toBe('éééé');
    rejects(() => parseJson(text, { maxBytes: 9 }));
  });
});
