import { describe, expect, it } from 'vitest';
import type { AlgoRow } from '../algos/algo-row.js';
import type { FillRowView, OrderRowView, PositionRowView } from '../trading/views.js';
import { NotifyDetector, withinLiquidationDistance, type NotifyFrame } from './notify-detector.js';
import { NotifyGate } from './notify-gate.js';
import { guardEvent, type NotifyKind } from './notify-event.js';

const words = () => ({ label: 'BTC', priceDecimals: 1, sizeDecimals: 3 });
const fill = (key: string, orderId = 1, type = 1): FillRowView => ({ key, timeMs: 0, block: 1, marketId: 1, orderId, type, liquidity: 2, price: 670_000, size: 100, fee: '10' });
const position = (over: Partial<PositionRowView> = {}): PositionRowView => ({
  positionId: 7, marketId: 1, side: 1, size: 100, entryPrice: 700_000, markPrice: 700_000, markState: 'live', markNote: null, collateral: '1000',
  leverage: 1000, effectiveLeverage: null, leverageBasis: 'mark', unrealizedPnl: '0', roe: 0, liquidationPrice: 630_000, liquidationDistancePct: 10, ...over,
});
const stopLoss = (orderId: number, price: number): OrderRowView => ({
  orderId, requestId: orderId, marketId: 1, type: 3, status: 2, price: 0, originalSize: 100, filledSize: 0, flags: 0, leverage: 0,
  triggerPrice: price, triggerCondition: 4, linkedPositionId: 7, lastBlock: null, blocksLeft: null,
});
const algo = (status: AlgoRow['status'], complete = false, reason = ''): AlgoRow => ({ id: 'twap-1', kind: 'twap', marketId: 1, side: 'long', target: 1000, filled: complete ? 1000 : 400, status, complete, reason, arrivalMark: 700_000, avgPrice: null, next: '', children: 3 });

function frame(over: Partial<NotifyFrame> = {}): NotifyFrame {
  return { nowMs: 0, tradingLive: true, fills: [], orders: [], positions: [], algos: [], words, ...over };
}

const detector = () => new NotifyDetector({ liquidationDistancePct: 5, tradingDownSec: 30 });
const kinds = (events: readonly { kind: NotifyKind }[]) => events.map((e) => e.kind);

