// Applies decoded market-data frames to the models: routes each frame by its sid, keeps heartbeat
// continuity and the head block, and reports (never repairs) a state that can no longer be trusted.
// The selected market and resolution are those of the models (book.marketId, candles.resolution).

import { BlockTimeEstimator } from '../../domain/block-time.js';
import { HeartbeatSequence, describeGap } from '../../domain/sequence.js';
import type { InboundFrame } from '../../protocol/frames.js';
import { MarketModels } from './market-models.js';
import { StreamRoutes, type Route, type StreamKind } from './streams.js';

export class MarketFeed {
  readonly routes = new StreamRoutes();
  readonly models: MarketModels;
  private readonly sequence = new HeartbeatSequence();
  private readonly blockTime = new BlockTimeEstimator();

  headBlock: number | null = null;
  /** Local arrival time of the last data frame (anything but acks). */
  lastDataAt: number | null = null;
  /** Frames of streams we do not (or no longer) subscribe to. */
  unroutedFrames = 0;
  /** Bumped on every change that may be visible. */
  changes = 0;

  constructor(marketId: number, resolution: number) {
    this.models = new MarketModels(marketId, resolution);
  }

  get msPerBlock(): number {
    return this.blockTime.msPerBlock();
  }

  /** A new connection: sids and heartbeat numbering start over. */
  resetConnection(): void {
    this.routes.resetConnection();
    this.sequence.reset();
  }

  /** Forget all market data; only fresh snapshots may fill it again. */
  clear(): void {
    this.models.clear();
    this.headBlock = null;
    this.changes += 1;
  }

  /**
   * Applies one frame received at `at`. Returns why the state can no longer be trusted (the owner
   * resyncs), or null. Sub-acks return their failure lines through `onStreamFailure`.
   */
  apply(frame: InboundFrame, at: number, onStreamFailure: (line: string) => void): string | null {
    const m = this.models;
    switch (frame.mt) {
      case 6:
        for (const line of this.routes.acknowledge(frame.subs)) onStreamFailure(line);
        this.changes += 1;
        return null;
      case 100: {
        if (!this.routed(frame.sid, 'heartbeat')) return null;
        this.markData(at);
        const result = this.sequence.observe(frame.sn);
        if (result.kind === 'gap') return describeGap(result);
        this.headBlock = frame.h;
        this.blockTime.observe(frame.h, at);
        return null;
      }
      case 9:
        if (!this.routed(frame.sid, 'market-state')) return null;
        this.markData(at);
        m.mergeStates(frame.d);
        return null;
      case 10:
        if (!this.routed(frame.sid, 'funding')) return null;
        this.markData(at);
        m.upsertFunding(frame.d);
        return null;
      case 15:
      case 16: {
        const route = this.routed(frame.sid, 'order-book');
        if (route?.key.kind !== 'order-book' || route.key.market !== m.book.marketId) return null;
        // No latency from `at.t`: block times are whole seconds (wire.md 15.1), so arrival - at.t is the
        // 0..1000 ms since the block's second began plus the link, and jumps with each block. The link is
        // timed by the session's protocol pings instead (domain/round-trip.ts).
        this.markData(at);
        if (frame.mt === 15) m.book.applySnapshot(frame.bid, frame.ask);
        else if (m.book.hasSnapshot) m.book.applyDelta(frame.bid, frame.ask);
        else return null; // a delta before its snapshot describes a book we do not have
        return m.book.isCrossed() ? `crossed book ${m.book.bestBid()} >= ${m.book.bestAsk()}` : null;
      }
      case 17:
      case 18: {
        const route = this.routed(frame.sid, 'trades');
        if (route?.key.kind !== 'trades' || route.key.market !== m.book.marketId) return null;
        this.markData(at);
        if (frame.mt === 17) m.trades.applySnapshot(frame.d, at);
        else m.trades.add(frame.d, at);
        return null;
      }
      case 11:
      case 12: {
        const route = this.routed(frame.sid, 'candles');
        const series = m.candles;
        if (route?.key.kind !== 'candles' || route.key.market !== series.marketId) return null;
        if (route.key.resolution !== series.resolution || frame.r !== series.resolution) return null;
        this.markData(at);
        if (frame.mt === 11) series.applySnapshot(frame.d);
        else series.upsert(frame.d);
        return null;
      }
      default:
        return null; // pong, status, gas, market-config: nothing the session shows
    }
  }

  private routed(sid: number | undefined, kind: StreamKind): Route | null {
    const route = this.routes.route(sid, kind);
    if (!route) this.unroutedFrames += 1;
    return route;
  }

  private markData(at: number): void {
    this.lastDataAt = at;
    this.changes += 1;
  }
}
