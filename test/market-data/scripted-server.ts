// A hand-driven market-data server for tests that need exact frames (crossed books, malformed frames,
// odd sids): answers mt 5 with sids of its own choosing and lets the test push any frame. Protocol pings
// are answered after `pongDelayMs` (a slower link), or never when it is null.

import { WebSocketServer, type WebSocket } from 'ws';
import type { Context, Market } from '../../src/protocol/frames.js';

export interface ScriptedConnection {
  ws: WebSocket;
  /** Parsed client frames, in order. */
  received: { mt: number; subs?: { stream: string; subscribe: boolean }[] }[];
  /** stream -> sid as this connection answered it. */
  sids: Map<string, number>;
}

export class ScriptedServer {
  readonly connections: ScriptedConnection[] = [];
  /** Answer for a stream in mt 6; default: ok with a fresh sid. */
  statusFor: (stream: string) => { code: number; error?: string } = () => ({ code: 0 });
  /** Protocol pongs wait this long (ms); null: pings are not answered. */
  pongDelayMs: number | null = 0;
  /** Protocol pings received, all connections. */
  pings = 0;
  private nextSid = 70_001; // deliberately unlike the live sids: the client must not hard-code them

  private constructor(private readonly wss: WebSocketServer, readonly url: string) {
    wss.on('connection', (ws) => {
      const conn: ScriptedConnection = { ws, received: [], sids: new Map() };
      this.connections.push(conn);
      ws.on('ping', (data) => {
        this.pings += 1;
        const delay = this.pongDelayMs;
        if (delay === null) return;
        if (delay === 0) ws.pong(data);
        else setTimeout(() => ws.readyState === ws.OPEN && ws.pong(data), delay).unref();
      });
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as ScriptedConnection['received'][number];
        conn.received.push(frame);
        if (frame.mt === 5 && frame.subs) this.answer(conn, frame.subs);
      });
    });
  }

  static async start(): Promise<ScriptedServer> {
    const wss = new WebSocketServer({ port: 0, perMessageDeflate: false, autoPong: false });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    const address = wss.address();
    if (address === null || typeof address === 'string') throw new Error('unexpected address');
    return new ScriptedServer(wss, `ws://127.0.0.1:${address.port}`);
  }

  get last(): ScriptedConnection {
    const c = this.connections.at(-1);
    if (!c) throw new Error('no connection yet');
    return c;
  }

  sid(stream: string, conn: ScriptedConnection = this.last): number {
    const sid = conn.sids.get(stream);
    if (sid === undefined) throw new Error(`${stream} was not subscribed`);
    return sid;
  }

  send(frame: unknown, conn: ScriptedConnection = this.last): void {
    conn.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  close(): Promise<void> {
    return new Promise((r) => {
      for (const c of this.wss.clients) c.terminate();
      this.wss.close(() => r());
    });
  }

  private answer(conn: ScriptedConnection, subs: { stream: string; subscribe: boolean }[]): void {
    const results = subs.map((s) => {
      if (!s.subscribe) {
        const sid = conn.sids.get(s.stream);
        conn.sids.delete(s.stream);
        return { stream: s.stream, ...(sid !== undefined ? { sid } : {}), status: { code: 0 } };
      }
      const status = this.statusFor(s.stream);
      if (status.code !== 0) return { stream: s.stream, status };
      const sid = this.nextSid++;
      conn.sids.set(s.stream, sid);
      return { stream: s.stream, sid, status };
    });
    this.send({ mt: 6, sn: 1, subs: results }, conn);
  }
}

function market(id: number, symbol: string, name: string, pd: number, sd: number): Market {
  return {
    ver: 1,
    id,
    instance_id: 1,
    perpetual_id: id,
    symbol,
    name,
    size_units: name,
    funding_interval_sec: 2580,
    funding_interval_blocks: 8571,
    order_ttl_blocks: 20,
    order_max_market_slippage_bps: 100,
    config: {
      at: {},
      is_open: true,
      price_decimals: pd,
      size_decimals: sd,
      min_posting_amount: '0',
      min_settle_amount: '0',
      initial_margin: 1500,
      maintenance_margin: 2500,
      maker_fee: 45,
      taker_fee: 345,
    },
  };
}

export const TEST_CHAIN_ID = 31337;

export function testContext(): Context {
  return {
    chain: { ver: 1, chain_id: TEST_CHAIN_ID },
    instances: [],
    tokens: [],
    // Market 20 has an empty symbol, as some mainnet markets do: the display name falls back to `name`.
    markets: [market(1, 'BTC', 'BTC Perp', 1, 5), market(20, '', 'ETH', 2, 4)],
  };
}
