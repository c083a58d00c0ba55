// A state file's account (`perpl sim --state FILE`) is anyone's to edit: the restore checks values
// and invariants, not only types, and names the field it refuses. Before, every tampered file below loaded.

import { describe, expect, it } from 'vitest';
import { OrderStatusReason } from '../../protocol/enums.js';
import type { AccountSnapshot } from './types.js';
import { MAX_PRICE, MAX_SIZE } from './limits.js';
import { accountWithEverySavedKind, BTC, EngineDriver, PX } from './testkit.js';

type Row = Record<string, unknown>;

/** An account with a long, a resting bid and a stop-loss trigger, as `--state` saves it. */
function savedAccount(): AccountSnapshot {
  const d = new EngineDriver();
  const snapshot = d.engine.snapshotAccount(accountWithEverySavedKind(d));
  expect(snapshot.positions).toHaveLength(1);
  expect(snapshot.orders.map((o) => o.trigger)).toEqual([false, true]);
  return JSON.parse(JSON.stringify(snapshot)) as AccountSnapshot;
}

const restore = (snapshot: unknown): number => new EngineDriver().engine.restoreAccount(snapshot);
const tampered = (edit: (s: AccountSnapshot & { positions: Row[]; orders: Row[] }) => void): AccountSnapshot => {
  const s = savedAccount() as AccountSnapshot & { positions: Row[]; orders: Row[] };
  edit(s);
  return s;
};

describe('state file account: values and invariants', () => {
  it('a saved account restores whole (the checks refuse nothing the engine wrote)', () => {
    const d = new EngineDriver();
    const id = d.engine.restoreAccount(savedAccount());
    expect(d.engine.openPositions(id)).toHaveLength(1);
    expect(d.engine.openOrders(id)).toHaveLength(2);
  });

  it('state-negative-balance-loaded: refused, naming balance', () => {
    expect(() => restore(tampered((s) => void (s.balance = '-1')))).toThrow('account.balance: must be at least 0 (it is -1)');
  });

  it('state-position-past-safe-range-loaded: a position of 2^53-1 is refused, naming its size', () => {
    expect(() => restore(tampered((s) => void (s.positions[0]!.size = Number.MAX_SAFE_INTEGER)))).toThrow(`account.positions[0].size: must be from 1 to ${MAX_SIZE}`);
  });

  it('state-negative-size-loaded: an order of size -5 is refused, naming its size', () => {
    expect(() => restore(tampered((s) => void (s.orders[0]!.size = -5)))).toThrow('account.orders[0].size: must be from 1');
  });

  it('state-duplicate-position-loaded: two positions in one market, or one pid twice, are refused', () => {
    expect(() => restore(tampered((s) => s.positions.push({ ...s.positions[0]!, pid: Number(s.positions[0]!.pid) + 1 })))).toThrow(`account.positions[1].mkt: a second position in market ${BTC}`);
  });

  it('state-duplicate-order-id-loaded: one oid twice is refused, naming the second', () => {
    expect(() => restore(tampered((s) => s.orders.push({ ...s.orders[0]!, price: PX - 6_000 })))).toThrow(/account\.orders\[2\]\.oid: \d+ is used twice/);
  });

  it('state-20000-triggers-loaded: more triggers than the cap of 16 are refused (17 is already one too many)', () => {
    const many = (n: number) =>
      tampered((s) => {
        const trigger = s.orders[1]!;
        for (let i = 1; i < n; i++) s.orders.push({ ...trigger, oid: Number(trigger.oid) + i });
      });
    expect(() => restore(many(17))).toThrow('account.orders: 17 triggers, more than the cap of 16');
    expect(restore(many(16))).toBeGreaterThan(0);
  });

  it('prices, fills and statuses out of line are refused with their field', () => {
    expect(() => restore(tampered((s) => void (s.orders[0]!.price = MAX_PRICE + 1)))).toThrow('account.orders[0].price: must be from 0 to');
    expect(() => restore(tampered((s) => void (s.orders[1]!.tp = 0)))).toThrow('account.orders[1].tp: a trigger needs a trigger price');
    expect(() => restore(tampered((s) => void (s.orders[0]!.filled = s.orders[0]!.size)))).toThrow('account.orders[0].filled:');
    expect(() => restore(tampered((s) => void (s.orders[0]!.trigger = true)))).toThrow('account.orders[0].st: a trigger must be untriggered');
    expect(() => restore(tampered((s) => void (s.positions[0]!.lv = 0)))).toThrow('account.positions[0].lv: must be at least 1');
    expect(() => restore(tampered((s) => void (s.positions[0]!.collateral = '-5')))).toThrow('account.positions[0].collateral:');
  });

  it('restored-short-counted-as-open-interest: a restored short adds nothing to open interest (only longs count)', () => {
    const d = new EngineDriver();
    const before = d.engine.marketState(BTC)!.oi;
    const short = tampered((s) => void (s.positions[0]!.sd = 2));
    d.engine.restoreAccount({ ...short, orders: [] });
    expect(d.engine.marketState(BTC)!.oi).toBe(before);
  });
});

describe('engine limits: what is kept is what a state file may hold', () => {
  it('trigger-past-the-size-limit-kept: a trigger of 2^53-1 fails sr 42 at once instead of waiting (a saved file with it would not load)', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    const rows = d.exec(a, { t: 3, p: 0, s: Number.MAX_SAFE_INTEGER, tp: PX - 10_000, tpc: 4, fl: 4, lv: 0 });
    expect(rows.at(-1)).toMatchObject({ st: 7, sr: OrderStatusReason.SizeOutOfRange });
    const priced = d.exec(a, { t: 3, p: 0, s: 10, tp: MAX_PRICE + 1, tpc: 3, fl: 4, lv: 0 });
    expect(priced.at(-1)).toMatchObject({ st: 7, sr: OrderStatusReason.PriceOutOfRange });
    expect(d.engine.openOrders(a)).toEqual([]);
  });
});
