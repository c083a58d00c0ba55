import { describe, expect, it } from 'vitest';
import { buildRoundTrips, type LedgerSources } from './build-round-trips.js';
import { fundingFromBoth, ledgerFillOf, realizedOfPositionRow } from './ledger-inputs.js';
import { LedgerModel } from './ledger-model.fixtures.js';
import { averagePrice } from './round-trip.js';
import { tradingBalanceChange } from './balance-change.js';

const ETH = 32;
const BTC = 16;

function sourcesOf(m: LedgerModel, withRows = true): LedgerSources {
  return {
    fills: m.fills.map(ledgerFillOf).filter((f) => f !== null),
    funding: fundingFromBoth(m.events, m.rows),
    realized: withRows ? m.rows.map(realizedOfPositionRow).filter((r) => r !== null) : undefined,
    notionalScale: () => 1n,
  };
}

describe('buildRoundTrips', () => {
  it('partial-close-stays-one-trip: open 10, close 4, close 6 is one trip with both exits averaged', () => {
    const m = new LedgerModel();
    m.deposit(10_000_000n);
    m.fill(ETH, 1, 10, 1_000, 50n);
    m.fill(ETH, -1, 4, 1_100, 20n);
    m.fill(ETH, -1, 6, 900, 30n);
    const { trips } = buildRoundTrips(sourcesOf(m));
    expect(trips).toHaveLength(1);
    const [t] = trips;
    expect(t).toMatchObject({ side: 'long', maxSize: 10, openSize: 0, grossPnl: 400n - 600n, fees: 100n, funding: 0n, netPnl: -300n, fills: 3 });
    expect(t!.closedAt).not.toBeNull();
    expect(averagePrice(t!.exitPriceSize, t!.exitSize)).toBe(980);
    expect(averagePrice(t!.entryPriceSize, t!.entrySize)).toBe(1_000);
  });

  it('flip-splits-the-trip-and-its-fee: a sell past flat ends the long and opens a short with the rest of the fee', () => {
    const m = new LedgerModel();
    m.deposit(10_000_000n);
    m.fill(ETH, 1, 3, 1_000, 30n);
    m.fill(ETH, -1, 9, 1_010, 100n); // closes 3 (fee 33), opens 6 short (fee 67)
    const { trips } = buildRoundTrips(sourcesOf(m));
    expect(trips.map((t) => [t.side, t.maxSize, t.fees, t.grossPnl, t.closedAt === null])).toEqual([
      ['long', 3, 63n, 30n, false],
      ['short', 6, 67n, 0n, true],
    ]);
    expect(trips[1]!.openedAt).toEqual(trips[0]!.closedAt);
    expect(trips[0]!.fees + trips[1]!.fees).toBe(130n);
  });

  it('open-trip-running-net: an open position shows fees and funding so far as its net', () => {
    const m = new LedgerModel();
    m.deposit(10_000_000n);
    m.fill(BTC, -1, 5, 2_000, 40n);
    m.funding(BTC, 12n);
    m.funding(BTC, -5n);
    const [t] = buildRoundTrips(sourcesOf(m)).trips;
    expect(t).toMatchObject({ side: 'short', openSize: 5, closedAt: null, funding: 7n, fees: 40n, netPnl: -33n });
  });

  it('rebates-reduce-fees: a maker rebate is a negative fee that adds to net', () => {
    const m = new LedgerModel();
    m.deposit(10_000_000n);
    m.fill(ETH, 1, 2, 1_000, -4n);
    m.fill(ETH, -1, 2, 1_000, -4n);
    const [t] = buildRoundTrips(sourcesOf(m)).trips;
    expect(t).toMatchObject({ fees: -8n, grossPnl: 0n, netPnl: 8n });
  });

  it('exchange-realized-pnl-wins-over-priced: the position rows\' dpnl is the gross, counted once per order and transaction', () => {
    const m = new LedgerModel();
    m.deposit(10_000_000n);
    m.fill(ETH, 1, 10, 1_000, 0n);
    m.fill(ETH, -1, 10, 1_010, 0n);
    const src = sourcesOf(m);
    const close = m.fills[1]!;
    // The exchange rounded its entry differently: its figure is the one the balance saw.
    const realized = [{ ...src.realized![0]!, oid: close.oid, at: { block: close.at.b!, tx: close.at.tx!, log: 2, ms: close.at.t! }, pnl: 97n }];
    expect(buildRoundTrips({ ...src, realized }).trips[0]!.grossPnl).toBe(97n);
    expect(buildRoundTrips({ ...src, realized: undefined }).trips[0]!.grossPnl).toBe(100n);
  });

  it('funding-in-both-forms-counted-once: et 8 events win over the position rows of the same position', () => {
    const m = new LedgerModel();
    m.deposit(10_000_000n);
    m.fill(ETH, 1, 1, 1_000, 0n);
    m.funding(ETH, -9n);
    m.fill(ETH, -1, 1, 1_000, 0n);
    expect(buildRoundTrips(sourcesOf(m)).trips[0]!.funding).toBe(-9n);
    // Rows only (live realizes funding on position rows): the same figure.
    const rowsOnly = { ...sourcesOf(m), funding: fundingFromBoth([], m.rows) };
    expect(buildRoundTrips(rowsOnly).trips[0]!.funding).toBe(-9n);
  });

  it('markets-fold-apart: a BTC fill never closes an ETH trip', () => {
    const m = new LedgerModel();
    m.deposit(10_000_000n);
    m.fill(ETH, 1, 1, 1_000, 1n);
    m.fill(BTC, -1, 1, 2_000, 1n);
    const { trips } = buildRoundTrips(sourcesOf(m));
    expect(trips.map((t) => [t.marketId, t.side, t.closedAt])).toEqual([
      [ETH, 'long', null],
      [BTC, 'short', null],
    ]);
  });

  it('net-equals-balance-change: a session of partial closes, a flip, funding, a top-up and rebates nets to the balance move', () => {
    const m = new LedgerModel();
    m.deposit(50_000_000n);
    const from = m.nowMs;
    m.fill(ETH, 1, 10, 1_000, 35n);
    m.topUp(ETH, 500n);
    m.funding(ETH, -17n);
    m.fill(ETH, -1, 3, 1_020, 11n);
    m.fill(ETH, -1, 12, 990, 41n); // flip to short 5
    m.funding(ETH, 6n);
    m.fill(ETH, 1, 5, 980, -3n);
    const { trips } = buildRoundTrips(sourcesOf(m));
    expect(trips).toHaveLength(2);
    const net = trips.reduce((s, t) => s + t.netPnl, 0n);
    expect(net).toBe(tradingBalanceChange(m.events, from, Number.POSITIVE_INFINITY));
    expect(net).not.toBe(0n);
  });
});
