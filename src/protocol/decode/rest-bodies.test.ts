import { describe, expect, it } from 'vitest';
import { DecodeError } from '../errors.js';
import { decodeApiKeyEnrollRequest, decodeApiKeyInfo, decodeApiKeyPayloadRequest, decodeApiKeyPayloadResponse } from './api-key-bodies.js';
import { MAX_CONTEXT_MARKETS, decodeContext } from './context.js';
import type { Decoder } from './kit.js';
import {
  decodeAllFundingHistoryResponse,
  decodeAnnouncementsResponse,
  decodeBookResponse,
  decodeCandlesResponse,
  decodeFillsPage,
  decodeFundingHistoryResponse,
  decodeHistoryPage,
  decodeOrdersResponse,
  decodePositionsResponse,
  decodeRefCode,
  decodeTickerResponse,
  decodeWalletSnapshot,
} from './rest-bodies.js';
import { API_KEY_INFO_EXAMPLE, CONTEXT_EXAMPLE, REST_EXAMPLES } from './wire-examples.js';
import { fieldSites, replaceAt, wrongTypeReplacements } from './wire-mutations.js';
import { decodeOrder } from './trading-records.js';
import { thrownBy } from '../thrown.fixtures.js';

const decodeErrorOf = (run: () => unknown): DecodeError => thrownBy(run, DecodeError);

/** Body name -> its decoder and the paths whose contents are opaque (kept verbatim, any type). */
const CASES: { name: keyof typeof REST_EXAMPLES; decode: Decoder<unknown>; opaque?: RegExp }[] = [
  { name: 'context', decode: decodeContext },
  { name: 'fillsPage', decode: decodeFillsPage },
  { name: 'candles', decode: decodeCandlesResponse },
  { name: 'funding', decode: decodeFundingHistoryResponse },
  { name: 'book', decode: decodeBookResponse },
  { name: 'ticker', decode: decodeTickerResponse },
  { name: 'announcements', decode: decodeAnnouncementsResponse },
  { name: 'refCode', decode: decodeRefCode },
  { name: 'apiKeyInfo', decode: decodeApiKeyInfo },
  { name: 'payloadResponse', decode: decodeApiKeyPayloadResponse, opaque: /^typed_data\.(domain|message)\./ },
  { name: 'payloadRequest', decode: decodeApiKeyPayloadRequest },
  { name: 'enrollRequest', decode: decodeApiKeyEnrollRequest, opaque: /^typed_data\.(domain|message)\./ },
];

