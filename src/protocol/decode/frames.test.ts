import { describe, expect, it } from 'vitest';
import { DecodeError } from '../errors.js';
import { decodeInbound } from './inbound.js';
import { decodeOutbound } from './outbound.js';
import { INBOUND_EXAMPLES, OUTBOUND_EXAMPLES, type WireExample } from './wire-examples.js';
import { DELETE, fieldSites, replaceAt, wrongTypeReplacements } from './wire-mutations.js';
import { thrownBy } from '../thrown.fixtures.js';

type FrameDecoder = (text: string) => unknown;

/** The error thrown by `run`, which must be a DecodeError. */
const decodeErrorOf = (run: () => unknown): DecodeError => thrownBy(run, DecodeError);

/** True when `errorPath` lies at or below `path` (a replaced object reports its missing children). */
function within(errorPath: string, path: string): boolean {
  return errorPath === path || errorPath.startsWith(`${path}.`) || errorPath.startsWith(`${path}[`);
}

function checkExamples(direction: string, examples: WireExample[], decode: FrameDecoder): void {
  describe(`${direction} examples`, () => {
    for (const ex of examples) {
      const text = JSON.stringify(ex.value);

      it(`${ex.name}: valid example decodes to the expected object`, () => {
        const decoded = decode(text);
        expect(decoded).toEqual(ex.expected ?? ex.value);
        // Decoding the decoded value again changes nothing (normalisation is idempotent).
        expect(decode(JSON.stringify(decoded))).toEqual(decoded);
      });

      it(`${ex.name}: a field of the wrong type is rejected at its path`, () => {
        const sites = fieldSites(ex.value, (path) => ex.ignored?.includes(path) ?? false);
        expect(sites.length).toBeGreaterThan(0);
        for (const site of sites) {
          for (const bad of wrongTypeReplacements(site.value)) {
            const err = decodeErrorOf(() => decode(JSON.stringify(replaceAt(ex.value, site.segments, bad))));
            expect(within(err.path, site.path), `${site.path} := ${JSON.stringify(bad)} -> ${err.path}`).toBe(true);
            if (site.path !== 'mt') expect(err.shortMessage).toContain(`mt ${String(ex.value['mt'])}`);
          }
        }
      });

      it(`${ex.name}: a deleted or null field is either optional or rejected at its path`, () => {
        for (const site of fieldSites(ex.value)) {
          for (const bad of [DELETE, null]) {
            const mutated = JSON.stringify(replaceAt(ex.value, site.segments, bad));
            try {
              decode(mutated);
            } catch (e) {
              expect(e).toBeInstanceOf(DecodeError);
              expect((e as DecodeError).path, `${site.path} removed`).toBe(site.path);
            }
          }
        }
      });

      for (const key of ex.required) {
        it(`${ex.name}: missing required "${key}" is rejected naming it`, () => {
          const err = decodeErrorOf(() => decode(JSON.stringify(replaceAt(ex.value, [key], DELETE))));
          expect(err.path).toBe(key);
          expect(err.shortMessage).toContain(key);
        });
      }

      it(`${ex.name}: truncated JSON is rejected`, () => {
        for (let cut = 0; cut < text.length; cut += Math.max(1, Math.floor(text.length / 23))) {
          decodeErrorOf(() => decode(text.slice(0, cut)));
        }
      });
    }
  });
}

checkExamples('server', INBOUND_EXAMPLES, (t) => decodeInbound(t));
checkExamples('client', OUTBOUND_EXAMPLES, (t) => decodeOutbound(t));

describe('every message type is covered by an example', () => {
  it('no inbound or outbound mt lacks a valid example', () => {
    const inbound = new Set(INBOUND_EXAMPLES.map((e) => e.value['mt']));
    const outbound = new Set(OUTBOUND_EXAMPLES.map((e) => e.value['mt']));
    for (const mt of [2, 3, 6, 7, 8, 9, 10, 11, 12, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25, 26, 27, 28, 100]) {
      expect(inbound.has(mt), `mt ${mt}`).toBe(true);
    }
    for (const mt of [1, 5, 22, 29]) expect(outbound.has(mt), `mt ${mt}`).toBe(true);
  });
});

describe('dispatch on mt', () => {
  it('reserved, client-only and unknown mt values are refused by decodeInbound', () => {
    for (const mt of [0, 1, 4, 5, 13, 14, 22, 29, 30, 31, 99, 101, -1]) {
      const err = decodeErrorOf(() => decodeInbound(JSON.stringify({ mt, d: [] })));
      expect(err.path).toBe('mt');
      expect(err.shortMessage).toContain(String(mt));
    }
  });
  it('server-only mt values are refused by decodeOutbound', () => {
    for (const mt of [2, 3, 9, 19, 100, 4]) {
      expect(decodeErrorOf(() => decodeOutbound(JSON.stringify({ mt }))).path).toBe('mt');
    }
  });
  it('missing or non-integer mt is refused naming mt', () => {
    for (const frame of [{}, { mt: '9' }, { mt: 9.5 }, { mt: null }, { mt: [9] }]) {
      expect(decodeErrorOf(() => decodeInbound(JSON.stringify(frame))).path).toBe('mt');
    }
  });
  it('a JSON value that is not an object is refused', () => {
    for (const text of ['[]', '[{"mt":100,"sn":1,"h":1}]', '"x"', '1', 'null', 'true']) {
      expect(decodeErrorOf(() => decodeInbound(text)).path).toBe('');
    }
  });
  it('the error names the message type and the field', () => {
    const err = decodeErrorOf(() => decodeInbound('{"mt":15,"bid":[{"p":1.5,"s":1,"o":1}]}'));
    expect(err.shortMessage).toContain('mt 15 L2BookSnapshot');
    expect(err.shortMessage).toContain('bid[0].p');
    expect(err.path).toBe('bid[0].p');
  });
});

