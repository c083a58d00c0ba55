// Internal records -> wire shapes (the fields and types wire.md 8 shows live).

import type { Account, AccountStats, BlockTxLogTimestamp, Order, Position } from '../../protocol/frames.js';
import type { AccountRecord, OrderRecord, PositionRecord } from './records.js';

/** Statuses after which an order leaves the open-orders view. */
const TERMINAL = new Set([4, 5, 6, 7, 10]);

/** `scale` is the market's notional scale, to turn the filled notional back into an average price. */
export function orderToWire(o: OrderRecord, at: BlockTxLogTimestamp, scale: bigint): Order {
  const w: Order = {
    at,
    c: { b: o.created.b, t: o.created.t, tx: o.created.tx },
    rq: o.rq,
    mkt: o.mkt,
    acc: o.acc,
    oid: o.oid,
    scid: o.scid,
    st: o.st,
    sr: o.sr,
    t: o.t,
    os: o.size,
    fp: o.filled > 0 ? Number(o.filledNotional / (BigInt(o.filled) * scale)) : 0,
    fs: o.filled,
    f: o.fee.toString(),
    bfa: '0',
    fl: o.fl,
    mm: 10,
    lv: o.lv,
  };
  if (TERMINAL.has(o.st)) w.r = true;
  if (o.fr !== undefined) w.fr = o.fr;
  if (o.price > 0) w.p = o.price;
  if (o.tif > 0) w.tif = o.tif;
  if (o.tp > 0) w.tp = o.tp;
  if (o.tpc > 0) w.tpc = o.tpc;
  if (o.lp > 0) w.lp = o.lp;
  if (o.tr > 0) w.tr = o.tr;
  if (o.mnp !== undefined) w.mnp = o.mnp;
  return w;
}

export interface PositionRowExtras {
  st: number;
  sr: number;
  rq?: number;
  oid?: number;
  /** Realized PnL of this event (on the event row, and on the state row as the sim always sent it). */
  dpnl?: bigint;
  /** Funding realized by this event: on the event row only (the state row keeps live's "0"). */
  fnd?: bigint;
  /** Negative PnL collateralised by this fill (only on `e[]` rows of opens/increases). */
  cpnl?: bigint;
  /** A decrease or close: exit price and funding sum at exit (event row; the state row too once closed). */
  exit?: { xp: number; xfs: number };
  /** The entry of the size before a full close (the closing rows keep `ep`/`epr`, as live). */
  closedEntry?: { notional: bigint; size: number };
  /**
   * The `e[]` row: size traded by this event (unsigned), the signed collateral change, its `fee`
   * (an open / increase: that fill's fee; a decrease / close: the entry fees of the closed size plus
   * the close fee) and `cfee` (the close fee alone; 0 on opens).
   */
  event?: { s: number; c: bigint; fee: bigint; cfee?: bigint };
}

/** Entry price in ticks plus the Q16 fractional residue `epr` of `notional` over `size`. */
function entryPrice(notional: bigint, size: number, scale: bigint): { ep: number; epr: number } {
  if (size === 0) return { ep: 0, epr: 0 };
  const denom = BigInt(size) * scale;
  const ep = notional / denom;
  const epr = ((notional - ep * denom) * 65536n) / denom;
  return { ep: Number(ep), epr: Number(epr) };
}

/**
 * A position row as live sends it (wire.md 8.8, captures): the state row carries the entry fees still
 * outstanding in `fee` (0 once closed), `cfee` "0", `fnd` "0"; a closed row keeps `ep`/`epr` and has
 * `xp`/`xfs`; `epr` only when non-zero. The event row (`e[0]`) carries this event's deltas, `ots` {}.
 */
export function positionToWire(p: PositionRecord, at: BlockTxLogTimestamp, scale: bigint, x: PositionRowExtras): Position {
  const closed = x.st !== 1;
  const { ep, epr } = x.closedEntry ? entryPrice(x.closedEntry.notional, x.closedEntry.size, scale) : entryPrice(p.entryNotional, p.size, scale);
  const row: Position = {
    at,
    mkt: p.mkt,
    acc: p.acc,
    pid: p.pid,
    rq: 0,
    oid: 0,
    st: x.st,
    sr: x.sr,
    sd: p.sd,
    c: closed ? '0' : p.collateral.toString(),
    ep,
    ...(epr !== 0 ? { epr } : {}),
    s: closed ? 0 : p.size,
    fee: closed ? '0' : p.entryFees.toString(),
    cfee: '0',
    efs: p.efs,
    lv: p.lv,
    cpnl: '0',
    dpnl: (x.dpnl ?? 0n).toString(),
    fnd: '0',
    pay: '0',
    ...(closed && x.exit ? { xp: x.exit.xp } : {}),
    xfs: closed && x.exit ? x.exit.xfs : 0,
    ots: { b: p.opened.b, t: p.opened.t, tx: p.opened.tx },
  };
  if (x.event) {
    row.e = [
      {
        ...row,
        rq: x.rq ?? 0,
        oid: x.oid ?? 0,
        s: x.event.s,
        c: x.event.c.toString(),
        fee: x.event.fee.toString(),
        cfee: (x.event.cfee ?? 0n).toString(),
        cpnl: (x.cpnl ?? 0n).toString(),
        fnd: (x.fnd ?? 0n).toString(),
        ...(x.exit ? { xp: x.exit.xp, xfs: x.exit.xfs } : {}),
        ots: {},
      },
    ];
  }
  return row;
}

/** Snapshot row of an open position: `sr` 0, empty `at`, no events (as live snapshots look). */
export function positionSnapshot(p: PositionRecord, scale: bigint): Position {
  return positionToWire(p, {}, scale, { st: 1, sr: 0 });
}

export function accountToWire(a: AccountRecord, instanceId: number): Account {
  return {
    mt: 0,
    in: instanceId,
    id: a.id,
    fr: false,
    fw: a.fw,
    ft: a.ft,
    lfr: a.lfr,
    b: a.balance.toString(),
    lb: a.locked.toString(),
  };
}

export function statsToWire(a: AccountRecord, instanceId: number): AccountStats {
  const s = a.stats;
  return {
    mt: 0,
    in: instanceId,
    id: a.id,
    td: s.deposits.toString(),
    tw: s.withdrawals.toString(),
    tv: s.volume.toString(),
    tf: s.fees.toString(),
    tbf: '0',
    trp: s.realizedPnl.toString(),
    wr: s.closes === 0 ? 0 : Math.floor((s.wins * 10_000) / s.closes),
    tt: s.closes,
  };
}
