// Settlement of one fill for one account: open, increase, reduce, close or invert its isolated position.
// Double-entry: every atom leaving a balance lands in a position's collateral, the fee account or the
// pool (the counterparty of realised PnL), so balances + collateral + fees + pool never changes.

import { AccountEventType, LiquiditySide, PositionStatus, PositionStatusReason } from '../../protocol/enums.js';
import { adjustLocked, publishFill, publishPosition, recordEvent } from './accounts.js';
import type { EngineCore } from './core.js';
import { feeFor, marginFor, maxBig, minBig, notional, tierFeeMicros } from './money.js';
import type { AccountRecord, OrderRecord, PositionRecord } from './records.js';
import { restingLock } from './resting.js';

/** Side of the position an order of this side opens: buys are long (1), sells short (2). */
export function openingSide(order: OrderRecord): 1 | 2 {
  return order.side === 'buy' ? 1 : 2;
}

/** Unrealised PnL of a position at `price`, in atoms. */
export function unrealizedPnl(pos: PositionRecord, price: number, scale: bigint): bigint {
  const value = notional(price, pos.size, scale);
  return pos.sd === 1 ? value - pos.entryNotional : pos.entryNotional - value;
}

/**
 * Applies one fill of `qty` at `price` to `order` and its account's position.
 * `liquidity` is 1 for the resting (maker) side, 2 for the taker.
 */
export function settleFill(core: EngineCore, order: OrderRecord, price: number, qty: number, liquidity: 1 | 2): void {
  const account = core.account(order.acc);
  const market = core.market(order.mkt);
  const value = notional(price, qty, market.scale);
  const fee = feeFor(value, tierFeeMicros(market.spec, account.ft, liquidity === LiquiditySide.Maker ? 'maker' : 'taker'));

  if (liquidity === LiquiditySide.Maker && order.locked > 0n) {
    const before = order.size - order.filled;
    const release = qty >= before ? order.locked : (order.locked * BigInt(qty)) / BigInt(before);
    order.locked -= release;
    adjustLocked(core, account, -release);
  }
  order.filled += qty;
  order.filledNotional += value;
  order.fee += fee;
  account.stats.volume += value;
  account.stats.fees += fee;
  core.out.statsChanged(account.id);

  publishFill(core, account, { mkt: order.mkt, oid: order.oid, t: order.t, l: liquidity, p: price, s: qty, f: fee.toString(), bfa: '0' });

  const side = openingSide(order);
  const pos = account.positions.get(order.mkt);
  if (!pos || pos.sd === side) {
    increase(core, account, order, pos, qty, value, fee);
    return;
  }
  const reduceQty = Math.min(qty, pos.size);
  const openQty = qty - reduceQty;
  const feeReduce = openQty === 0 ? fee : (fee * BigInt(reduceQty)) / BigInt(qty);
  reduce(core, account, order, pos, price, reduceQty, feeReduce);
  if (openQty > 0) {
    increase(core, account, order, undefined, openQty, notional(price, openQty, market.scale), fee - feeReduce, true);
  }
}

function increase(
  core: EngineCore,
  account: AccountRecord,
  order: OrderRecord,
  existing: PositionRecord | undefined,
  qty: number,
  value: bigint,
  fee: bigint,
  inverted = false,
): void {
  const market = core.market(order.mkt);
  const lv = order.lv > 0 ? order.lv : (existing?.lv ?? 100);
  // A fill worse than the mark starts with negative PnL; like the live exchange, that loss is
  // collateralised on top of the margin (`cpnl`), as far as the free balance allows.
  const side = openingSide(order);
  const atMark = notional(market.mark, qty, market.scale);
  const lossAtMark = side === 1 ? value - atMark : atMark - value;
  // What the rest of a taker order may still need to lock when it rests is not free for cpnl.
  const reserve = order.locked > 0n ? 0n : restingLock(core, order);
  const free = account.balance - account.locked - marginFor(value, lv) - fee - reserve;
  const cpnl = lossAtMark > 0n && free > 0n ? minBig(lossAtMark, free) : 0n;
  const margin = marginFor(value, lv) + cpnl;
  account.balance -= margin + fee;
  core.protocol.fees += fee;
  let pos = existing;
  if (!pos) {
    pos = {
      pid: core.allocId(),
      acc: account.id,
      mkt: order.mkt,
      sd: openingSide(order),
      size: 0,
      entryNotional: 0n,
      collateral: 0n,
      lv,
      entryFees: 0n,
      realizedPnl: 0n,
      funding: 0n,
      efs: market.fundingSum,
      opened: core.stamp,
    };
    account.positions.set(order.mkt, pos);
    market.positions.add(pos);
  }
  pos.size += qty;
  pos.entryNotional += value;
  pos.collateral += margin;
  pos.entryFees += fee;
  pos.lv = lv;
  if (existing) pos.opened = core.stamp;
  if (pos.sd === 1) market.openInterest += qty;
  recordEvent(core, account, { et: AccountEventType.Settlement, a: -(margin + fee), f: fee, m: order.mkt, r: order.rq, o: order.oid, p: pos.pid });
  const sr = inverted
    ? PositionStatusReason.PositionInverted
    : existing
      ? PositionStatusReason.PositionIncreased
      : PositionStatusReason.PositionOpened;
  publishPosition(core, pos, { st: PositionStatus.Open, sr, rq: order.rq, oid: order.oid, cpnl, event: { s: qty, c: margin, fee, cfee: 0n } });
}

