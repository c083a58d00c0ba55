// The local exchange's network side: one http.Server for REST under /api and both WebSocket
// endpoints (ws, permessage-deflate off), the block and flow clocks, and the fan-out of every
// EngineOutput to the sockets that want it. Faults are applied here, at the points the injector names.

import type { IncomingMessage, Server } from 'node:http';
import { http } from '../../lib/node-http.js';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { CloseCode } from '../../protocol/index.js';
import type { SocketFault } from '../faults/index.js';
import { PendingAccountUpdates } from './account-batches.js';
import { blockTimeMs } from '../engine/block-time.js';
import { BlockTrace } from './block-trace.js';
import { BlockTimer, FlowDriver } from './clock.js';
import { closeServers } from '../../lib/close-servers.js';
import { SimConnection, type ConnectionKind } from './connection.js';
import { ConnectionsPerAddress } from './connections-per-address.js';
import { guardedServerOptions, guardHttpServer } from './http-guard.js';
import { endThenLinger, rawReply, upgradeBodyRefusal } from './http-io.js';
import { fanOutMarketData } from './market-data-fanout.js';
import { MarketDataSession } from './market-data-session.js';
import { RestRouter } from './rest-router.js';
import type { SimState } from './sim-state.js';
import { TradingSession, WalletConnections } from './trading-session.js';

export const MARKET_DATA_PATH = '/ws/v1/market-data';
export const TRADING_PATH = '/ws/v1/trading';

/** What the `malformed` fault sends: truncated JSON, non-JSON, an unknown mt, binary noise. */
const GARBAGE_FRAMES = ['{"mt":16,"sid":', 'not json at all', '{"mt":4242}', '\u0000\u0001\u0002'];

const TOO_MANY_CONNECTIONS = 'too many connections';

export interface SimServerOptions {
  blockMs: number;
  flowStepsPerSec: number;
  startBlock: number;
  /** Appends each block's heartbeat send time to this file (block-trace.ts; the bench's feed lag). */
  blockTraceFile?: string;
}

export class SimServer {
  private readonly http: Server;
  private readonly wss: WebSocketServer;
  private readonly rest: RestRouter;
  private readonly marketData = new Set<MarketDataSession>();
  private readonly trading = new Set<TradingSession>();
  private readonly wallets = new WalletConnections();
  /** Open market-data sockets by client address (the per-address cap). */
  private readonly marketDataByAddress: ConnectionsPerAddress;
  private readonly pendingAccounts = new PendingAccountUpdates();
  private readonly blocks: BlockTimer;
  readonly flow: FlowDriver;
  private headBlock: number;
  /** The head block's time, whole seconds (wire.md 15); flow between blocks is stamped with it too. */
  private headTimeMs = blockTimeMs(Date.now());
  private nextConnId = 1;
  private readonly pinger: NodeJS.Timeout | undefined;
  private garbageIndex = 0;
  private readonly trace: BlockTrace | undefined;

