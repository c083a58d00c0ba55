// A WebSocket proxy in front of the local exchange that passes both sockets through and lets a test rewrite
// (or drop) what the exchange sends: e.g. leave one market out of every market-state frame, so the app never
// learns that market's mark while everything else is live. The app reaches it through `--ws-url`.

import type { IncomingMessage } from 'node:http';
import { WebSocket, WebSocketServer, type RawData } from 'ws';

/** Rewrites one frame the exchange sent on `path`; null drops it. */
export type FrameRewrite = (text: string, path: string) => string | null;

export interface FilteringProxy {
  /** ws://127.0.0.1:PORT, for the app's wsUrl. */
  url: string;
  /** Closes every open socket whose path matches with `code` (the exchange's side is cut). */
  sever(matches: (path: string) => boolean, code: number, reason: string): void;
  close(): Promise<void>;
}

export interface FilteringProxyOptions {
  /** The close to refuse a new connection on `path` with, or null to pass it. */
  refuse?: (path: string) => { code: number; reason: string } | null;
}

/** A close code the ws library may send on (1005 / 1006 are reserved for "none" and "abnormal"). */
function sendableCode(code: number): number {
  return code === 1005 || code === 1006 || code < 1000 || code > 4999 ? 1000 : code;
}

export async function startFilteringProxy(upstreamBase: string, rewrite: FrameRewrite, options: FilteringProxyOptions = {}): Promise<FilteringProxy> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const address = wss.address();
  if (address === null || typeof address === 'string') throw new Error('unexpected proxy address');
  const pairs = new Set<{ client: WebSocket; upstream: WebSocket; path: string }>();

  wss.on('connection', (client: WebSocket, req: IncomingMessage) => {
    const path = req.url ?? '/';
    const refusal = options.refuse?.(path) ?? null;
    if (refusal !== null) {
      client.close(refusal.code, refusal.reason);
      return;
    }
    const upstream = new WebSocket(`${upstreamBase.replace(/\/+$/, '')}${path}`, { perMessageDeflate: false });
    const pair = { client, upstream, path };
    pairs.add(pair);
    const queued: Array<{ data: RawData; binary: boolean }> = [];
    client.on('message', (data, binary) => {
      if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary });
      else queued.push({ data, binary });
    });
    upstream.on('open', () => {
      for (const m of queued.splice(0)) upstream.send(m.data, { binary: m.binary });
    });
    upstream.on('message', (data, binary) => {
      if (client.readyState !== WebSocket.OPEN) return;
      if (binary) return client.send(data, { binary: true });
      const out = rewrite(data.toString(), path);
      if (out !== null) client.send(out);
    });
    upstream.on('close', (code, reason) => {
      pairs.delete(pair);
      if (client.readyState === WebSocket.OPEN) client.close(sendableCode(code), reason.toString());
    });
    client.on('close', (code, reason) => {
      pairs.delete(pair);
      if (upstream.readyState === WebSocket.OPEN) upstream.close(sendableCode(code), reason.toString());
      else upstream.terminate();
    });
    upstream.on('error', () => client.terminate());
    client.on('error', () => upstream.terminate());
  });

  return {
    url: `ws://127.0.0.1:${address.port}`,
    sever(matches, code, reason) {
      for (const p of [...pairs]) {
        if (!matches(p.path)) continue;
        pairs.delete(p);
        p.upstream.terminate();
        p.client.close(code, reason);
      }
    },
    close: () =>
      new Promise((r) => {
        for (const p of pairs) p.upstream.terminate();
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
}

/** A rewrite that leaves market `marketId` out of every market-state frame (mt 9) on the market-data socket. */
export function withoutMarketState(marketId: number): FrameRewrite {
  return (text, path) => {
    if (!path.includes('market-data') || !/"mt"\s*:\s*9\b/.test(text)) return text;
    const frame = JSON.parse(text) as { mt: number; d?: Record<string, unknown> };
    if (frame.mt !== 9 || !frame.d) return text;
    delete frame.d[String(marketId)];
    return JSON.stringify(frame);
  };
}
