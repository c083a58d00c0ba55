// The one place the trading session's notifications are found: each store frame (and a clock tick, for
// trading down) is compared with what was seen before. Every event fires once per occurrence: a fill once
// per fill, liquidation near once per approach (again only after the mark moved well away), a beaten stop
// once per stop, an algo once when it ends, trading down once per outage. What the first live frame
// shows (the sign-in snapshot) is the baseline and says nothing; a reconnect's snapshot is compared with
// what was seen, so it says only what is new. The fills of one frame are one notification. Pure.

import type { AlgoRow } from '../algos/algo-row.js';
import { fillWords, priceText, sizeFigure, sizeText, type MarketWords } from '../trading/order-words.js';
import { isLongSide, protectionOf } from '../trading/protection.js';
import { liquidationBeatsStop } from '../trading/stop-liquidation.js';
import type { FillRowView, OrderRowView, PositionRowView } from '../trading/views.js';
import { notifyEvent, type NotifyEvent } from './notify-event.js';

export interface NotifyThresholds {
  /** Liquidation near: the live mark within this percent of the mark from the liquidation price. */
  liquidationDistancePct: number;
  /** Trading down: not live for longer than this. */
  tradingDownSec: number;
}

/** What the detector reads of one frame: the store's trading and algos slices, as plain data. */
export interface NotifyFrame {
  nowMs: number;
  /** The trading session is live (snapshots in, data flowing); null while there is no trading client. */
  tradingLive: boolean | null;
  /** Newest first (the store's order). */
  fills: readonly FillRowView[];
  orders: readonly OrderRowView[];
  positions: readonly PositionRowView[];
  algos: readonly AlgoRow[];
  words: (marketId: number) => MarketWords;
}

/** A trigger going off: a stop order (an opening type) or a position's TP/SL. */
type TriggerKind = 'TP/SL' | 'stop';

const OPEN_TYPES: ReadonlySet<number> = new Set([1, 2]);
/** Liquidation near is said again only once the mark is this many times the distance away (no flapping at the edge). */
const REARM_FACTOR = 2;
/** Fill keys remembered at least (more when the session keeps more fills). */
const SEEN_FILLS_FLOOR = 2_000;

/** |mark - liquidation| within `pct` percent of the mark, in integers (ticks; pct to hundredths). */
export function withinLiquidationDistance(mark: number, liquidation: number, pct: number): boolean {
  const gap = BigInt(Math.abs(mark - liquidation));
  return gap * 10_000n <= BigInt(Math.round(pct * 100)) * BigInt(mark);
}

export class NotifyDetector {
  private baselined = false;
  private seenFills = new Set<string>();
  private triggers = new Map<number, TriggerKind>();
  /** Positions whose liquidation near was said, until the mark moves away again. */
  private nearLiquidation = new Set<number>();
  /** `position:order` of stops said to be beaten, while they stay beaten. */
  private beatenStops = new Set<string>();
  private endedAlgos = new Set<string>();
  private everLive = false;
  private downSinceMs: number | null = null;
  private downSaid = false;

  constructor(private readonly thresholds: NotifyThresholds) {}

  /** The events of this frame, in the order they happened to be found. */
  observe(f: NotifyFrame): NotifyEvent[] {
    const out: NotifyEvent[] = [];
    this.tradingDown(f, out);
    if (f.tradingLive !== true) return out;
    // Triggers are remembered while they rest: the fill of one is a trigger going off.
    for (const o of f.orders) if (o.triggerPrice !== null && !this.triggers.has(o.orderId)) this.triggers.set(o.orderId, OPEN_TYPES.has(o.type) ? 'stop' : 'TP/SL');
    const first = !this.baselined;
    this.baselined = true;
    this.fills(f, first, out);
    this.liquidation(f, first, out);
    this.stops(f, first, out);
    this.algos(f, first, out);
    return out;
  }

  private tradingDown(f: NotifyFrame, out: NotifyEvent[]): void {
    if (f.tradingLive === null) return;
    if (f.tradingLive) {
      this.everLive = true;
      this.downSinceMs = null;
      this.downSaid = false;
      return;
    }
    // Before the first sign-in the app is starting, not down.
    if (!this.everLive) return;
    this.downSinceMs ??= f.nowMs;
    if (this.downSaid || f.nowMs - this.downSinceMs < this.thresholds.tradingDownSec * 1000) return;
    this.downSaid = true;
    out.push(notifyEvent('tradingDown', 'perpl: trading down', `trading connection down for ${Math.round((f.nowMs - this.downSinceMs) / 1000)}s: orders are locked`, f.nowMs));
  }

