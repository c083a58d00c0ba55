// A small exchange model for the ledger's tests: isolated positions settled as the local exchange settles
// them (margin posted with the fee on opens; collateral released pro rata with the PnL less the fee on
// closes; funding moving collateral, not the balance; a flip closes then opens). It writes the wire records
// the ledger reads (fills, account events with the balance after each, position rows with `dpnl`), so the
// fold is checked against balances it never sees.

import { AccountEventType, OrderType, PositionStatusReason } from '../../protocol/enums.js';
import type { AccountEvent, Fill, Position } from '../../protocol/frames.js';

const ACC = 7;

interface ModelPosition {
  mkt: number;
  pid: number;
  sd: 1 | 2;
  size: number;
  entryValue: bigint;
  collateral: bigint;
}

export class LedgerModel {
  readonly fills: Fill[] = [];
  readonly events: AccountEvent[] = [];
  readonly rows: Position[] = [];
  balance = 0n;
  private block = 1_000;
  private nextId = 1;
  private readonly positions = new Map<number, ModelPosition>();

  constructor(private readonly scale: (mkt: number) => bigint = () => 1n) {}

  private stamp(l: number) {
    return { b: this.block, t: this.block * 1000, tx: 1, l };
  }

  private event(et: number, a: bigint, f: bigint, over: Partial<AccountEvent> = {}): void {
    this.events.push({ at: this.stamp(this.events.length + 10), in: 1, id: ACC, et, a: a.toString(), b: this.balance.toString(), lb: '0', f: f.toString(), ...over });
  }

  /** Moves time on by `blocks` blocks (a block is a second). */
  advance(blocks = 1): void {
    this.block += blocks;
  }

  /** Current block time (ms). */
  get nowMs(): number {
    return this.block * 1000;
  }

  deposit(amount: bigint): void {
    this.advance();
    this.balance += amount;
    this.event(AccountEventType.Deposit, amount, 0n);
  }

  /** One fill of an order: `direction` +1 buys. `fee` negative is a rebate. */
  fill(mkt: number, direction: 1 | -1, size: number, price: number, fee: bigint): void {
    this.advance();
    const oid = this.nextId++ << 16;
    const pos = this.positions.get(mkt);
    const opensLong = direction > 0;
    const t = pos && (pos.sd === 1) !== opensLong ? (opensLong ? OrderType.CloseShort : OrderType.CloseLong) : opensLong ? OrderType.OpenLong : OrderType.OpenShort;
    this.fills.push({ at: this.stamp(1), mkt, acc: ACC, oid, t, l: 2, p: price, s: size, f: fee.toString() });
    const reduce = pos && (pos.sd === 1) !== opensLong ? Math.min(size, pos.size) : 0;
    const feeReduce = reduce === size ? fee : (fee * BigInt(reduce)) / BigInt(size);
    if (pos && reduce > 0) {
      const full = reduce >= pos.size;
      const released = full ? pos.collateral : (pos.collateral * BigInt(reduce)) / BigInt(pos.size);
      const entry = full ? pos.entryValue : (pos.entryValue * BigInt(reduce)) / BigInt(pos.size);
      const exit = BigInt(price) * BigInt(reduce) * this.scale(mkt);
      const pnl = pos.sd === 1 ? exit - entry : entry - exit;
      const credit = released + pnl - feeReduce;
      pos.size -= reduce;
      pos.collateral -= released;
      pos.entryValue -= entry;
      this.balance += credit;
      this.event(AccountEventType.Settlement, credit, feeReduce, { m: mkt, o: oid });
      this.rows.push(this.row(pos, oid, full ? PositionStatusReason.PositionClosed : PositionStatusReason.PositionDecreased, reduce, pnl));
      if (pos.size === 0) this.positions.delete(mkt);
    }
    const add = size - reduce;
    if (add > 0) {
      const addFee = fee - feeReduce;
      const value = BigInt(price) * BigInt(add) * this.scale(mkt);
      // Twice the notional as margin: no close in these tests loses more than its collateral.
      const margin = value * 2n;
      let p = this.positions.get(mkt);
      const opened = !p;
      if (!p) {
        p = { mkt, pid: this.nextId++, sd: opensLong ? 1 : 2, size: 0, entryValue: 0n, collateral: 0n };
        this.positions.set(mkt, p);
      }
      p.size += add;
      p.entryValue += value;
      p.collateral += margin;
      this.balance -= margin + addFee;
      this.event(AccountEventType.Settlement, -(margin + addFee), addFee, { m: mkt, o: oid });
      const sr = reduce > 0 ? PositionStatusReason.PositionInverted : opened ? PositionStatusReason.PositionOpened : PositionStatusReason.PositionIncreased;
      this.rows.push(this.row(p, oid, sr, add, 0n));
    }
  }

  /** A funding interval on `mkt`: `amount` (negative paid) moves the position's collateral. */
  funding(mkt: number, amount: bigint): void {
    const pos = this.positions.get(mkt);
    if (!pos) return;
    this.advance();
    pos.collateral += amount;
    this.event(AccountEventType.Funding, amount, 0n, { m: mkt, p: pos.pid });
    this.rows.push({ ...this.row(pos, 0, 0, 0, 0n), fnd: amount.toString() });
  }

  /**
   * A top-up (et 3) into the position's collateral, given back at the close: from the balance (the local
   * exchange) or, as live books it, from outside the balance (`b` unchanged).
   */
  topUp(mkt: number, amount: bigint, fromOutside = false): void {
    const pos = this.positions.get(mkt);
    if (!pos) return;
    this.advance();
    pos.collateral += amount;
    if (!fromOutside) this.balance -= amount;
    this.event(AccountEventType.IncreasePositionCollateral, -amount, 0n, { p: pos.pid });
  }

  openPosition(mkt: number): { size: number; sd: 1 | 2 } | undefined {
    const p = this.positions.get(mkt);
    return p && { size: p.size, sd: p.sd };
  }

  private row(p: ModelPosition, oid: number, sr: number, s: number, dpnl: bigint): Position {
    return {
      at: this.stamp(2), mkt: p.mkt, acc: ACC, pid: p.pid, rq: 0, oid,
      st: p.size === 0 ? 2 : 1, sr, sd: p.sd, c: '0', ep: 0, s, fee: '0', cfee: '0', efs: 0, lv: 100, dpnl: dpnl.toString(), fnd: '0', xfs: 0,
    };
  }
}
