// Fuzzing the frame decoders: whatever arrives, they return a frame of a known mt or throw a DecodeError,
// never another exception (a TypeError here would crash a socket handler). Runs are bounded (~seconds).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecodeError } from '../../src/protocol/errors.js';
import { INBOUND_MESSAGE_TYPES, decodeInbound } from '../../src/protocol/decode/inbound.js';
import { OUTBOUND_MESSAGE_TYPES, decodeOutbound } from '../../src/protocol/decode/outbound.js';
import { INBOUND_EXAMPLES, OUTBOUND_EXAMPLES } from '../../src/protocol/decode/wire-examples.js';
import { DELETE, fieldSites, replaceAt } from '../../src/protocol/decode/wire-mutations.js';

type Decode = (input: string | Uint8Array) => { mt: number };

const SIDES: { name: string; decode: Decode; known: readonly number[]; seeds: Record<string, unknown>[] }[] = [
  { name: 'decodeInbound', decode: decodeInbound, known: INBOUND_MESSAGE_TYPES, seeds: INBOUND_EXAMPLES.map((e) => e.value) },
  { name: 'decodeOutbound', decode: decodeOutbound, known: OUTBOUND_MESSAGE_TYPES, seeds: OUTBOUND_EXAMPLES.map((e) => e.value) },
];

let decodedCount = 0;
let rejectedCount = 0;

/** The decoder's contract on one input: a known frame that re-decodes to itself, or a DecodeError. */
function checkContract(decode: Decode, known: readonly number[], input: string | Uint8Array): void {
  let frame: { mt: number };
  try {
    frame = decode(input);
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    expect(typeof e.path).toBe('string');
    rejectedCount++;
    return;
  }
  expect(known).toContain(frame.mt);
  // What the decoder returns is itself a valid frame: decoding it again changes nothing.
  expect(decode(JSON.stringify(frame))).toEqual(frame);
  decodedCount++;
}

const jsonValue = fc.jsonValue({ maxDepth: 4 });

describe.each(SIDES)('$name fuzz', ({ decode, known, seeds }) => {
  it('random JSON values never escape as anything but a DecodeError', () => {
    fc.assert(
      fc.property(jsonValue, (v) => checkContract(decode, known, JSON.stringify(v))),
      { numRuns: 600 },
    );
  });

  it('objects with a known mt and random fields never escape as anything but a DecodeError', () => {
    const frameLike = fc
      .tuple(fc.constantFrom(...known), fc.dictionary(fc.string({ maxLength: 4 }), jsonValue, { maxKeys: 8 }))
      .map(([mt, rest]) => ({ ...rest, mt }));
    fc.assert(
      fc.property(frameLike, (v) => checkContract(decode, known, JSON.stringify(v))),
      { numRuns: 600 },
    );
  });

  it('valid frames with one field replaced or deleted stay within the contract', () => {
    const mutated = fc
      .constantFrom(...seeds)
      .chain((seed) =>
        fc.tuple(fc.constant(seed), fc.constantFrom(...fieldSites(seed)), fc.oneof(jsonValue, fc.constant(DELETE))),
      )
      .map(([seed, site, replacement]) => replaceAt(seed, site.segments, replacement));
    fc.assert(
      fc.property(mutated, (v) => checkContract(decode, known, JSON.stringify(v))),
      { numRuns: 900 },
    );
  });

  it('byte-level damage to valid frames (flips, cuts, insertions) stays within the contract', () => {
    const edit = fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.nat(2));
    const damaged = fc
      .tuple(fc.constantFrom(...seeds), fc.array(edit, { minLength: 1, maxLength: 4 }))
      .map(([seed, edits]) => {
        let bytes = Array.from(Buffer.from(JSON.stringify(seed), 'utf8'));
        for (const [pos, byte, kind] of edits) {
          const at = bytes.length === 0 ? 0 : pos % bytes.length;
          if (kind === 0) bytes[at] = byte;
          else if (kind === 1) bytes = bytes.slice(0, at);
          else bytes.splice(at, 0, byte);
        }
        return Uint8Array.from(bytes);
      });
    fc.assert(
      fc.property(damaged, (bytes) => {
        checkContract(decode, known, bytes);
        checkContract(decode, known, Buffer.from(bytes).toString('latin1'));
      }),
      { numRuns: 900 },
    );
  });

  it('random bytes never escape as anything but a DecodeError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => checkContract(decode, known, bytes)),
      { numRuns: 400 },
    );
  });

  it('deeply nested input is refused, not a stack overflow', () => {
    const depth = 100_000;
    checkContract(decode, known, `{"mt":${known[0]},"d":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    const nestedEvents = `${'{"e":['.repeat(depth)}1${']}'.repeat(depth)}`;
    checkContract(decode, known, `{"mt":27,"d":[${nestedEvents}]}`);
  });
});

describe('fuzz corpus sanity', () => {
  it('the fuzzer reached both outcomes (it is not only generating garbage)', () => {
    expect(decodedCount).toBeGreaterThan(0);
    expect(rejectedCount).toBeGreaterThan(0);
    console.log(`fuzz: ${decodedCount} inputs decoded, ${rejectedCount} rejected with DecodeError`);
  });
});
