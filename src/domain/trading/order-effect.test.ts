import { describe, expect, it } from 'vitest';
import { PositionSide } from '../../protocol/enums.js';
import { orderEffect } from './order-effect.js';

const { Long, Short } = PositionSide;
const long = (size: number) => ({ side: Long, size });

describe('orderEffect: what an order does to the position it meets', () => {
  it('selling-part-of-a-long-is-a-reduce-not-a-short: 0.01 sold from 0.02 long reduces it to 0.01', () => {
    expect(orderEffect(long(2_000), Short, 1_000n)).toEqual({
      kind: 'reduce', reduceSize: 1_000n, openSize: 0n, sideBefore: Long, sizeBefore: 2_000n, sideAfter: Long, sizeAfter: 1_000n,
    });
  });
  it('flat opens; the same side increases', () => {
    expect(orderEffect(null, Short, 5n)).toMatchObject({ kind: 'open', openSize: 5n, reduceSize: 0n, sideAfter: Short, sizeAfter: 5n });
    expect(orderEffect({ side: Long, size: 0 }, Long, 5n)).toMatchObject({ kind: 'open', sideBefore: null });
    expect(orderEffect(long(3), Long, 5n)).toMatchObject({ kind: 'increase', openSize: 5n, sizeAfter: 8n, sideAfter: Long });
  });
  it('exactly the position closes it; more flips it with both parts', () => {
    expect(orderEffect(long(3), Short, 3n)).toMatchObject({ kind: 'close', reduceSize: 3n, openSize: 0n, sideAfter: null, sizeAfter: 0n });
    expect(orderEffect(long(3), Short, 5n)).toMatchObject({ kind: 'flip', reduceSize: 3n, openSize: 2n, sideAfter: Short, sizeAfter: 2n });
    expect(orderEffect({ side: Short, size: 3n }, Long, 5n)).toMatchObject({ kind: 'flip', sideAfter: Long });
  });
  it('a reduce-only close never opens: clamped to the position, nothing on a flat or same-side account', () => {
    expect(orderEffect(long(3), Short, 5n, { reduceOnly: true })).toMatchObject({ kind: 'close', reduceSize: 3n, openSize: 0n });
    expect(orderEffect(long(3), Short, 2n, { reduceOnly: true })).toMatchObject({ kind: 'reduce', reduceSize: 2n });
    expect(orderEffect(null, Short, 2n, { reduceOnly: true })).toMatchObject({ kind: 'none', reduceSize: 0n, openSize: 0n });
    expect(orderEffect(long(3), Long, 2n, { reduceOnly: true })).toMatchObject({ kind: 'none', sizeAfter: 3n });
  });
  it('a zero size does nothing', () => {
    expect(orderEffect(long(3), Short, 0n)).toMatchObject({ kind: 'none', sizeAfter: 3n, sideAfter: Long });
  });
});