describe('wire quirks', () => {
  it('negative price in a book level is refused', () => {
    expect(decodeErrorOf(() => decodeInbound('{"mt":16,"ask":[{"p":-1,"s":1,"o":1}]}')).path).toBe('ask[0].p');
  });
  it('a price above 2^53 is refused rather than rounded', () => {
    const text = `{"mt":16,"bid":[{"p":${2 ** 53 + 2},"s":1,"o":1}]}`;
    expect(decodeErrorOf(() => decodeInbound(text)).path).toBe('bid[0].p');
  });
  it('funding as an array without a market id is refused naming m', () => {
    const err = decodeErrorOf(() => decodeInbound('{"mt":10,"d":[]}'));
    expect(err.path).toBe('m');
  });
  it('funding array keeps the newest interval, and its final (later) publication', () => {
    const ev = (feb: number, t: number) => ({ at: { b: feb, t }, feb, rate: 1, idx: 1, ppl: 0, sum: 0, div: 1 });
    const frame = decodeInbound(JSON.stringify({ mt: 10, m: 3, d: [ev(9, 100), ev(9, 200), ev(5, 50)] }));
    expect(frame).toEqual({ mt: 10, d: { '3': ev(9, 200) } });
    expect(decodeInbound(JSON.stringify({ mt: 10, m: 3, d: [] }))).toEqual({ mt: 10, d: {} });
  });
  it('a map keyed by something other than a market id is refused (no prototype pollution)', () => {
    const text = '{"mt":9,"d":{"__proto__":{"x":1}}}';
    expect(decodeErrorOf(() => decodeInbound(text)).path).toBe('d.__proto__');
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
  it('Amounts sent as JSON integers become canonical decimal strings', () => {
    const frame = decodeInbound('{"mt":28,"in":1,"id":2,"td":10,"tw":"007","tv":"-0","trp":-5,"wr":0,"tt":0}');
    expect(frame).toMatchObject({ td: '10', tw: '7', tv: '0', trp: '-5' });
  });
  it('an Amount with a fraction or exponent is refused', () => {
    for (const bad of ['"1.5"', '"1e6"', '1.5', '" 1"', '""', '"0x10"']) {
      const text = `{"mt":28,"in":1,"id":2,"td":${bad},"tw":"0","tv":"0","trp":"0","wr":0,"tt":0}`;
      expect(decodeErrorOf(() => decodeInbound(text)).path).toBe('td');
    }
  });
  it('heartbeat h is the head block, account update h is the event list', () => {
    expect(decodeErrorOf(() => decodeInbound('{"mt":100,"sn":1,"h":[]}')).path).toBe('h');
    const bad = '{"mt":21,"in":1,"id":1,"fr":false,"fw":true,"lfr":0,"b":"0","lb":"0","h":5}';
    expect(decodeErrorOf(() => decodeInbound(bad)).path).toBe('h');
  });
  it('gas price sent flat on the frame is accepted', () => {
    const gas = { at: { b: 1 }, h: 1, max: '3', p95: '2', p50: '2', min: '1', base: '1' };
    expect(decodeInbound(JSON.stringify({ mt: 7, ...gas }))).toEqual({ mt: 7, d: gas });
  });
  it('a negative mnp reaches the server so it can close 1011; a negative price does not', () => {
    const base = { mt: 22, sn: 1, rq: 1, mkt: 1, acc: 1, t: 1, s: 1, fl: 4, lv: 100, lb: 0 };
    expect(decodeOutbound(JSON.stringify({ ...base, mnp: -5 }))).toMatchObject({ mnp: -5 });
    expect(decodeErrorOf(() => decodeOutbound(JSON.stringify({ ...base, p: -5 }))).path).toBe('p');
  });
  it('an order without sn or t reads them as 0, like the live server', () => {
    const frame = decodeOutbound('{"mt":22,"rq":1,"mkt":1,"acc":1,"s":1,"fl":4,"lv":100,"lb":0}');
    expect(frame).toMatchObject({ sn: 0, t: 0 });
  });
  it('documented-batch-cancel-decodes: a cancel without s or p (the docs\' batch form) reads s, p as live does', () => {
    const frame = decodeOutbound('{"mt":22,"rq":1001,"mkt":1,"acc":7,"oid":4242,"t":5,"fl":0,"lv":0,"lb":0}');
    expect(frame).toMatchObject({ rq: 1001, oid: 4242, t: 5, s: 0, fl: 0, lv: 0, lb: 0 });
    expect(frame).not.toHaveProperty('p');
    expect(decodeOutbound('{"mt":22,"rq":1,"mkt":1,"acc":1,"t":5,"oid":3}')).toMatchObject({ s: 0, fl: 0, lv: 0, lb: 0 });
  });
  it('sign-in timestamp sent as a number is normalised to a string', () => {
    const text = '{"mt":29,"chain_id":143,"api_key":"k","timestamp":1791217110068,"nonce":"n","signature":"s"}';
    expect(decodeOutbound(text)).toMatchObject({ timestamp: '1791217110068' });
  });
  it('error messages never echo string contents (a token in the wrong field stays out of logs)', () => {
    const secret = 'SECRET-TOKEN-abc123';
    const text = JSON.stringify({ mt: 29, chain_id: secret, api_key: 'k', timestamp: '1', nonce: 'n', signature: 's' });
    const err = decodeErrorOf(() => decodeOutbound(text));
    expect(err.message).not.toContain(secret);
    const notJson = decodeErrorOf(() => decodeOutbound(`{"mt":29,"api_key":"${secret}"`));
    expect(notJson.message).not.toContain(secret);
    expect(String(notJson.cause ?? '')).not.toContain(secret);
  });
});
