// Round trips from fills, funding and the exchange's realized PnL, per market in chain order.
//
// - A fill in the position's direction adds; against it, it takes size off; past flat it flips: the trip
//   ends at that fill and a new one starts with the rest, the fill's fee split pro rata (fee-split.ts).
// - Gross PnL of a fill that takes size off is the exchange's own (`dpnl` of the position rows of that
//   order in that transaction), to the atom; without those rows it is priced as the local exchange does:
//   the entry value taken off pro rata, truncated (needs the market's notional scale).
// - Funding belongs to the trip open on its market at that moment; at the same transaction as a fill it
//   comes first (live realizes funding on the row of the settlement that closes).
// - History that starts mid-position (a window, the page cap): a fill whose position row says it moved a
//   position opened before the read (decreased, closed, increased) continues that position as a trip
//   "opened before the read" (entry unknown, gross the exchange's dpnl only) that ends on the row saying
//   the position ended; it never starts a trip the other way. Funding of that position met before its
//   first fill in the read is its own.

import type { RoundTrip } from './round-trip.js';
import { splitFee } from './fee-split.js';
import { PositionStatusReason } from '../../protocol/enums.js';
import {
  compareStamps, type LedgerFill, type LedgerFunding, type LedgerPositionMove, type LedgerRealized, type LedgerStamp,
} from './ledger-inputs.js';

export interface LedgerSources {
  fills: readonly LedgerFill[];
  funding: readonly LedgerFunding[];
  /** The exchange's realized PnL per order and transaction (position history / `e[]` rows). */
  realized?: readonly LedgerRealized[];
  /** What each order's fills did to a position (position history rows): tells a window starting mid-position. */
  moves?: readonly LedgerPositionMove[];
  /** 10^(6 - price decimals - size decimals) of a market: collateral atoms per price x size unit. */
  notionalScale: (marketId: number) => bigint;
}

export interface LedgerFold {
  /** Oldest first by opening. */
  trips: RoundTrip[];
  /** Funding met while the market had no open trip (history that starts mid-position): not in any trip. */
  unplacedFunding: bigint;
}

interface Open {
  trip: RoundTrip;
  /** Signed size: positive long (for a trip opened before the read: the part of it the read saw added). */
  position: number;
  /** Entry value (atoms) of the size still open, taken off pro rata as the exchange does. */
  entryValue: bigint;
  /** Opened before the read: its size is not known, so only its position row can say it ended. */
  beforeRead: boolean;
}

type Item = { kind: 'funding'; at: LedgerStamp; funding: LedgerFunding } | { kind: 'fill'; at: LedgerStamp; fill: LedgerFill };

const groupKey = (oid: number, at: LedgerStamp): string => `${oid}:${at.block}:${at.tx}`;

const OPENS: ReadonlySet<number> = new Set([PositionStatusReason.PositionOpened, PositionStatusReason.PositionInverted]);

function newTrip(fill: LedgerFill, side: 1 | -1, fee: bigint, positionId: number | undefined): RoundTrip {
  return {
    marketId: fill.marketId, side: side > 0 ? 'long' : 'short', openedAt: fill.at, closedAt: null,
    maxSize: 0, openSize: 0, entryPriceSize: 0n, entrySize: 0, exitPriceSize: 0n, exitSize: 0,
    grossPnl: 0n, fees: fee, funding: 0n, netPnl: 0n, fills: 1, ...(positionId !== undefined ? { positionId } : {}),
  };
}

function groupBy<T extends { oid: number; at: LedgerStamp }>(list: readonly T[] | undefined): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of list ?? []) {
    const key = groupKey(x.oid, x.at);
    out.set(key, [...(out.get(key) ?? []), x]);
  }
  return out;
}

