// A tiny HTTP server for REST client tests: records every request and answers with a per-test handler.
// It verifies Ed25519 request signatures the way the exchange does, from the bytes it received.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { verifyEd25519 } from '../../src/auth/ed25519.js';
import { fromBase64url, restCanonicalString } from '../../src/protocol/canonical.js';

export interface ReceivedRequest {
  method: string;
  /** Raw request-target as received on the wire (`/api/v1/...?...`). */
  rawUrl: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Reply {
  status?: number;
  body?: string | object;
  headers?: Record<string, string>;
  /** Never answer (for timeout tests). */
  hang?: boolean;
}

export type Handler = (req: ReceivedRequest, index: number) => Reply;

export class TestServer {
  readonly requests: ReceivedRequest[] = [];
  handler: Handler = () => ({ status: 200, body: {} });
  private readonly server: Server;
  private readonly hanging: ServerResponse[] = [];
  private url: string | undefined;

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const received: ReceivedRequest = {
          method: req.method ?? '',
          rawUrl: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        this.requests.push(received);
        const reply = this.handler(received, this.requests.length - 1);
        if (reply.hang) {
          this.hanging.push(res);
          return;
        }
        const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(body);
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/api`;
    return this.url;
  }

  /** The REST base address (ending in /api) once started. */
  get baseUrl(): string {
    if (!this.url) throw new Error('the test server is not started');
    return this.url;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset(handler: Handler): void {
    this.requests.length = 0;
    this.handler = handler;
  }
}

/** One TestServer for a test file: started before its tests, answering `reply` afresh before each, stopped after. */
export function useTestServer(reply: Reply = { status: 200, body: {} }): TestServer {
  const server = new TestServer();
  beforeAll(async () => {
    await server.start();
  });
  afterAll(() => server.stop());
  beforeEach(() => server.reset(() => reply));
  return server;
}

function header(req: ReceivedRequest, name: string): string {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}

/** The canonical string the server rebuilds from what it received (the `/api` prefix is not signed). */
export function serverCanonical(req: ReceivedRequest, chainId: number): string {
  return restCanonicalString({
    chainId,
    method: req.method,
    target: req.rawUrl.replace(/^\/api/, ''),
    timestampMs: header(req, 'x-api-timestamp'),
    nonce: header(req, 'x-api-nonce'),
    body: req.body,
  });
}

/** True when the request's signature verifies against the string the server rebuilt. */
export function serverAcceptsSignature(req: ReceivedRequest, chainId: number, publicKey: Uint8Array): boolean {
  const sig = header(req, 'x-api-signature');
  if (!sig) return false;
  return verifyEd25519(publicKey, serverCanonical(req, chainId), fromBase64url(sig));
}
