// Round trips from fills, funding and the exchange's realized PnL, per market in chain order.
//
// - A fill in the position's direction adds; against it, it takes size off; past flat it flips: the trip
//   ends at that fill and a new one starts with the rest, the fill's fee split pro rata (fee-split.ts).
// - Gross PnL of a fill that takes size off is the exchange's own (`dpnl` of the position rows of that
//   order in that transaction), to the atom; without those rows it is priced as the local exchange does:
//   the entry value taken off pro rata, truncated (needs the market's notional scale).
// - Funding belongs to the trip open on its market at that moment; at the same transaction as a fill it
//   comes first (live realizes funding on the row of the settlement that closes).

import type { RoundTrip } from './round-trip.js';
import { splitFee } from './fee-split.js';
import { compareStamps, type LedgerFill, type LedgerFunding, type LedgerRealized, type LedgerStamp } from './ledger-inputs.js';

export interface LedgerSources {
  fills: readonly LedgerFill[];
  funding: readonly LedgerFunding[];
  /** The exchange's realized PnL per order and transaction (position history / `e[]` rows). */
  realized?: readonly LedgerRealized[];
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
  /** Signed size: positive long. */
  position: number;
  /** Entry value (atoms) of the size still open, taken off pro rata as the exchange does. */
  entryValue: bigint;
}

type Item = { kind: 'funding'; at: LedgerStamp; funding: LedgerFunding } | { kind: 'fill'; at: LedgerStamp; fill: LedgerFill };

const groupKey = (oid: number, at: LedgerStamp): string => `${oid}:${at.block}:${at.tx}`;

function newTrip(fill: LedgerFill, size: number, fee: bigint): RoundTrip {
  return {
    marketId: fill.marketId, side: fill.direction > 0 ? 'long' : 'short', openedAt: fill.at, closedAt: null,
    maxSize: 0, openSize: 0, entryPriceSize: 0n, entrySize: 0, exitPriceSize: 0n, exitSize: 0,
    grossPnl: 0n, fees: fee, funding: 0n, netPnl: 0n, fills: 1,
  };
}

export function buildRoundTrips(src: LedgerSources): LedgerFold {
  const realizedLeft = new Map<string, bigint>();
  for (const r of src.realized ?? []) {
    const key = groupKey(r.oid, r.at);
    realizedLeft.set(key, (realizedLeft.get(key) ?? 0n) + r.pnl);
  }
  const items: Item[] = [
    ...src.funding.map((funding): Item => ({ kind: 'funding', at: funding.at, funding })),
    ...src.fills.map((fill): Item => ({ kind: 'fill', at: fill.at, fill })),
  ];
  // Funding before a fill of the same transaction; otherwise chain order (stable for equal stamps).
  items.sort((a, b) => a.at.block - b.at.block || a.at.tx - b.at.tx || (a.kind === b.kind ? compareStamps(a.at, b.at) : a.kind === 'funding' ? -1 : 1));

  const open = new Map<number, Open>();
  const trips: RoundTrip[] = [];
  let unplacedFunding = 0n;

  for (const item of items) {
    if (item.kind === 'funding') {
      const o = open.get(item.funding.marketId);
      if (o) o.trip.funding += item.funding.amount;
      else unplacedFunding += item.funding.amount;
      continue;
    }
    const fill = item.fill;
    const scale = src.notionalScale(fill.marketId);
    let o = open.get(fill.marketId);
    const against = o !== undefined && Math.sign(o.position) !== fill.direction;
    const reduceSize = against ? Math.min(fill.size, Math.abs(o!.position)) : 0;
    const addSize = fill.size - reduceSize;
    const [reduceFee, addFee] = splitFee(fill.fee, reduceSize, fill.size);

    if (o && reduceSize > 0) {
      const held = Math.abs(o.position);
      const full = reduceSize >= held;
      const entryPortion = full ? o.entryValue : (o.entryValue * BigInt(reduceSize)) / BigInt(held);
      const exitValue = BigInt(fill.price) * BigInt(reduceSize) * scale;
      const priced = o.position > 0 ? exitValue - entryPortion : entryPortion - exitValue;
      const key = groupKey(fill.oid, fill.at);
      const reported = realizedLeft.get(key);
      // The exchange's figure covers every fill of the order in the transaction: count it once.
      if (reported !== undefined) realizedLeft.set(key, 0n);
      o.trip.grossPnl += reported ?? priced;
      o.entryValue -= entryPortion;
      o.position += fill.direction * reduceSize;
      o.trip.exitPriceSize += BigInt(fill.price) * BigInt(reduceSize);
      o.trip.exitSize += reduceSize;
      o.trip.fees += reduceFee;
      o.trip.fills += 1;
      o.trip.openSize = Math.abs(o.position);
      if (o.position === 0) {
        o.trip.closedAt = fill.at;
        open.delete(fill.marketId);
        o = undefined;
      }
    }
    if (addSize > 0) {
      if (!o) {
        o = { trip: newTrip(fill, addSize, addFee), position: 0, entryValue: 0n };
        open.set(fill.marketId, o);
        trips.push(o.trip);
      } else {
        o.trip.fees += addFee;
        o.trip.fills += 1;
      }
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
