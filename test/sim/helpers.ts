// Test helpers for the local exchange: a minimal signer (node:crypto, independent of src/auth so the
// server is checked against a second implementation) and a frame-collecting WebSocket client.

import { createPrivateKey, randomBytes, sign } from 'node:crypto';
import WebSocket from 'ws';
import { restCanonicalString, wsSignInCanonicalString } from '../../src/protocol/canonical.js';

const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface TestKey {
  apiKey: string;
  seedHex: string;
}

export function signWith(seedHex: string, text: string): string {
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, Buffer.from(seedHex, 'hex')]), format: 'der', type: 'pkcs8' });
  return sign(null, Buffer.from(text), key).toString('base64url');
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

export interface SignOverrides {
  timestamp?: number;
  nonce?: string;
  /** What to put in the canonical string instead of the real target. */
  signedTarget?: string;
  chainId?: number;
  seedHex?: string;
}

/** GET `{rest}{pathAndQuery}` with the four X-API-* headers. */
export async function signedGet(
  rest: string,
  chainId: number,
  key: TestKey,
  pathAndQuery: string,
  o: SignOverrides = {},
): Promise<Response> {
  const timestamp = o.timestamp ?? Date.now();
  const nonce = o.nonce ?? newNonce();
  const canonical = restCanonicalString({
    chainId: o.chainId ?? chainId,
    method: 'GET',
    target: o.signedTarget ?? pathAndQuery,
    timestampMs: timestamp,
    nonce,
    body: '',
  });
  // restCanonicalString strips a leading /api; a test that signs the /api form must bypass it.
  const text = o.signedTarget?.startsWith('/api/') ? canonical.replace(`\n${o.signedTarget.slice(4)}\n`, `\n${o.signedTarget}\n`) : canonical;
  return fetch(`${rest}${pathAndQuery}`, {
    headers: {
      'X-API-Key': key.apiKey,
      'X-API-Timestamp': String(timestamp),
      'X-API-Nonce': nonce,
      'X-API-Signature': signWith(o.seedHex ?? key.seedHex, text),
    },
  });
}

/** POST `{rest}{path}` with a JSON body and the four X-API-* headers (body hash over the exact bytes sent). */
export async function signedPost(rest: string, chainId: number, key: TestKey, path: string, body: unknown): Promise<Response> {
  const text = JSON.stringify(body);
  const timestamp = Date.now();
  const nonce = newNonce();
  const canonical = restCanonicalString({ chainId, method: 'POST', target: path, timestampMs: timestamp, nonce, body: text });
  return fetch(`${rest}${path}`, {
    method: 'POST',
    body: text,
    headers: {
      'content-type': 'application/json',
      'X-API-Key': key.apiKey,
      'X-API-Timestamp': String(timestamp),
      'X-API-Nonce': nonce,
      'X-API-Signature': signWith(key.seedHex, canonical),
    },
  });
}

export function signInFrame(chainId: number, key: TestKey, o: SignOverrides = {}): object {
  const timestamp = o.timestamp ?? Date.now();
  const nonce = o.nonce ?? newNonce();
  return {
    mt: 29,
    chain_id: o.chainId ?? chainId,
    api_key: key.apiKey,
    timestamp: String(timestamp),
    nonce,
    signature: signWith(o.seedHex ?? key.seedHex, wsSignInCanonicalString(o.chainId ?? chainId, timestamp, nonce)),
  };
}

export interface Frame {
  mt: number;
  sid?: number;
  sn?: number;
  cid?: number;
  [field: string]: unknown;
}

/** A WebSocket client that records every frame and the close code/reason. */
export class FrameClient {
  readonly frames: Frame[] = [];
  readonly raw: string[] = [];
  closeCode: number | undefined;
  closeReason = '';
  private waiters: (() => void)[] = [];
  readonly ws: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(url: string) {
    this.ws = new WebSocket(url, { perMessageDeflate: false });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.ws.on('close', (code, reason) => {
        this.closeCode = code;
        this.closeReason = reason.toString();
        this.wake();
        resolve({ code, reason: this.closeReason });
      });
    });
    this.ws.on('error', () => undefined);
    this.ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      try {
        this.frames.push(JSON.parse(text) as Frame);
      } catch {
        // garbage frames (malformed fault) stay in `raw` only
      }
      this.wake();
    });
  }

  static async open(url: string): Promise<FrameClient> {
    const c = new FrameClient(url);
    await c.opened;
    return c;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Resolves with the first recorded frame (from index `from`) matching `pred`; rejects after `ms`. */
  async waitFor(pred: (f: Frame) => boolean, ms = 5000, from = 0): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.frames.slice(from).find(pred);
      if (hit) return hit;
      if (this.closeCode !== undefined) throw new Error(`socket closed ${this.closeCode} ${this.closeReason} while waiting`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for a frame');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Waits until `n` frames match `pred`. */
  async waitForCount(pred: (f: Frame) => boolean, n: number, ms = 5000): Promise<Frame[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hits = this.frames.filter(pred);
      if (hits.length >= n) return hits;
      if (this.closeCode !== undefined) throw new Error(`socket closed ${this.closeCode} ${this.closeReason} while waiting`);
      if (Date.now() > deadline) throw new Error(`timed out: ${hits.length}/${n} frames`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async waitClose(ms = 8000): Promise<{ code: number; reason: string }> {
    return Promise.race([
      this.closed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('socket did not close')), ms)),
    ]);
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Signs in on the trading socket and waits for the wallet snapshot. */
export async function signedInTrading(ws: string, chainId: number, key: TestKey): Promise<FrameClient> {
  const c = await FrameClient.open(`${ws}/ws/v1/trading`);
  c.send(signInFrame(chainId, key));
  await c.waitFor((f) => f.mt === 19);
  return c;
}
