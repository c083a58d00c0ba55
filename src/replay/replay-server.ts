// A small read-only exchange on 127.0.0.1 that plays a recording back to the normal terminal: REST
// serves the recorded context and candle history (REST answers the recorded session got), the
// market-data socket plays recorded frames (ReplayConnection), the trading socket does not exist (the
// recorded trading side is fed to the app in-process on the same clock: replay-trading.ts).
// /replay is a control API (GET status; POST /replay/pause|resume|toggle, /replay/seek?ms=|by=).

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { http } from '../lib/node-http.js';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { closeServers } from '../lib/close-servers.js';
import { ReplayClock } from './replay-clock.js';
import { ReplayConnection } from './replay-connection.js';
import { SidMap } from './sid-map.js';
import type { Timeline } from './timeline.js';

export interface ReplayServerOptions {
  /** Playback rate (default 1 = recorded pace). */
  speed?: number;
  /** Start this many ms into the recording. */
  fromMs?: number;
  now?: () => number;
}

export interface ReplayStatus {
  positionMs: number;
  durationMs: number;
  paused: boolean;
  speed: number;
  viewers: number;
}

const MARKET_DATA_PATH = '/ws/v1/market-data';
const CANDLES = /^\/api\/v1\/market-data\/(\d+)\/candles\/(\d+)\/\d+-\d+$/;
/** REST candle requests return at most this many (wire.md 7.5). */
const MAX_CANDLES = 1024;

export class ReplayServer {
  readonly clock: ReplayClock;
  private readonly http: Server;
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 1024 * 1024 });
  private readonly sids: SidMap;
  private readonly viewers = new Set<ReplayConnection>();
  private port = 0;

  constructor(
    private readonly timeline: Timeline,
    opts: ReplayServerOptions = {},
  ) {
    this.clock = new ReplayClock({
      durationMs: timeline.durationMs,
      ...(opts.speed !== undefined ? { speed: opts.speed } : {}),
      ...(opts.fromMs !== undefined ? { fromMs: opts.fromMs } : {}),
      ...(opts.now ? { now: opts.now } : {}),
    });
    this.sids = new SidMap(timeline.streams);
    this.http = http.createServer((req, res) => this.route(req, res));
    this.http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
  }

  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.http.address() as AddressInfo).port;
  }

  /** REST base (ends in /api), as --base-url takes it. */
  get restBase(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  get wsBase(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  get chainId(): number {
    return this.timeline.chainId;
  }

  status(): ReplayStatus {
    return {
      positionMs: Math.round(this.clock.position()),
      durationMs: this.timeline.durationMs,
      paused: this.clock.paused,
      speed: this.clock.speed,
      viewers: this.viewers.size,
    };
  }

  async stop(): Promise<void> {
    for (const v of this.viewers) v.close('replay stopped');
    await closeServers(this.http, this.wss);
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (req.url ?? '').split('?')[0];
    if (path !== MARKET_DATA_PATH) {
      // Read-only: there is no trading socket in a replay.
      socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const viewer = new ReplayConnection(ws, this.timeline, this.clock, this.sids);
      this.viewers.add(viewer);
      ws.on('close', () => this.viewers.delete(viewer));
    });
  }

  private route(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://replay');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/api/v1/pub/context') return json(res, 200, this.timeline.context);
    const candles = req.method === 'GET' ? CANDLES.exec(path) : null;
    if (candles) return json(res, 200, this.candles(candles));
    if (path === '/replay' && req.method === 'GET') return json(res, 200, this.status());
    if (path.startsWith('/replay/') && req.method === 'POST') {
      const done = this.control(path.slice('/replay/'.length), url.searchParams);
      return done ? json(res, 200, this.status()) : json(res, 400, { error: 'unknown control or bad value' });
    }
    json(res, 404, { error: 'not in this recording' });
  }

  /**
   * The recorded candle history of that market and resolution (empty when none). The range is ignored:
   * the viewer asks for "up to now" in today's time, while the recording's candles are from its own day.
   */
  private candles(m: RegExpExecArray): { r: number; d: unknown[] } {
    const [, market, res] = m;
    const all = this.timeline.candles.get(`${market}/${res}`) ?? [];
    return { r: Number(res), d: all.slice(-MAX_CANDLES) };
  }

  private control(action: string, params: URLSearchParams): boolean {
    switch (action) {
      case 'pause':
        this.clock.pause();
        return true;
      case 'resume':
        this.clock.resume();
        return true;
      case 'toggle':
        this.clock.togglePause();
        return true;
      case 'seek': {
        const to = params.get('ms');
        const by = params.get('by');
        if (to !== null && Number.isFinite(Number(to))) this.clock.seek(Number(to));
        else if (by !== null && Number.isFinite(Number(by))) this.clock.seekBy(Number(by));
        else return false;
        return true;
      }
      default:
        return false;
    }
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), date: new Date().toUTCString() });
  res.end(text);
}
