// Every string a decoder hands on is inert: whatever field of whatever frame or body a hostile server
// fills with escape sequences, the decoded value holds no control or bidi character (they come out as
// visible escapes), and display names are capped. Only the EIP-712 typed data is kept verbatim (it is
// signed as served); what prints it sanitizes it (auth/enroll-summary.ts, terminalSafeJson).

import { describe, expect, it } from 'vitest';
import { decodeApiKeyInfo, decodeApiKeyPayloadResponse } from './api-key-bodies.js';
import { MAX_NAME_CHARS, MAX_SYMBOL_CHARS, decodeContext } from './context.js';
import { decodeInbound } from './inbound.js';
import { marketMap, nonNegInt, str, type Decoder } from './kit.js';
import { decodeAnnouncementsResponse, decodeFillsPage } from './rest-bodies.js';
import { CONTEXT_EXAMPLE, INBOUND_EXAMPLES, REST_EXAMPLES } from './wire-examples.js';
import { fieldSites, replaceAt } from './wire-mutations.js';
import { DecodeError } from '../errors.js';

const HOSTILE = 'X\u001b]0;PWNED\u0007\u001b]2;PWNED\u001b\\\u001b]52;c;ZXZpbA==\u0007\u001b[2J\u001b[H\u009b31m\u007f\u202eevil\u2066\u200f';
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

/** Every string in a decoded value, keys included. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  }
  return out;
}

describe('decoded strings are inert', () => {
  it('str-sanitizes: a hostile string decodes to visible escapes, capped', () => {
    expect(str(HOSTILE, 'x')).not.toMatch(UNSAFE);
    expect(str(HOSTILE, 'x')).toContain('X\\x1b]0;PWNED\\x07');
    expect(str('y'.repeat(10_000), 'x').length).toBeLessThanOrEqual(1024);
    expect(str('BTC Perp', 'x')).toBe('BTC Perp');
  });

  it('market-symbol-and-name-are-inert: the context with escape sequences in symbol and name decodes them visible and short', () => {
    const markets = CONTEXT_EXAMPLE['markets'] as Record<string, unknown>[];
    const tokens = CONTEXT_EXAMPLE['tokens'] as Record<string, unknown>[];
    const ctx = decodeContext({
      ...CONTEXT_EXAMPLE,
      markets: [{ ...markets[0], symbol: `BTC${HOSTILE}`, name: `${HOSTILE}${'n'.repeat(500)}`, size_units: HOSTILE }],
      tokens: [{ ...tokens[0], symbol: HOSTILE, name: HOSTILE }],
    });
    const m = ctx.markets[0]!;
    for (const s of [m.symbol, m.name, m.size_units, ctx.tokens[0]!.symbol, ctx.tokens[0]!.name]) expect(s).not.toMatch(UNSAFE);
    expect(m.symbol.startsWith('BTCX\\x1b]0;')).toBe(true);
    expect(m.symbol.length).toBeLessThanOrEqual(MAX_SYMBOL_CHARS);
    expect(m.name.length).toBeLessThanOrEqual(MAX_NAME_CHARS);
  });

  it('every-string-field-of-every-frame-and-body-is-inert: hostile text in any string field never survives decoding', () => {
    const cases: { name: string; value: unknown; decode: Decoder<unknown>; opaque?: RegExp }[] = [
      ...INBOUND_EXAMPLES.map((ex) => ({ name: ex.name, value: ex.value, decode: (v: unknown) => decodeInbound(JSON.stringify(v)) })),
      { name: 'context', value: REST_EXAMPLES.context, decode: decodeContext },
      { name: 'fills page', value: REST_EXAMPLES.fillsPage, decode: decodeFillsPage },
      { name: 'announcements', value: REST_EXAMPLES.announcements, decode: decodeAnnouncementsResponse },
      { name: 'api key info', value: REST_EXAMPLES.apiKeyInfo, decode: decodeApiKeyInfo },
      { name: 'payload response', value: REST_EXAMPLES.payloadResponse, decode: decodeApiKeyPayloadResponse, opaque: /^typed_data\.(domain|message)/ },
    ];
    let planted = 0;
    const leaks: string[] = [];
    for (const c of cases) {
      for (const site of fieldSites(c.value, (p) => c.opaque?.test(p) ?? false)) {
        if (typeof site.value !== 'string') continue;
        let decoded: unknown;
        try {
          decoded = c.decode(replaceAt(c.value, site.segments, HOSTILE));
        } catch (e) {
          if (e instanceof DecodeError) continue; // a string with a format (an amount): refused, fine
          throw e;
        }
        planted += 1;
        if (strings(decoded).some((s) => UNSAFE.test(s))) leaks.push(`${c.name}: ${site.path}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(planted).toBeGreaterThan(10);
  });

  it('a refused map key reaches the error path inert', () => {
    let error: unknown;
    try {
      marketMap(nonNegInt)({ [HOSTILE]: 1 }, 'd');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).path).not.toMatch(UNSAFE);
    expect((error as DecodeError).message).not.toMatch(UNSAFE);
  });
});
