import { describe, expect, it } from 'vitest';
import type { Account, Fill, Order } from '../../protocol/index.js';
import type { AccountOutput } from '../engine/types.js';
import { PendingAccountUpdates } from './account-batches.js';

const account = (b: string, events: number): Account => ({
  in: 1,
  id: 7,
  fr: false,
  fw: true,
  lfr: 0,
  b,
  lb: '0',
  h: Array.from({ length: events }, (_, i) => ({ at: {}, in: 1, id: 7, et: 4, a: String(i), b, lb: '0', f: '0' })),
});
const order = (rq: number): Order => ({ at: {}, rq, mkt: 1, acc: 7, oid: rq, st: 4, t: 1, os: 1, fs: 1, fl: 0, lv: 100 });
const fill = (oid: number): Fill => ({ at: {}, mkt: 1, acc: 7, oid, t: 1, l: 1, s: 1, f: '0' });
const out = (o: Partial<AccountOutput>): Map<number, AccountOutput> =>
  new Map([[7, { orders: [], fills: [], positions: [], ...o }]]);

describe('pending account updates', () => {
  it('nothing-lost-between-blocks: flow-step updates merge with the block, events and records in order', () => {
    const p = new PendingAccountUpdates();
    p.add(out({ account: account('100', 1), orders: [order(1)], fills: [fill(1)] }));
    p.add(out({ account: account('90', 2), orders: [order(2)], fills: [fill(2)] }));
    const merged = p.takeWith(out({ orders: [order(3)] })).get(7)!;
    expect(merged.account!.b).toBe('90');
    expect(merged.account!.h).toHaveLength(3);
    expect(merged.orders.map((o) => o.rq)).toEqual([1, 2, 3]);
    expect(merged.fills.map((f) => f.oid)).toEqual([1, 2]);
  });

  it('hold-cleared-after-block: a second block does not repeat what the first delivered', () => {
    const p = new PendingAccountUpdates();
    p.add(out({ orders: [order(1)] }));
    expect(p.takeWith(new Map()).get(7)!.orders).toHaveLength(1);
    expect(p.takeWith(new Map()).size).toBe(0);
  });
});
