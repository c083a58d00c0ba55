// Property: whatever characters a path or query holds, the target the client signs is byte for byte
// the request-target the server receives (minus /api), so percent-encoding can never break a signature.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN_ID, PUBLIC_KEY, makeClient } from './fixtures.js';
import { TestServer, serverAcceptsSignature } from './test-server.js';

const server = new TestServer();
let baseUrl = '';
beforeAll(async () => {
  baseUrl = await server.start();
});
afterAll(() => server.stop());

const segment = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).filter((s) => !/[/?#\\]/.test(s) && s !== '.' && s !== '..');
const queryPair = fc.tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 16 }));

describe('request-target property', () => {
  it('signed-target-equals-received-target-for-any-path-and-query', async () => {
    const { client } = makeClient(baseUrl);
    await fc.assert(
      fc.asyncProperty(segment, fc.array(queryPair, { maxLength: 4 }), async (seg, pairs) => {
        server.reset(() => ({ status: 200, body: {} }));
        const prepared = client.prepare('GET', `/v1/x/${seg}`, { query: pairs, signed: true });
        await client.request('GET', `/v1/x/${seg}`, { query: pairs, signed: true, decode: (v) => v });
        const received = server.requests[0]!;
        expect(received.rawUrl).toBe(`/api${prepared.target}`);
        expect(serverAcceptsSignature(received, CHAIN_ID, PUBLIC_KEY)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
