// One market-data socket: subscriptions (mt 5 -> mt 6 with per-stream status), snapshots on subscribe,
// and the per-connection heartbeat / gas counters (continuous sn, +1 per block).

import { CloseCode, type Context } from '../../protocol/index.js';
import { decodeOutbound } from '../../protocol/decode/index.js';
import type { SimConnection } from './connection.js';
import { RequestBudget } from './rate-limiter.js';
import type { SimState } from './sim-state.js';
import { parseStream, streamSid, SID, type Stream } from './streams.js';

const SNAPSHOT_BOOK_LEVELS = 100;
const SNAPSHOT_TRADES = 50;
const SNAPSHOT_CANDLES = 300;

export class MarketDataSession {
  /** Subscribed streams by sid. */
  readonly subs = new Map<number, Stream>();
  private heartbeatSn: number | undefined;
  private gasSn: number | undefined;
  private replySn = 0;
  private readonly budget: RequestBudget;

  constructor(
    readonly conn: SimConnection,
    private readonly state: SimState,
  ) {
    this.budget = new RequestBudget(state.limits.marketDataRequestsPerMin, Date.now());
  }

  onMessage(data: string | Uint8Array): void {
    let frame;
    try {
      frame = decodeOutbound(data);
    } catch {
      return this.conn.close(CloseCode.InternalError, 'failed to process');
    }
    if (frame.mt !== 5 && frame.mt !== 1) return this.conn.close(CloseCode.InternalError, 'failed to process');
    if (!this.budget.take(Date.now())) return this.conn.close(CloseCode.PolicyViolation, 'too many requests');
    if (frame.mt === 1) {
      this.conn.send({ mt: 2, sid: 1, sn: ++this.replySn, t: frame.t });
      return;
    }
    const head = this.state.headAt();
    const ctx = this.state.engine.context(head.b, head.t);
    const markets = new Set(ctx.markets.map((m) => m.id));
    const results: { stream: string; sid?: number; status: { code: number; error?: string } }[] = [];
    const snapshots: Stream[] = [];
    for (const item of frame.subs) {
      const stream = parseStream(item.stream, this.state.chainId, markets);
      if (!stream) {
        results.push({ stream: item.stream, status: { code: 404, error: 'unknown stream' } });
        continue;
      }
      const sid = streamSid(stream);
      if (!item.subscribe) {
        this.subs.delete(sid);
        results.push({ stream: item.stream, sid, status: { code: 0 } });
        continue;
      }
      if (!this.subs.has(sid) && this.subs.size >= this.state.limits.maxSubscriptions) {
        results.push({ stream: item.stream, status: { code: 429, error: 'too many subscriptions' } });
        continue;
      }
      this.subs.set(sid, stream);
      results.push({ stream: item.stream, sid, status: { code: 0 } });
      snapshots.push(stream);
    }
    this.conn.send({ mt: 6, sn: ++this.replySn, subs: results });
    for (const s of snapshots) this.sendSnapshot(s, ctx);
  }

  private sendSnapshot(s: Stream, ctx: Context): void {
    const engine = this.state.engine;
    const head = this.state.head();
    const now = Date.now();
    const at = this.state.headAt();
    const sid = streamSid(s);
    switch (s.kind) {
      case 'order-book': {
        const book = engine.book(s.market, SNAPSHOT_BOOK_LEVELS);
        return this.conn.send({ mt: 15, sid, sn: head, at, bid: book.bid, ask: book.ask });
      }
      case 'trades':
        return this.conn.send({ mt: 17, sid, sn: head, d: engine.recentTrades(s.market, SNAPSHOT_TRADES) });
      case 'candles': {
        const from = now - s.resolution * 1000 * SNAPSHOT_CANDLES;
        const d = engine.candles(s.market, s.resolution, from, now);
        return this.conn.send({ mt: 11, sid, sn: head, at, r: s.resolution, d });
      }
      case 'market-state': {
        const d: Record<string, unknown> = {};
        for (const m of ctx.markets) {
          const st = engine.marketState(m.id);
          if (st) d[String(m.id)] = st;
        }
        return this.conn.send({ mt: 9, sid, sn: head, d });
      }
      case 'funding': {
        const d: Record<string, unknown> = {};
        for (const m of ctx.markets) {
          const f = engine.latestFunding(m.id);
          if (f) d[String(m.id)] = f;
        }
        return this.conn.send({ mt: 10, sid, sn: head, d });
      }
      case 'market-config': {
        const d: Record<string, unknown> = {};
        for (const m of ctx.markets) d[String(m.id)] = m.config;
        return this.conn.send({ mt: 8, sid, sn: head, d });
      }
      case 'gas-stats':
        if (ctx.chain.gas) this.conn.send({ mt: 7, sid, sn: (this.gasSn = head), d: ctx.chain.gas });
        return;
      case 'heartbeat':
        // The first heartbeat comes with the next block.
        return;
    }
  }

  isSubscribed(sid: number): boolean {
    return this.subs.has(sid);
  }

  /** Heartbeat of a new block; `skip` (gap fault) consumes a sequence number without sending it. */
  heartbeat(head: number, skip: boolean): void {
    if (!this.subs.has(SID.heartbeat)) return;
    this.heartbeatSn = this.heartbeatSn === undefined ? head : this.heartbeatSn + 1;
    if (!skip) this.conn.send({ mt: 100, sid: SID.heartbeat, sn: this.heartbeatSn, h: head });
  }

  gas(head: number, gas: unknown): void {
    if (!this.subs.has(SID.gasStats) || gas === undefined) return;
    this.gasSn = this.gasSn === undefined ? head : this.gasSn + 1;
    this.conn.send({ mt: 7, sid: SID.gasStats, sn: this.gasSn, d: gas });
  }
}