  constructor(
    private readonly state: SimState,
    opts: SimServerOptions,
  ) {
    this.headBlock = opts.startBlock;
    this.trace = opts.blockTraceFile !== undefined ? new BlockTrace(opts.blockTraceFile) : undefined;
    this.marketDataByAddress = new ConnectionsPerAddress(state.limits.maxMarketDataConnectionsPerAddress);
    this.rest = new RestRouter(state);
    this.http = http.createServer(guardedServerOptions(state.limits), (req, res) => {
      if (this.rest.handles(req)) void this.rest.handle(req, res);
      else {
        res.writeHead(404, { 'content-length': '9' });
        res.end('not found');
      }
    });
    // Keep-alive sockets would hold stop() open; the sim closes them itself.
    this.http.keepAliveTimeout = 2000;
    guardHttpServer(this.http, state.limits, state.log);
    this.wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 1024 * 1024 });
    this.http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
    // A failure in one block or step is logged and skipped: the clock keeps running.
    if (state.limits.pingIntervalMs > 0) {
      this.pinger = setInterval(() => {
        for (const s of [...this.marketData, ...this.trading]) s.conn.keepAlive();
      }, state.limits.pingIntervalMs);
      this.pinger.unref();
    }
    this.blocks = new BlockTimer(opts.blockMs, () => this.safely('block', () => this.onBlock()));
    this.flow = new FlowDriver(opts.flowStepsPerSec, () => this.safely('flow step', () => this.onFlowStep()));
  }

  head(): number {
    return this.headBlock;
  }

  /** The head block's stamp: its number and its time. */
  headAt(): { b: number; t: number } {
    return { b: this.headBlock, t: this.headTimeMs };
  }

  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(port, '127.0.0.1', () => {
        this.http.off('error', reject);
        resolve((this.http.address() as AddressInfo).port);
      });
    });
  }

  startClocks(): void {
    this.blocks.start();
    this.flow.start();
  }

  pauseBlocks(): void {
    this.blocks.stop();
  }
  resumeBlocks(): void {
    this.blocks.start();
  }
  pauseFlow(): void {
    this.flow.stop();
  }
  resumeFlow(): void {
    this.flow.start();
  }

  /** Closes every socket with `code` (1006 = drop the TCP connection without a close frame). */
  dropConnections(code: number = CloseCode.GoingAway): void {
    for (const s of [...this.marketData, ...this.trading]) {
      if (code === CloseCode.Abnormal) s.conn.terminate();
      else s.conn.close(code, code === CloseCode.GoingAway ? 'going away' : 'closed by test');
    }
  }

  /**
   * Moves the head forward `n` blocks without executing them (a forwarder that fell behind): queued
   * requests then run at a later block than they were admitted for. Clients see a heartbeat gap.
   */
  skipBlocks(n: number): void {
    this.headBlock += Math.max(0, Math.floor(n));
  }

  /** Signed-in trading sockets of a wallet, as the per-wallet cap counts them (a released slot shows here). */
  tradingConnections(address: string): number {
    return this.wallets.count(address.toLowerCase());
  }

  /** Advances one block now (tests with paused blocks use it to step deterministically). */
  stepBlock(): void {
    this.safely('block', () => this.onBlock());
  }

  async stop(): Promise<void> {
    clearInterval(this.pinger);
    this.blocks.stop();
    this.flow.stop();
    this.trace?.close();
    await closeServers(this.http, this.wss);
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (req.url ?? '').split('?')[0];
    const kind: ConnectionKind | undefined =
      path === MARKET_DATA_PATH ? 'md' : path === TRADING_PATH ? 'tr' : undefined;
    // Every refusal lingers: a client still sending (a body on its GET) reads the answer, not a reset.
    if (!kind) {
      endThenLinger(socket, rawReply(404, ''));
      return;
    }
    const bodyRefusal = upgradeBodyRefusal(req);
    if (bodyRefusal) {
      endThenLinger(socket, bodyRefusal);
      return;
    }
    if (kind === 'md' && !this.marketDataByAddress.admit(req.socket.remoteAddress ?? '', socket)) {
      this.state.log(`market-data upgrade from ${req.socket.remoteAddress ?? '?'} refused: too many connections`);
      endThenLinger(socket, rawReply(429, TOO_MANY_CONNECTIONS));
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, kind, req.socket.remoteAddress));
  }

  private accept(ws: WebSocket, kind: ConnectionKind, remoteAddress: string | undefined): void {
    const conn = new SimConnection(`${kind}-${this.nextConnId++}`, kind, ws, remoteAddress, this.state.limits.sendBufferLimitBytes);
    const toText = (data: RawData, isBinary: boolean): string | Uint8Array =>
      isBinary ? new Uint8Array(Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data as ArrayBuffer)])) : data.toString();
    ws.on('error', () => conn.terminate());
    if (kind === 'md') {
      const session = new MarketDataSession(conn, this.state);
      this.marketData.add(session);
      ws.on('message', (data, isBinary) => this.guard(conn, () => session.onMessage(toText(data, isBinary))));
      ws.on('close', () => this.marketData.delete(session));
    } else {
      const session = new TradingSession(conn, this.state, this.wallets);
      this.trading.add(session);
      ws.on('message', (data, isBinary) => this.guard(conn, () => session.onMessage(toText(data, isBinary))));
      ws.on('close', () => {
        session.onClose();
        this.trading.delete(session);
      });
    }
    this.state.log(`${conn.id} connected from ${remoteAddress ?? '?'}`);
  }

  private safely(what: string, run: () => void): void {
    try {
      run();
    } catch (e) {
      this.state.warn(`${what} failed: ${(e as Error).message}`);
    }
  }

  /** A bug while handling one frame closes that socket 1011; it must never take the exchange down. */
  private guard(conn: SimConnection, handle: () => void): void {
    try {
      handle();
    } catch (e) {
      this.state.warn(`${conn.id}: internal error: ${(e as Error).message}`);
      conn.close(CloseCode.InternalError, 'failed to process');
    }
  }

  private onBlock(): void {
    const head = ++this.headBlock;
    // A block is never stamped before the one it follows (the wall clock may step back).
    const now = Math.max(this.headTimeMs, blockTimeMs(Date.now()));
    this.headTimeMs = now;
    let out;
    try {
      out = this.state.engine.advanceBlock(head, now);
    } catch (e) {
      this.state.warn(`engine failed on block ${head}: ${(e as Error).message}`);
      return;
    }
    fanOutMarketData(this.marketData, out, head, now);
    const gas = this.anyGasSubscriber() ? this.state.engine.context(head, now).chain.gas : undefined;
    this.trace?.sending(head);
    for (const s of this.marketData) {
      s.gas(head, gas);
      s.heartbeat(head, s.isSubscribed(5000) && this.state.faults.heartbeatGap(s.conn.id, head));
    }
    const accounts = this.pendingAccounts.takeWith(out.accounts);
    for (const s of this.trading) {
      if (!s.signedIn) continue;
      s.deliver(accounts, head, now);
      s.heartbeat(head, this.state.faults.heartbeatGap(s.conn.id, head));
    }
    this.applySocketFaults();
  }

  private onFlowStep(): void {
    const head = this.headBlock;
    const now = this.headTimeMs;
    let out;
    try {
      out = this.state.engine.flowStep(now, head);
    } catch (e) {
      this.state.warn(`engine flow step failed: ${(e as Error).message}`);
      return;
    }
    fanOutMarketData(this.marketData, out, head, now);
    if (out.accounts.size > 0) this.pendingAccounts.add(out.accounts);
  }

  private anyGasSubscriber(): boolean {
    for (const s of this.marketData) if (s.isSubscribed(7000)) return true;
    return false;
  }

  private applySocketFaults(): void {
    if (this.state.faults.profile.name === 'none') return;
    for (const s of [...this.marketData, ...this.trading]) {
      if (!s.conn.isOpen) continue;
      const signedIn = s instanceof TradingSession && s.signedIn;
      this.applySocketFault(s.conn, this.state.faults.socketFault(s.conn.id, signedIn));
    }
  }

  private applySocketFault(conn: SimConnection, f: SocketFault): void {
    switch (f?.kind) {
      case undefined:
        return;
      case 'drop-terminate':
        return conn.terminate();
      case 'drop-going-away':
        return conn.close(CloseCode.GoingAway, 'going away');
      case 'auth-close':
        return conn.close(CloseCode.Unauthorized, 'unauthorized');
      case 'server-close':
        return conn.close(f.code, f.reason);
      case 'stall':
        return conn.stall(f.ms);
      case 'garbage':
        conn.sendRaw(GARBAGE_FRAMES[this.garbageIndex++ % GARBAGE_FRAMES.length]!);
        return;
    }
  }
}