  private fills(f: NotifyFrame, first: boolean, out: NotifyEvent[]): void {
    const fresh = f.fills.filter((x) => !this.seenFills.has(x.key));
    for (const x of fresh) this.seenFills.add(x.key);
    // Bounded like the session's own fill keys: a fill gone from the list does not come back.
    if (this.seenFills.size > Math.max(SEEN_FILLS_FLOOR, f.fills.length * 4)) this.seenFills = new Set(f.fills.map((x) => x.key));
    if (first || fresh.length === 0) return;
    // Oldest first: the notification names the first fill of the frame and counts the rest.
    const ordered = [...fresh].reverse();
    const triggered = ordered.filter((x) => this.triggers.has(x.orderId));
    const lead = triggered[0] ?? ordered[0]!;
    const kind = this.triggers.get(lead.orderId);
    const words = fillWords(lead.type === 1 || lead.type === 4, lead.size, lead.price, lead.liquidity, f.words(lead.marketId));
    const more = ordered.length > 1 ? ` (+${ordered.length - 1} more fills)` : '';
    if (kind) out.push(notifyEvent('trigger', `perpl: ${kind} triggered`, `${kind} triggered: ${words}${more}`, f.nowMs));
    else out.push(notifyEvent('fill', 'perpl: fill', `${words}${more}`, f.nowMs));
  }

  private liquidation(f: NotifyFrame, first: boolean, out: NotifyEvent[]): void {
    const pct = this.thresholds.liquidationDistancePct;
    const held = new Set<number>();
    for (const p of f.positions) {
      held.add(p.positionId);
      if (p.markState !== 'live' || p.markPrice === null || p.liquidationPrice === null) continue;
      const near = withinLiquidationDistance(p.markPrice, p.liquidationPrice, pct);
      if (!near) {
        if (!withinLiquidationDistance(p.markPrice, p.liquidationPrice, pct * REARM_FACTOR)) this.nearLiquidation.delete(p.positionId);
        continue;
      }
      if (this.nearLiquidation.has(p.positionId)) continue;
      this.nearLiquidation.add(p.positionId);
      if (first) continue;
      const m = f.words(p.marketId);
      const side = isLongSide(p.side) ? 'long' : 'short';
      out.push(notifyEvent('liquidationNear', 'perpl: liquidation near', `${m.label} ${side}: mark ${priceText(p.markPrice, m)} is within ${pct}% of liquidation ${priceText(p.liquidationPrice, m)}`, f.nowMs));
    }
    for (const id of this.nearLiquidation) if (!held.has(id)) this.nearLiquidation.delete(id);
  }

  private stops(f: NotifyFrame, first: boolean, out: NotifyEvent[]): void {
    const beaten = new Set<string>();
    for (const p of f.positions) {
      const long = isLongSide(p.side);
      for (const stop of protectionOf(p, f.orders).stopLoss) {
        if (!liquidationBeatsStop(long, stop.price, p.liquidationPrice)) continue;
        const key = `${p.positionId}:${stop.orderId}`;
        beaten.add(key);
        if (this.beatenStops.has(key) || first) continue;
        const m = f.words(p.marketId);
        out.push(notifyEvent('stopBeyondLiquidation', 'perpl: stop would never fire', `${m.label}: SL ${priceText(stop.price, m)} is beyond liquidation ${priceText(p.liquidationPrice!, m)}: it would never fire`, f.nowMs));
      }
    }
    this.beatenStops = beaten;
  }

  private algos(f: NotifyFrame, first: boolean, out: NotifyEvent[]): void {
    for (const a of f.algos) {
      if (a.status !== 'ended' || this.endedAlgos.has(a.id)) continue;
      this.endedAlgos.add(a.id);
      if (first) continue;
      const m = f.words(a.marketId);
      const what = `${a.kind} ${a.side} ${m.label}`;
      out.push(
        a.complete
          ? notifyEvent('algo', 'perpl: algo finished', `${what} finished: ${sizeFigure(a.filled, m)} of ${sizeText(a.target, m)} filled`, f.nowMs)
          : notifyEvent('algo', 'perpl: algo ended', `${what} ended: ${a.reason}`, f.nowMs),
      );
    }
  }
}
