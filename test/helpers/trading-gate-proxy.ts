// A WebSocket proxy in front of the local exchange that passes the market-data socket through untouched
// and can take the trading socket down: `refuse()` closes every trading socket with 3401 (the exchange
// refusing the key) and answers each reconnect alike, as a revoked key loops; `admit()` passes them again.
// The app reaches it through `--ws-url`.

import type { IncomingMessage } from 'node:http';
import { WebSocket, WebSocketServer, type RawData } from 'ws';

export interface TradingGateProxy {
  /** ws://127.0.0.1:PORT, for the app's wsUrl. */
  url: string;
  /** Closes the trading sockets with 3401 and refuses every new one the same way until `admit`. */
  refuse(): void;
  admit(): void;
  close(): Promise<void>;
}

const KEY_REFUSED = 3401;

function sendableCode(code: number): number {
  return code === 1005 || code === 1006 || code < 1000 || code > 4999 ? 1000 : code;
}

export async function startTradingGateProxy(upstreamBase: string): Promise<TradingGateProxy> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const address = wss.address();
  if (address === null || typeof address === 'string') throw new Error('unexpected proxy address');
  const pairs = new Set<{ client: WebSocket; upstream: WebSocket; trading: boolean }>();
  let refusing = false;

  wss.on('connection', (client: WebSocket, req: IncomingMessage) => {
    const path = req.url ?? '/';
    const trading = path.includes('trading');
    if (trading && refusing) {
      client.close(KEY_REFUSED, 'unauthorized');
      return;
    }
    const upstream = new WebSocket(`${upstreamBase.replace(/\/+$/, '')}${path}`, { perMessageDeflate: false });
    const pair = { client, upstream, trading };
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
      if (client.readyState === WebSocket.OPEN) client.send(binary ? data : data.toString(), { binary });
    });
    upstream.on('close', (code, reason) => {
      pairs.delete(pair);
      if (client.readyState === WebSocket.OPEN) client.close(sendableCode(code), reason.toString());
    });
    client.on('close', () => {
      pairs.delete(pair);
      if (upstream.readyState === WebSocket.OPEN) upstream.close();
      else upstream.terminate();
    });
    upstream.on('error', () => client.terminate());
    client.on('error', () => upstream.terminate());
  });

  return {
    url: `ws://127.0.0.1:${address.port}`,
    refuse() {
      refusing = true;
      for (const p of [...pairs]) {
        if (!p.trading) continue;
        pairs.delete(p);
        p.upstream.terminate();
        p.client.close(KEY_REFUSED, 'unauthorized');
      }
    },
    admit() {
      refusing = false;
    },
    close: () =>
      new Promise((r) => {
        for (const p of pairs) p.upstream.terminate();
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
}
