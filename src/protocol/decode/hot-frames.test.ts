import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DecodeError } from '../errors.js';
import { decodeHotFrame } from './hot-frames.js';
import { hotFrameCorpus } from './hot-frames-corpus.fixtures.js';
import { decodeInbound, decodeInboundGeneric } from './inbound.js';
import { INBOUND_EXAMPLES } from './wire-examples.js';

type Outcome = { frame: unknown } | { error: DecodeError };

function outcome(decode: () => unknown): Outcome {
  try {
    return { frame: decode() };
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    return { error: e };
  }
}

describe('one-pass reader of the hot market-data frames', () => {
  it('hot-path-agrees-with-the-generic-decoder-on-a-seeded-corpus-of-valid-and-mutated-frames', () => {
    const tally = { hot: 0, generic: 0, refused: 0 };
    const disagreements: string[] = [];
    for (const seed of [1, 2, 3]) {
      for (const text of hotFrameCorpus(seed, 2000)) {
        const generic = outcome(() => decodeInboundGeneric(text));
        const hot = decodeHotFrame(text);
        // Read in one pass: only a frame the generic decoder reads, and to the same value, key order included.
        if (hot !== null && !('frame' in generic && isDeepStrictEqual(hot, generic.frame) && JSON.stringify(hot) === JSON.stringify(generic.frame))) {
          disagreements.push(`one pass read ${text}`);
        }
        // What the session calls: the same frame, or the same refusal naming the same field.
        const both = outcome(() => decodeInbound(text));
        const same =
          'error' in generic
            ? 'error' in both && both.error.message === generic.error.message && both.error.path === generic.error.path
            : 'frame' in both && isDeepStrictEqual(both.frame, generic.frame);
        if (!same) disagreements.push(`decodeInbound differs on ${text}`);
        if ('error' in generic) tally.refused += 1;
        else if (hot !== null) tally.hot += 1;
        else tally.generic += 1;
      }
    }
    expect(disagreements).toEqual([]);
    // The corpus exercises all three outcomes, not one of them.
    expect(tally.hot).toBeGreaterThan(500);
    expect(tally.generic).toBeGreaterThan(500);
    expect(tally.refused).toBeGreaterThan(1500);
  });

  it('hot-path-takes-the-plain-book-trades-and-candle-examples', () => {
    const hot = INBOUND_EXAMPLES.filter((ex) => [11, 12, 15, 16, 17, 18].includes(ex.value['mt'] as number));
    expect(hot.length).toBeGreaterThanOrEqual(6);
    for (const ex of hot) expect(decodeHotFrame(JSON.stringify(ex.value)), ex.name).toStrictEqual(ex.expected ?? ex.value);
  });

  it('hot-path-sanitizes-bidi-and-c1-in-a-trade-txid', () => {
    // Raw U+202E and C1 CSI are valid inside a JSON string, so the one pass reads this frame itself.
    const text = '{"mt":18,"sid":1,"d":[{"at":{"b":1,"txid":"a\u202eb\u009b31m"},"p":5,"s":1,"sd":1}]}';
    const frame = decodeHotFrame(text);
    expect(frame?.mt).toBe(18);
    expect(decodeInbound(text)).toEqual({ mt: 18, sid: 1, d: [{ at: { b: 1, txid: 'a\\u202eb\\x9b31m' }, p: 5, s: 1, sd: 1 }] });
  });

  it('hot-path-leaves-unknown-fields-escapes-and-number-spellings-to-the-generic-decoder', () => {
    const declined = [
      '{"mt":16,"bid":[],"ask":[],"x":1}', // unknown field: the generic decoder drops it
      '{"mt":16,"bid":[{"p":1.0,"s":1,"o":1}]}', // 1.0 is the integer 1 to JSON.parse
      '{"mt":16,"sn":1,"sn":2}', // a repeated key: JSON.parse keeps the last
      '{"mt":16,"\\u0062id":[]}', // an escaped key
      '{ "mt":16}', // whitespace
      '{"sid":1,"mt":16}', // mt not first
      '{"mt":16,"bid":null}', // null for a side: an empty side to the generic decoder
    ];
    for (const text of declined) {
      expect(decodeHotFrame(text), text).toBeNull();
      expect(decodeInbound(text).mt, text).toBe(16);
    }
  });

  it('hot-path-never-takes-a-malformed-book-frame', () => {
    const malformed = ['{"mt":16,"bid":[{"p":01,"s":1,"o":1}]}', '{"mt":16,"bid":[{"p":1,"s":1}]}', '{"mt":16,"bid":[{"p":-1,"s":1,"o":1}]}', '{"mt":16,"bid":[],}', '{"mt":16}x', '{"mt":16,"bid":[{"p":1,"s":1,"o":1}'];
    for (const text of malformed) {
      expect(decodeHotFrame(text), text).toBeNull();
      expect(() => decodeInbound(text), text).toThrow(DecodeError);
    }
  });
});
