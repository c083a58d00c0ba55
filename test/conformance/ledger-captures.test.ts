// The ledger's fold against what live sent (LAXU testnet 2026-10-05: an IOC open, then an add-margin): the
// fee the fill carries is the fee the settlement booked, and an open trip's running net is what trading
// moved the balance by plus the collateral the position still holds, to the atom, a top-up from outside
// the balance (`b` unchanged on the et 3 row) included.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tradingBalanceChange } from '../../src/domain/ledger/balance-change.js';
import { buildRoundTrips } from '../../src/domain/ledger/build-round-trips.js';
import { fundingFromBoth, ledgerFillOf, realizedOfPositionRow } from '../../src/domain/ledger/ledger-inputs.js';
import type { AccountEvent, Fill, Position } from '../../src/protocol/frames.js';

interface Line {
  dir: 'in' | 'out';
  frame: { mt: number; d?: unknown[]; h?: unknown };
}
const lines: Line[] = readFileSync(new URL('./captures/laxu-testnet-2026-10-05.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Line);
const frames = (mt: number) => lines.filter((l) => l.dir === 'in' && l.frame.mt === mt).map((l) => l.frame);
const fills = frames(25).flatMap((f) => (f.d ?? []) as Fill[]);
const events = frames(21).flatMap((f) => (Array.isArray(f.h) ? (f.h as AccountEvent[]) : []));
const positionRows = frames(27).flatMap((f) => (f.d ?? []) as Position[]);

describe('ledger against the live captures', () => {
  it('live-fee-fold-and-open-net: the fill fee is the settlement fee; running net = balance change + collateral held', () => {
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
});