describe('REST bodies', () => {
  for (const { name, decode, opaque } of CASES) {
    const example: unknown = REST_EXAMPLES[name];
    it(`${name}: valid example decodes to an equal fresh object`, () => {
      const decoded = decode(example);
      expect(decoded).toEqual(example);
      expect(decoded).not.toBe(example);
    });
    it(`${name}: a field of the wrong type is rejected at its path`, () => {
      for (const site of fieldSites(example, (p) => opaque?.test(p) ?? false)) {
        for (const bad of wrongTypeReplacements(site.value)) {
          const err = decodeErrorOf(() => decode(replaceAt(example, site.segments, bad)));
          const ok = err.path === site.path || err.path.startsWith(`${site.path}.`) || err.path.startsWith(`${site.path}[`);
          expect(ok, `${name} ${site.path} := ${JSON.stringify(bad)} -> ${err.path}`).toBe(true);
        }
      }
    });
  }

  it('context accepts min_account_open_amount as a number and normalises it to a string', () => {
    const instances = CONTEXT_EXAMPLE['instances'] as Record<string, unknown>[];
    const ctx = decodeContext({ ...CONTEXT_EXAMPLE, instances: [{ ...instances[0], min_account_open_amount: 10000000 }] });
    expect(ctx.instances[0]?.min_account_open_amount).toBe('10000000');
  });
  it('context drops undocumented top-level keys rather than failing on them', () => {
    const ctx = decodeContext({ ...CONTEXT_EXAMPLE, features: { apiKeysEnabled: 'on' }, geo_block: ['US'] });
    expect(Object.keys(ctx).sort()).toEqual(['chain', 'instances', 'markets', 'tokens']);
  });
  it('context missing markets is refused naming markets', () => {
    const { markets: _m, ...rest } = CONTEXT_EXAMPLE;
    expect(decodeErrorOf(() => decodeContext(rest)).path).toBe('markets');
  });
  it('history page: an empty np means the last page', () => {
    expect(decodeHistoryPage({ d: [], np: '' }, decodeOrder)).toEqual({ d: [] });
    expect(decodeHistoryPage({ d: [] }, decodeOrder)).toEqual({ d: [] });
  });
  it('history page: a bad item is reported with its index', () => {
    const err = decodeErrorOf(() => decodeFillsPage({ d: [REST_EXAMPLES.fillsPage.d[0], { mkt: 1 }] }));
    expect(err.path.startsWith('d[1].')).toBe(true);
  });
  it('api key info is accepted bare and wrapped in {"api_key": ...}', () => {
    expect(decodeApiKeyInfo({ api_key: API_KEY_INFO_EXAMPLE })).toEqual(API_KEY_INFO_EXAMPLE);
    expect(decodeApiKeyInfo(API_KEY_INFO_EXAMPLE)).toEqual(API_KEY_INFO_EXAMPLE);
    expect(decodeErrorOf(() => decodeApiKeyInfo({ api_key: { scope_mask: 3 } })).path).toBe('api_key.api_key');
  });
  it('typed data keeps hex chainId/time strings verbatim for hashing as integers later', () => {
    const r = decodeApiKeyPayloadResponse(REST_EXAMPLES.payloadResponse);
    expect(r.typed_data.domain['chainId']).toBe('0x8f');
    expect(r.typed_data.message['time']).toBe('0x1a0ced1983c');
  });
  it('book and ticker without mt still decode (mt defaults), a wrong mt does not', () => {
    expect(decodeBookResponse({ sn: 1 })).toEqual({ mt: 15, sn: 1, bid: [], ask: [] });
    expect(decodeErrorOf(() => decodeTickerResponse({ mt: 10, sn: 1, d: {} })).path).toBe('mt');
  });
  it('wallet, orders and positions REST bodies decode with or without mt', () => {
    const w = decodeWalletSnapshot(REST_EXAMPLES.wallet);
    expect(w.mt).toBe(19);
    expect(w.sn).toBe(68447054);
    expect(decodeOrdersResponse({ sn: 5, d: [] })).toEqual({ mt: 23, sn: 5, d: [] });
    expect(decodePositionsResponse({ mt: 26, sn: 5, d: [] })).toEqual({ mt: 26, sn: 5, d: [] });
    expect(decodeErrorOf(() => decodeWalletSnapshot({ sn: 1, addr: '0x', as: [] })).path).toBe('sts');
  });
  it('all-markets funding history is a map of event lists by market id', () => {
    const ev = REST_EXAMPLES.funding.d[0];
    expect(decodeAllFundingHistoryResponse({ mt: 13, d: { '16': [ev] } })).toEqual({ mt: 13, d: { '16': [ev] } });
    expect(decodeErrorOf(() => decodeAllFundingHistoryResponse({ d: { BTC: [] } })).path).toBe('d.BTC');
  });
  it('enroll request without typed_data is refused naming it', () => {
    const { typed_data: _t, ...rest } = REST_EXAMPLES.enrollRequest;
    expect(decodeErrorOf(() => decodeApiKeyEnrollRequest(rest)).path).toBe('typed_data');
  });
});

describe('context size', () => {
  it('context-100k-markets-took-1.2-gb: the first 256 markets are decoded, the rest dropped unread and counted', () => {
    const market = (CONTEXT_EXAMPLE.markets as unknown[])[0];
    // The same object 100,000 times: cheap to build, and each copy would have been decoded and kept.
    const huge = { ...CONTEXT_EXAMPLE, markets: Array.from({ length: 100_000 }, (_, i) => (i === 99_999 ? { broken: true } : market)) };
    const started = performance.now();
    const decoded = decodeContext(huge);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(decoded.markets).toHaveLength(MAX_CONTEXT_MARKETS);
    expect(decoded.droppedMarkets).toBe(100_000 - MAX_CONTEXT_MARKETS);
    // At the cap nothing is dropped, and the count is absent.
    const full = decodeContext({ ...CONTEXT_EXAMPLE, markets: Array.from({ length: MAX_CONTEXT_MARKETS }, () => market) });
    expect(full.markets).toHaveLength(MAX_CONTEXT_MARKETS);
    expect('droppedMarkets' in full).toBe(false);
  });
});
