// signed-requests-never-follow-redirects: an https exchange address could answer a signed enrollment (or
// doctor's signed probe) with a 307 to a plain-http remote host: following it would resend the wallet's
// signature, or the key's signed headers, past the --insecure check. Here a loopback server answers 307
// to a second one that records every request; the recorder must see nothing from our clients, and the
// refusal must say it was a redirect.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedFromHex } from '../../src/auth/ed25519.js';
import { postJson } from '../../src/auth/enroll-http.js';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { probeRest, probeSignedRest } from '../../src/cli/doctor/probes.js';
import type { Network } from '../../src/protocol/networks.js';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

function listen(handler: (req: IncomingMessage, body: string, res: import('node:http').ServerResponse) => void): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, Buffer.concat(chunks).toString(), res));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const a = server.address();
    resolve({ server, base: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` });
  }));
}

let recorder: { server: Server; base: string };
let redirector: { server: Server; base: string };
let recorded: Recorded[] = [];

beforeAll(async () => {
  recorder = await listen((req, body, res) => {
    recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  redirector = await listen((req, _body, res) => {
    res.writeHead(307, { location: `${recorder.base}${req.url ?? '/'}` });
    res.end();
  });
});
afterAll(async () => {
  for (const s of [recorder.server, redirector.server]) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
});
beforeEach(() => {
  recorded = [];
});

const network = (): Network => ({ name: 'custom', chainId: 10143, restBase: `${redirector.base}/api`, wsBase: redirector.base, appUrl: redirector.base, isMainnet: false });

describe('no redirect is followed', () => {
  it('the recorder records: a request sent to it directly is seen (so an empty record means nothing arrived)', async () => {
    await postJson(`${recorder.base}/api/v1/api-key/enroll`, { signature: '0xsentinel' });
    expect(recorded.map((r) => r.body)).toEqual(['{"signature":"0xsentinel"}']);
  });

  it('enrollment-post-refuses-redirect: a 307 on /v1/api-key/enroll is refused, the signed body never reaches its target', async () => {
    const sent = postJson(`${redirector.base}/api/v1/api-key/enroll`, { signature: '0xwallet-signature' });
    await expect(sent).rejects.toThrow(/answered a redirect \(307 to http:\/\/127\.0\.0\.1:\d+\/api\/v1\/api-key\/enroll\): refused, nothing was sent there/);
    expect(recorded).toEqual([]);
  });

  it('doctor-probes-refuse-redirect: the public and the signed probe report the redirect, the signed headers never reach its target', async () => {
    const signer = new ApiKeySigner({ apiKey: 'tok_probe', seed: seedFromHex('2a'.repeat(32)) }, 10143);
    const open = await probeRest(network(), 5_000);
    expect(open).toMatchObject({ ok: false, error: expect.stringMatching(/answered a redirect \(307 to http:\/\/127\.0\.0\.1:\d+\/api\/v1\/pub\/context\): not followed/) });
    const signed = await probeSignedRest(network(), signer, 5_000);
    expect(signed).toMatchObject({ ok: false, error: expect.stringMatching(/answered a redirect \(307 to .*\/api\/v1\/trading\/fills\?count=1\): not followed/) });
    expect(recorded).toEqual([]);
  });
});
