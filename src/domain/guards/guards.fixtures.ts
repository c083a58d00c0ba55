// A BTC position and resting orders as the guards' unit tests hold them (price 1 decimal, size 5).

import { OrderType, PositionSide } from '../../protocol/enums.js';
import type { Order, Position } from '../../protocol/frames.js';
import { btcTestMarket } from '../trading/market.fixtures.js';
import { NO_GUARDS, type GuardLimits } from './guard-limits.js';
import type { GuardBook } from './guarded-order.js';

/** USD -> atoms. */
export const usd = (n: number): bigint => BigInt(n) * 1_000_000n;

export function btcPosition(side: PositionSide, size: number, entry = 670_000): Position {
  return { at: {}, mkt: 16, acc: 1, pid: 77, st: 1, sr: 0, sd: side, c: '1000000000', ep: entry, s: size, lv: 500 } as unknown as Position;
}

export function restingOrder(oid: number, t: number, size: number, price: number, filled = 0): Order {
  return { at: {}, rq: oid, mkt: 16, acc: 1, oid, st: 2, t, os: size, fs: filled, p: price, fl: 0, lv: 500 } as unknown as Order;
}

/** The BTC market at mark 67,000 (null: no live mark) with the given position and orders. */
export function btcBook(positions: Position[] = [], orders: Order[] = [], mark: number | null = 670_000): GuardBook {
  return { market: btcTestMarket(), mark: mark ?? undefined, positions, orders: new Map(orders.map((o) => [o.oid, o])) };
}

export function limits(over: Partial<GuardLimits>): GuardLimits {
  return { ...NO_GUARDS, ...over };
}

export const OPEN_LONG = OrderType.OpenLong;
export const OPEN_SHORT = OrderType.OpenShort;