function reduce(
  core: EngineCore,
  account: AccountRecord,
  order: OrderRecord,
  pos: PositionRecord,
  price: number,
  qty: number,
  fee: bigint,
): void {
  const market = core.market(order.mkt);
  const full = qty >= pos.size;
  const released = full ? pos.collateral : (pos.collateral * BigInt(qty)) / BigInt(pos.size);
  const entryPortion = full ? pos.entryNotional : (pos.entryNotional * BigInt(qty)) / BigInt(pos.size);
  const exitValue = notional(price, qty, market.scale);
  const pnl = pos.sd === 1 ? exitValue - entryPortion : entryPortion - exitValue;
  const available = released + pnl;
  // A loss beyond the released collateral is not collected (isolated margin): the pool absorbs it.
  const feeTaken = fee < 0n ? fee : fee > maxBig(available, 0n) ? maxBig(available, 0n) : fee;
  const credit = maxBig(available - feeTaken, 0n);
  account.balance += credit;
  core.protocol.fees += feeTaken;
  core.protocol.pool += released - credit - feeTaken;

  // Live reports a decrease / close with the entry fees of the closed size plus this close's fee in the
  // event row's `fee`, and the close fee alone in `cfee` (wire.md 8.8; the fold must not add both).
  const entryFeeShare = full ? pos.entryFees : (pos.entryFees * BigInt(qty)) / BigInt(pos.size);
  const closedEntry = { notional: pos.entryNotional, size: pos.size };
  pos.size -= qty;
  pos.collateral -= released;
  pos.entryNotional -= entryPortion;
  pos.entryFees -= entryFeeShare;
  pos.realizedPnl += pnl;
  if (pos.sd === 1) market.openInterest -= qty;
  account.stats.realizedPnl += pnl - feeTaken;
  account.stats.closes += 1;
  if (pnl > 0n) account.stats.wins += 1;
  // The fill's fee was counted in full by settleFill; correct for any part the pool absorbed.
  account.stats.fees += feeTaken - fee;

  recordEvent(core, account, { et: AccountEventType.Settlement, a: credit, f: feeTaken, m: order.mkt, r: order.rq, o: order.oid, p: pos.pid });
  const event = { s: qty, c: -released, fee: entryFeeShare + feeTaken, cfee: feeTaken };
  const exit = { xp: price, xfs: market.fundingSum };
  if (pos.size === 0) {
    closePosition(core, account, pos);
    publishPosition(core, pos, {
      st: PositionStatus.Closed,
      sr: PositionStatusReason.PositionClosed,
      rq: order.rq,
      oid: order.oid,
      exit,
      closedEntry,
      dpnl: pnl,
      event,
    });
  } else {
    publishPosition(core, pos, {
      st: PositionStatus.Open,
      sr: PositionStatusReason.PositionDecreased,
      rq: order.rq,
      oid: order.oid,
      exit,
      dpnl: pnl,
      event,
    });
  }
}

/** Removes a position that reached size 0 (or was liquidated) and schedules its linked cleanups. */
export function closePosition(core: EngineCore, account: AccountRecord, pos: PositionRecord): void {
  account.positions.delete(pos.mkt);
  core.market(pos.mkt).positions.delete(pos);
  core.positionsGone.push(pos);
}