export function buildRoundTrips(src: LedgerSources): LedgerFold {
  const realizedLeft = new Map<string, bigint>();
  for (const [key, rows] of groupBy(src.realized)) realizedLeft.set(key, rows.reduce((s, r) => s + r.pnl, 0n));
  const movesOf = groupBy(src.moves);
  const items: Item[] = [
    ...src.funding.map((funding): Item => ({ kind: 'funding', at: funding.at, funding })),
    ...src.fills.map((fill): Item => ({ kind: 'fill', at: fill.at, fill })),
  ];
  // Funding before a fill of the same transaction; otherwise chain order (stable for equal stamps).
  items.sort((a, b) => a.at.block - b.at.block || a.at.tx - b.at.tx || (a.kind === b.kind ? compareStamps(a.at, b.at) : a.kind === 'funding' ? -1 : 1));

  const open = new Map<number, Open>();
  const trips: RoundTrip[] = [];
  let unplacedFunding = 0n;
  /** Unplaced funding per position id: a trip found later to be opened before the read takes its own. */
  const unplacedOf = new Map<number, bigint>();

  for (const item of items) {
    if (item.kind === 'funding') {
      const o = open.get(item.funding.marketId);
      if (o) o.trip.funding += item.funding.amount;
      else {
        unplacedFunding += item.funding.amount;
        const pid = item.funding.positionId;
        if (pid !== null) unplacedOf.set(pid, (unplacedOf.get(pid) ?? 0n) + item.funding.amount);
      }
      continue;
    }
    const fill = item.fill;
    const scale = src.notionalScale(fill.marketId);
    const key = groupKey(fill.oid, fill.at);
    const moves = movesOf.get(key) ?? [];
    let o = open.get(fill.marketId);
    if (!o) {
      // Its row moved a position whose open the read did not reach: that position, not a new one.
      const before = moves.find((m) => !OPENS.has(m.reason));
      if (before) {
        const funding = unplacedOf.get(before.pid) ?? 0n;
        unplacedOf.delete(before.pid);
        unplacedFunding -= funding;
        o = { trip: { ...newTrip(fill, before.side, 0n, before.pid), fills: 0, funding, openedBeforeRead: true }, position: 0, entryValue: 0n, beforeRead: true };
        open.set(fill.marketId, o);
        trips.push(o.trip);
      }
    }
    const side = o ? (o.trip.side === 'long' ? 1 : -1) : 0;
    const against = o !== undefined && side !== fill.direction;
    const pid = o?.beforeRead ? o.trip.positionId : undefined;
    const ended = pid !== undefined ? moves.find((m) => m.pid === pid && m.ends) : undefined;
    const reduceSize = !against ? 0 : o!.beforeRead ? Math.min(fill.size, ended?.size || fill.size) : Math.min(fill.size, Math.abs(o!.position));
    const addSize = o?.beforeRead && against && !ended ? 0 : fill.size - reduceSize;
    const [reduceFee, addFee] = splitFee(fill.fee, reduceSize, fill.size);

    if (o && reduceSize > 0) {
      const reported = realizedLeft.get(key);
      // The exchange's figure covers every fill of the order in the transaction: count it once.
      if (reported !== undefined) realizedLeft.set(key, 0n);
      if (o.beforeRead) {
        o.trip.grossPnl += reported ?? 0n;
      } else {
        const held = Math.abs(o.position);
        const entryPortion = reduceSize >= held ? o.entryValue : (o.entryValue * BigInt(reduceSize)) / BigInt(held);
        const exitValue = BigInt(fill.price) * BigInt(reduceSize) * scale;
        o.trip.grossPnl += reported ?? (o.position > 0 ? exitValue - entryPortion : entryPortion - exitValue);
        o.entryValue -= entryPortion;
        o.position += fill.direction * reduceSize;
      }
      o.trip.exitPriceSize += BigInt(fill.price) * BigInt(reduceSize);
      o.trip.exitSize += reduceSize;
      o.trip.fees += reduceFee;
      o.trip.fills += 1;
      o.trip.openSize = o.beforeRead ? 0 : Math.abs(o.position);
      if (o.beforeRead) o.trip.maxSize = Math.max(o.trip.maxSize, o.trip.exitSize);
      if (o.beforeRead ? ended !== undefined : o.position === 0) {
        o.trip.closedAt = fill.at;
        open.delete(fill.marketId);
        o = undefined;
      }
    }
    if (addSize > 0) {
      if (!o) {
        const opened = moves.find((m) => OPENS.has(m.reason))?.pid;
        o = { trip: newTrip(fill, fill.direction, addFee, opened), position: 0, entryValue: 0n, beforeRead: false };
        open.set(fill.marketId, o);
        trips.push(o.trip);
      } else {
        o.trip.fees += addFee;
        o.trip.fills += 1;
      }
      // Adding to a position opened before the read: its entry stays unknown (what it had is not known).
      if (o.beforeRead) continue;
      o.position += fill.direction * addSize;
      o.entryValue += BigInt(fill.price) * BigInt(addSize) * scale;
      o.trip.entryPriceSize += BigInt(fill.price) * BigInt(addSize);
      o.trip.entrySize += addSize;
      o.trip.openSize = Math.abs(o.position);
      o.trip.maxSize = Math.max(o.trip.maxSize, o.trip.openSize);
    }
  }
  for (const t of trips) t.netPnl = t.grossPnl + t.funding - t.fees;
  return { trips, unplacedFunding };
}
