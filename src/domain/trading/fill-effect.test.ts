import { describe, expect, it } from 'vitest';
import { PositionStatusReason as R } from '../../protocol/enums.js';
import type { BlockTxLogTimestamp, Fill, Position } from '../../protocol/frames.js';
import { fillEffects } from './fill-effect.js';
import { restingOrderEffect } from './resting-order-effect.js';

const fill = (oid: number, l: number, over: Partial<Fill> = {}): Fill => ({ at: { b: 50, tx: 2, l }, mkt: 1, acc: 5, oid, t: 2, l: 2, p: 100, s: 1, f: '1', ...over });
const event = (oid: number, l: number, sr: number, dpnl = '0'): Position => ({ at: { b: 50, tx: 2, l }, mkt: 1, acc: 5, pid: 9, rq: 1, oid, st: sr === R.PositionClosed ? 2 : 1, sr, sd: 1, c: '0', ep: 100, s: 1, lv: 100, dpnl });

/** Events by order and transaction, as the trading state keeps them. */
function index(events: Position[]) {
  return (oid: number, at: BlockTxLogTimestamp) => events.filter((e) => e.oid === oid && e.at.b === at.b && e.at.tx === at.tx);
}

describe('fill effects from the position events of the same order', () => {
  it('a sell taking 0.01 off a 0.02 long is a reduce with its realized PnL; the rest of it a close', () => {
    const fills = [fill(8, 4), fill(7, 4, { at: { b: 40, tx: 1, l: 4 } })];
    const events = [event(8, 3, R.PositionClosed, '-200'), { ...event(7, 3, R.PositionDecreased, '1500'), at: { b: 40, tx: 1, l: 3 } }];
    expect(fillEffects(fills, index(events))).toEqual([
      { effect: 'close', realizedPnl: '-200' },
      { effect: 'reduce', realizedPnl: '1500' },
    ]);
  });

  it('opens and increases are opens (no realized PnL); a close followed by the new side is one flip', () => {
    expect(fillEffects([fill(1, 4)], index([event(1, 3, R.PositionOpened)]))).toEqual([{ effect: 'open', realizedPnl: null }]);
    expect(fillEffects([fill(1, 4)], index([event(1, 3, R.PositionIncreased)]))).toEqual([{ effect: 'open', realizedPnl: null }]);
    expect(fillEffects([fill(1, 6)], index([event(1, 3, R.PositionClosed, '700'), event(1, 5, R.PositionInverted)]))).toEqual([{ effect: 'flip', realizedPnl: '700' }]);
  });

  it('one order matching three makers in one transaction: fills and events pair in log order', () => {
    const fills = [fill(3, 9), fill(3, 5), fill(3, 7)];
    const events = [event(3, 4, R.PositionDecreased, '10'), event(3, 6, R.PositionDecreased, '20'), event(3, 8, R.PositionClosed, '30')];
    expect(fillEffects(fills, index(events))).toEqual([
      { effect: 'close', realizedPnl: '30' },
      { effect: 'reduce', realizedPnl: '10' },
      { effect: 'reduce', realizedPnl: '20' },
    ]);
  });

  it('fills and events that do not pair share the combined effect, the realized PnL shown once', () => {
    const fills = [fill(3, 5), fill(3, 7)];
    expect(fillEffects(fills, index([event(3, 8, R.PositionClosed, '30')]))).toEqual([
      { effect: 'close', realizedPnl: '30' },
      { effect: 'close', realizedPnl: null },
    ]);
  });

  it('no event seen for a fill: its effect is unknown (null), never guessed from its type', () => {
    expect(fillEffects([fill(4, 4)], index([event(5, 3, R.PositionOpened)]))).toEqual([null]);
  });
});

describe('open orders by what they would do if filled now', () => {
  const long = { side: 1, size: 200 };
  it('reduce-not-open: a sell of 0.01 while long 0.02 reduces; of 0.02 closes; of 0.03 flips', () => {
    expect(restingOrderEffect({ type: 2, originalSize: 100, filledSize: 0 }, long)).toBe('reduce');
    expect(restingOrderEffect({ type: 2, originalSize: 200, filledSize: 0 }, long)).toBe('close');
    expect(restingOrderEffect({ type: 2, originalSize: 300, filledSize: 0 }, long)).toBe('flip');
    expect(restingOrderEffect({ type: 2, originalSize: 300, filledSize: 150 }, long)).toBe('reduce'); // the remaining 150
  });
  it('a buy while long, or any open without a position, opens; a close is clamped to the position', () => {
    expect(restingOrderEffect({ type: 1, originalSize: 100, filledSize: 0 }, long)).toBe('open');
    expect(restingOrderEffect({ type: 2, originalSize: 100, filledSize: 0 }, undefined)).toBe('open');
    expect(restingOrderEffect({ type: 3, originalSize: 500, filledSize: 0 }, long)).toBe('close');
    expect(restingOrderEffect({ type: 3, originalSize: 50, filledSize: 0 }, long)).toBe('reduce');
  });
  it('what no fill can do: a close of a side not held, a cancel', () => {
    expect(restingOrderEffect({ type: 4, originalSize: 50, filledSize: 0 }, long)).toBeNull();
    expect(restingOrderEffect({ type: 3, originalSize: 50, filledSize: 0 }, undefined)).toBeNull();
    expect(restingOrderEffect({ type: 5, originalSize: 0, filledSize: 0 }, long)).toBeNull();
  });
});