describe('notify detector', () => {
  it('sign-in-snapshot-no-storm: what the first live frame holds says nothing; a fill after it says once', () => {
    const d = detector();
    expect(d.observe(frame({ fills: [fill('a'), fill('b')], positions: [position({ markPrice: 640_000 })], orders: [stopLoss(9, 620_000)], algos: [algo('ended', true)] }))).toEqual([]);
    const events = d.observe(frame({ fills: [fill('c'), fill('a'), fill('b')] }));
    expect(events.map((e) => e.body)).toEqual(['bought 0.1 BTC @ 67,000, taker']);
    expect(d.observe(frame({ fills: [fill('c'), fill('a'), fill('b')] }))).toEqual([]);
  });

  it('fills before trading is live are history: the baseline waits for the live frame', () => {
    const d = detector();
    expect(d.observe(frame({ tradingLive: false, fills: [fill('a')] }))).toEqual([]);
    expect(d.observe(frame({ fills: [fill('a')] }))).toEqual([]);
  });

  it('reconnect-snapshot-no-storm: the same fills again after a reconnect say nothing; the new ones one notification', () => {
    const d = detector();
    d.observe(frame({ fills: [fill('a')] }));
    d.observe(frame({ tradingLive: false, fills: [] }));
    const events = d.observe(frame({ fills: [fill('d'), fill('c'), fill('a')] }));
    expect(events).toHaveLength(1);
    expect(events[0]!.body).toBe('bought 0.1 BTC @ 67,000, taker (+1 more fills)');
  });

  it('a fill of a resting trigger is a trigger going off, said as TP/SL or stop', () => {
    const d = detector();
    d.observe(frame({ orders: [stopLoss(9, 650_000), { ...stopLoss(10, 720_000), type: 1, linkedPositionId: null }] }));
    expect(d.observe(frame({ fills: [fill('x', 9, 3)] }))[0]).toMatchObject({ kind: 'trigger', body: 'TP/SL triggered: sold 0.1 BTC @ 67,000, taker' });
    expect(d.observe(frame({ fills: [fill('y', 10, 1), fill('x', 9, 3)] }))[0]).toMatchObject({ kind: 'trigger', title: 'perpl: stop triggered' });
  });

  it('liquidation near fires once per approach, again only after the mark moved away past twice the distance', () => {
    const d = detector();
    d.observe(frame({ positions: [position()] }));
    const near = d.observe(frame({ positions: [position({ markPrice: 660_000 })] }));
    expect(near.map((e) => e.body)).toEqual(['BTC long: mark 66,000 is within 5% of liquidation 63,000']);
    expect(d.observe(frame({ positions: [position({ markPrice: 659_000 })] }))).toEqual([]);
    // Out of 5 % but inside 10 %: still the same approach.
    expect(d.observe(frame({ positions: [position({ markPrice: 680_000 })] }))).toEqual([]);
    expect(d.observe(frame({ positions: [position({ markPrice: 660_000 })] }))).toEqual([]);
    expect(d.observe(frame({ positions: [position({ markPrice: 710_000 })] }))).toEqual([]);
    expect(kinds(d.observe(frame({ positions: [position({ markPrice: 660_000 })] })))).toEqual(['liquidationNear']);
  });

  it('liquidation-distance-config-ignored: the mark within the configured distance, not a fixed one, says it', () => {
    // Mark 66,000, liquidation 63,000: 4.5 % of the mark away.
    const tight = new NotifyDetector({ liquidationDistancePct: 2, tradingDownSec: 30 });
    tight.observe(frame({ positions: [position()] }));
    expect(tight.observe(frame({ positions: [position({ markPrice: 660_000 })] }))).toEqual([]);
    expect(tight.observe(frame({ positions: [position({ markPrice: 642_000 })] })).map((e) => e.body)).toEqual(['BTC long: mark 64,200 is within 2% of liquidation 63,000']);
    const wide = new NotifyDetector({ liquidationDistancePct: 12.5, tradingDownSec: 30 });
    wide.observe(frame({ positions: [position({ markPrice: 800_000 })] }));
    expect(kinds(wide.observe(frame({ positions: [position({ markPrice: 715_000 })] })))).toEqual(['liquidationNear']);
  });

  it('trading-down-threshold-ignored: the configured seconds, not the default, before it is said', () => {
    const d = new NotifyDetector({ liquidationDistancePct: 5, tradingDownSec: 5 });
    d.observe(frame({ nowMs: 0 }));
    expect(d.observe(frame({ nowMs: 1_000, tradingLive: false }))).toEqual([]);
    expect(d.observe(frame({ nowMs: 5_999, tradingLive: false }))).toEqual([]);
    expect(kinds(d.observe(frame({ nowMs: 6_000, tradingLive: false })))).toEqual(['tradingDown']);
  });

  it('a stale mark never says liquidation near', () => {
    const d = detector();
    d.observe(frame({ positions: [position()] }));
    expect(d.observe(frame({ positions: [position({ markPrice: 640_000, markState: 'stale' })] }))).toEqual([]);
  });

  it('the distance is integer arithmetic on ticks: 5% of 100,000 is 5,000 exactly', () => {
    expect(withinLiquidationDistance(100_000, 95_000, 5)).toBe(true);
    expect(withinLiquidationDistance(100_000, 94_999, 5)).toBe(false);
    expect(withinLiquidationDistance(100_000, 105_000, 5)).toBe(true);
  });

  it('a stop the liquidation comes to beat is said once, and again if it becomes so again', () => {
    const d = detector();
    const orders = [stopLoss(9, 640_000)];
    d.observe(frame({ positions: [position()], orders }));
    const beaten = d.observe(frame({ positions: [position({ liquidationPrice: 645_000 })], orders }));
    expect(beaten.map((e) => e.body)).toEqual(['BTC: SL 64,000 is beyond liquidation 64,500: it would never fire']);
    expect(d.observe(frame({ positions: [position({ liquidationPrice: 646_000 })], orders }))).toEqual([]);
    d.observe(frame({ positions: [position()], orders }));
    expect(kinds(d.observe(frame({ positions: [position({ liquidationPrice: 645_000 })], orders })))).toEqual(['stopBeyondLiquidation']);
  });

  it('an algo is said once when it ends: finished when complete, ended with its reason when not', () => {
    const d = detector();
    d.observe(frame({ algos: [algo('running')] }));
    expect(d.observe(frame({ algos: [algo('ended', true)] })).map((e) => e.body)).toEqual(['twap long BTC finished: 1 of 1 BTC filled']);
    expect(d.observe(frame({ algos: [algo('ended', true)] }))).toEqual([]);
    const failed = new NotifyDetector({ liquidationDistancePct: 5, tradingDownSec: 30 });
    failed.observe(frame({ algos: [algo('running')] }));
    expect(failed.observe(frame({ algos: [algo('ended', false, 'refused: margin')] }))[0]).toMatchObject({ title: 'perpl: algo ended', body: 'twap long BTC ended: refused: margin' });
  });

  it('trading down is said once per outage after N seconds, never while starting', () => {
    const d = detector();
    expect(d.observe(frame({ tradingLive: false, nowMs: 0 }))).toEqual([]);
    expect(d.observe(frame({ tradingLive: false, nowMs: 60_000 }))).toEqual([]);
    d.observe(frame({ nowMs: 61_000 }));
    expect(d.observe(frame({ tradingLive: false, nowMs: 70_000 }))).toEqual([]);
    expect(d.observe(frame({ tradingLive: false, nowMs: 99_999 }))).toEqual([]);
    expect(d.observe(frame({ tradingLive: false, nowMs: 100_000 })).map((e) => e.body)).toEqual(['trading connection down for 30s: orders are locked']);
    expect(d.observe(frame({ tradingLive: false, nowMs: 200_000 }))).toEqual([]);
    d.observe(frame({ nowMs: 201_000 }));
    d.observe(frame({ tradingLive: false, nowMs: 202_000 }));
    expect(kinds(d.observe(frame({ tradingLive: false, nowMs: 232_000 })))).toEqual(['tradingDown']);
  });

  it('hostile-market-name-stays-inert: a market label holding ESC ] ... BEL reaches the event as visible escapes', () => {
    const d = detector();
    d.observe(frame());
    const hostile = () => ({ label: 'X\u001b]9;pwned\u0007\u009b', priceDecimals: 1, sizeDecimals: 3 });
    const [e] = d.observe(frame({ fills: [fill('h')], words: hostile }));
    expect(e!.body).toBe('bought 0.1 X\\x1b]9;pwned\\x07\\x9b @ 67,000, taker');
    expect(guardEvent('loss \u001b]777;notify;a;b\u0007', 0).body).toBe('loss \\x1b]777;notify;a;b\\x07');
  });
});

describe('notify gate', () => {
  const e = (kind: NotifyKind, body = 'x') => ({ kind, title: 't', body, atMs: 0 });

  it('drops the kinds turned off', () => {
    const g = new NotifyGate((k) => k !== 'fill', 0);
    expect(kinds(g.admit([e('fill'), e('guard')], 0))).toEqual(['guard']);
  });

  it('notify-storm-rate-limited: a burst of 3, then one per 10 s carrying the count of those dropped', () => {
    const g = new NotifyGate(() => true, 0);
    expect(g.admit([e('fill'), e('fill'), e('fill'), e('fill'), e('fill')], 0)).toHaveLength(3);
    expect(g.admit([e('fill')], 5_000)).toEqual([]);
    expect(g.admit([e('guard', 'limit')], 10_000).map((x) => x.body)).toEqual(['limit (+3 more not shown)']);
  });
});
