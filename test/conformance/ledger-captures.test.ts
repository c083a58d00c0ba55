// The ledger's fold against what live sent (captures/README.md names each recording). LAXU testnet
// 2026-10-05: an IOC open, then an add-margin: the fee the fill carries is the fee the settlement booked,
// and an open trip's running net is what trading moved the balance by plus the collateral the position
// still holds, to the atom, a top-up from outside the balance (`b` unchanged on the et 3 row) included.
// LAXU testnet 2026-10-06: two trips opened and closed flat to flat (wire.md 0 LAXU recordings; shapes as
// wire.md 8.4 account events, 8.7 fills, 8.8 position `e[]` rows with `dpnl`, `fee` = entry + `cfee`,
// 15.7): the trips' net is the balance change, to the atom.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tradingBalanceChange } from '../../src/domain/ledger/balance-change.js';
import { buildRoundTrips } from '../../src/domain/ledger/build-round-trips.js';
import { foldLedgerHistory } from '../../src/domain/ledger/fold-history.js';
import { fundingFromBoth, ledgerFillOf, realizedOfPositionRow } from '../../src/domain/ledger/ledger-inputs.js';
import type { AccountEvent, Fill, Order, Position } from '../../src/protocol/frames.js';

interface Line {
  dir: 'in' | 'out';
  frame: { mt: number; d?: unknown[]; h?: unknown; as?: { b: string }[] };
}

function capture(file: string) {
  const lines: Line[] = readFileSync(new URL(`./captures/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Line);
  const frames = (mt: number) => lines.filter((l) => l.dir === 'in' && l.frame.mt === mt).map((l) => l.frame);
  const positionRows = frames(27).flatMap((f) => (f.d ?? []) as Position[]);
  return {
    fills: frames(25).flatMap((f) => (f.d ?? []) as Fill[]),
    events: frames(21).flatMap((f) => (Array.isArray(f.h) ? (f.h as AccountEvent[]) : [])),
    orders: frames(24).flatMap((f) => (f.d ?? []) as Order[]),
    positionRows,
    /** The per-event rows (`e[]`), the shape REST position history pages (wire.md 11). */
    positionEvents: positionRows.flatMap((r) => r.e ?? []),
    /** The balance each sign-in snapshot (mt 19) reported. */
    signInBalances: frames(19).map((f) => BigInt(f.as![0]!.b)),
  };
}

describe('ledger against the live captures', () => {
  it('live-fee-fold-and-open-net: the fill fee is the settlement fee; running net = balance change + collateral held', () => {
    const { fills, events, positionRows } = capture('laxu-testnet-2026-10-05.jsonl');
    expect(fills).toHaveLength(1);
    expect(events.map((e) => e.et)).toEqual([4, 3]);
    const { trips } = buildRoundTrips({
      fills: fills.map(ledgerFillOf).filter((f) => f !== null),
      funding: fundingFromBoth(events, positionRows),
      realized: positionRows.map(realizedOfPositionRow).filter((r) => r !== null),
      notionalScale: () => 1n,
    });
    expect(trips).toHaveLength(1);
    const [trip] = trips;
    expect(trip).toMatchObject({ marketId: 32, side: 'long', openSize: 14, closedAt: null, fees: 12_979n, funding: 0n, netPnl: -12_979n });
    expect(trip!.fees).toBe(BigInt(events[0]!.f));
    const held = BigInt(positionRows.at(-1)!.c);
    expect(held).toBe(23_809_490n);
    expect(tradingBalanceChange(events, 0, Number.POSITIVE_INFINITY) + held).toBe(trip!.netPnl);
  });

  it('live-closed-trips-net-equals-balance-change: two flat-to-flat trips; gross is live dpnl, fees both fills, net = balance moved', () => {
    const c = capture('laxu-testnet-2026-10-06.jsonl');
    // Two opens and two closes settled; the IOC close that got nothing (rq 31, st 5) booked no event.
    expect(c.events.map((e) => [e.et, e.m])).toEqual([[4, 32], [4, 32], [4, 16], [4, 16]]);
    expect(c.orders.map((o) => [o.rq, o.st])).toEqual([[28, 4], [29, 4], [30, 4], [31, 5], [32, 4]]);
    // The closing `e[]` row's `fee` is the closed size's entry fee plus the close fee `cfee` (wire.md 15.7).
    const closes = c.positionEvents.filter((r) => r.st === 2);
    expect(closes.map((r) => [BigInt(r.fee!), BigInt(r.cfee!)])).toEqual([[1_870n, 935n], [26_584n, 13_292n]]);

    // The ledger's one path for wire records (the Trades tab and `perpl export trades`); gross comes from
    // `dpnl`, so the notional scale (absent from the captured context) is never what decides a figure.
    const { trips, unplacedFunding } = foldLedgerHistory(
      { fills: c.fills, events: c.events, positionRows: c.positionEvents, orders: c.orders },
      () => 1n,
    );
    expect(unplacedFunding).toBe(0n);
    expect(trips.map((t) => [t.marketId, t.side, t.maxSize, t.closedAt !== null, t.grossPnl, t.fees, t.funding, t.netPnl])).toEqual([
      [32, 'short', 1, true, -290n, 1_870n, 0n, -2_160n],
      [16, 'short', 45, true, 180n, 26_584n, 0n, -26_404n],
    ]);
    for (const [i, trip] of trips.entries()) expect(trip.fees).toBe(BigInt(closes[i]!.fee!));

    const net = trips.reduce((s, t) => s + t.netPnl, 0n);
    const [before, afterFirst] = c.signInBalances;
    const after = BigInt(c.events.at(-1)!.b);
    expect(net).toBe(after - before!);
    expect(net).toBe(tradingBalanceChange(c.events, 0, Number.POSITIVE_INFINITY));
    // The first trip alone: flat at the second sign-in, its balance is the first trip's net on top.
    expect(afterFirst! - before!).toBe(trips[0]!.netPnl);
  });
});
