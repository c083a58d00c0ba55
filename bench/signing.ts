// Benchmark of request signing and of one signed REST round trip on loopback.
// Prints one JSON line per measurement. Run: npx tsx bench/signing.ts

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { ServerClock } from '../src/auth/clock.js';
import { seedFromHex, signEd25519, verifyEd25519, publicKeyFromSeed } from '../src/auth/ed25519.js';
import { ApiKeySigner } from '../src/auth/signer.js';
import { resolveNetwork } from '../src/protocol/networks.js';
import { RestClient } from '../src/transport/rest/client.js';

ed.hashes.sha512 = sha512;

const SEED = seedFromHex('8f02c462db326e65344ae44e66db66c26b028123cc4efb9eb87b35adba9011bb');
const MESSAGE = '143\nGET\n/v1/trading/fills?count=100\n1791217110068\nAAECAwQFBgcICQoLDA0ODw\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const MESSAGE_BYTES = new TextEncoder().encode(MESSAGE);

function measure(bench: string, iterations: number, f: () => void): void {
  for (let i = 0; i < Math.min(200, iterations); i++) f();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) f();
  const us = Number(process.hrtime.bigint() - start) / 1000 / iterations;
  console.log(JSON.stringify({ bench, iterations, usPerOp: Number(us.toFixed(1)), opsPerSec: Math.round(1e6 / us) }));
}

async function measureAsync(bench: string, iterations: number, f: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 20; i++) await f();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = process.hrtime.bigint();
    await f();
    samples.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => Number((samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0).toFixed(0));
  console.log(JSON.stringify({ bench, iterations, p50Us: at(0.5), p95Us: at(0.95), p99Us: at(0.99) }));
}

const pub = publicKeyFromSeed(SEED);
const sig = signEd25519(SEED, MESSAGE);
measure('ed25519.sign.node', 5000, () => signEd25519(SEED, MESSAGE));
measure('ed25519.sign.noble', 1000, () => ed.sign(MESSAGE_BYTES, SEED));
measure('ed25519.verify.node', 5000, () => verifyEd25519(pub, MESSAGE, sig));
const signer = new ApiKeySigner({ apiKey: 'bench-token', seed: SEED }, 143, new ServerClock());
measure('signer.signRest', 5000, () => signer.signRest({ method: 'GET', target: '/v1/trading/fills?count=100' }));
measure('signer.signRest.post1k', 5000, () => signer.signRest({ method: 'POST', target: '/v1/trading/orders', body: 'x'.repeat(1024) }));
measure('signer.signWsSignIn', 5000, () => signer.signWsSignIn());

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"d":[]}');
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address() as AddressInfo;
const clock = new ServerClock();
const client = new RestClient({
  network: resolveNetwork({ baseUrl: `http://127.0.0.1:${port}/api`, chainId: 143 }),
  signer: new ApiKeySigner({ apiKey: 'bench-token', seed: SEED }, 143, clock),
});
await measureAsync('rest.get.signed.loopback', 500, () => client.get('/v1/trading/fills', (v) => v, { signed: true, query: { count: 100 } }));
await measureAsync('rest.get.unsigned.loopback', 500, () => client.get('/v1/pub/context', (v) => v));
server.closeAllConnections();
server.close();
