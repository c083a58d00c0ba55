// A WebSocket man-in-the-middle between a client session and the real local exchange: forwards both
// directions unchanged and lets a test push anything (text or binary) to the client, as a hostile or
// broken server would. Works for both sockets (market data and trading), sign-in included.

import { WebSocket, WebSocketServer, type RawData } from 'ws';

interface Pair {
  client: WebSocket;
  upstream: WebSocket;
  /** The path the client asked for (`/ws/v1/trading`, `/ws/v1/market-data`). */
  path: string;
}

export class HostileProxy {
  private readonly pairs: Pair[] = [];

  private constructor(
    private readonly wss: WebSocketServer,
    readonly url: string,
    upstreamBase: string,
  ) {
    wss.on('connection', (client, req) => {
      const upstream = new WebSocket(`${upstreamBase}${req.url ?? ''}`, { perMessageDeflate: false });
      const early: RawData[] = [];
      const pair = { client, upstream, path: req.url ?? '' };
      this.pairs.push(pair);
      client.on('message', (data) => (upstream.readyState === WebSocket.OPEN ? upstream.send(data) : early.push(data)));
      upstream.on('open', () => {
        for (const d of early.splice(0)) upstream.send(d);
      });
      upstream.on('message', (data, isBinary) => {
        if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
      });
      const closeBoth = () => {
        if (client.readyState === WebSocket.OPEN) client.close();
        if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
      };
      upstream.on('close', closeBoth);
      upstream.on('error', closeBoth);
      client.on('close', closeBoth);
      client.on('error', closeBoth);
    });
  }

  static async start(upstreamBase: string): Promise<HostileProxy> {
    const wss = new WebSocketServer({ port: 0, perMessageDeflate: false });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    const address = wss.address();
    if (address === null || typeof address === 'string') throw new Error('unexpected address');
    return new HostileProxy(wss, `ws://127.0.0.1:${address.port}`, upstreamBase.replace(/\/+$/, ''));
  }

  /** Client connections ever made to a path containing `pathPart` (a reconnect adds one). */
  connectionsTo(pathPart: string): number {
    return this.pairs.filter((p) => p.path.includes(pathPart)).length;
  }

  /** Open client connections right now. */
  get openClients(): number {
    return this.pairs.filter((p) => p.client.readyState === WebSocket.OPEN).length;
  }

  /** Sends `data` to every open client connection (or those whose path contains `pathPart`); returns how many received it. */
  inject(data: string | Buffer, binary = typeof data !== 'string', pathPart = ''): number {
    let n = 0;
    for (const p of this.pairs) {
      if (p.client.readyState !== WebSocket.OPEN || !p.path.includes(pathPart)) continue;
      p.client.send(data, { binary });
      n++;
    }
    return n;
  }

  /** Closes the open client connections whose path contains `pathPart` with `code` and `reason`, as the server would. */
  closeClients(pathPart: string, code: number, reason: string): number {
    let n = 0;
    for (const p of this.pairs) {
      if (p.client.readyState !== WebSocket.OPEN || !p.path.includes(pathPart)) continue;
      p.upstream.terminate();
      p.client.close(code, reason);
      n++;
    }
    return n;
  }

  close(): Promise<void> {
    return new Promise((r) => {
      for (const p of this.pairs) {
        p.client.terminate();
        p.upstream.terminate();
      }
      this.wss.close(() => r());
    });
  }
}
